#!/usr/bin/env bash
# Measure what a muster process costs before and around its work, in
# instructions (callgrind), and write the "Start-up" section of
# docs/performance.md (replacing it, or adding it at the end).
#   scripts/startup.sh          (scripts/perf.sh runs it too)
# Instruction counts hold on a busy machine: repeatable to a few percent,
# to 0.01% with GOGC=off, which leaves the collector out.
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/performance.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/muster" ./cmd/muster
count() { # count GOGC ARGS...: the instructions of one run
  local gogc=$1; shift
  (cd "$tmp" && GOGC=$gogc GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null ./muster "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
}
row() { # row NAME GOAL_M ARGS...
  local name=$1 goal=$2; shift 2
  local a b
  a=$(count 100 "$@"); b=$(count off "$@")
  awk -v n="$name" -v a="$a" -v b="$b" -v g="$goal" 'BEGIN {
    printf "| %s | %.1f M | %.1f M | <= %d M | %s |\n", n, a/1e6, b/1e6, g, (a/1e6 <= g) ? "yes" : "no" }'
}
{
  echo "## Start-up (instructions)"
  echo
  echo "Measured by \`scripts/startup.sh\`: \`GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind\`"
  echo "on the muster command, once with the default collector and once with \`GOGC=off\`. Nothing is"
  echo "decoded or compiled before a command needs it: no ruleset is read by \`version\`, a battle's"
  echo "own ruleset only by \`validate\`, each JSON Schema compiled once, when a document of its kind is"
  echo "first checked. Before issue 11: \`version\` 46 M, \`validate\` 128 M."
  echo
  echo "| command | instructions | GOGC=off | goal | met |"
  echo "|---|---:|---:|---|---|"
  row '`muster version`' 6 version
  row '`muster validate` (the embedded example)' 60 validate --color never
} > "$tmp/startup.md"
if [ -f "$out" ] && grep -q '^## Start-up (instructions)' "$out"; then
  awk -v f="$tmp/startup.md" '
    /^## Start-up \(instructions\)/ { while ((getline l < f) > 0) print l; skip=1; next }
    skip && /^## / { skip=0 }
    !skip' "$out" > "$tmp/perf.md"
else
  { cat "$out"; echo; cat "$tmp/startup.md"; } > "$tmp/perf.md"
fi
cp "$tmp/perf.md" "$out"
echo "wrote the start-up section of $out" >&2
