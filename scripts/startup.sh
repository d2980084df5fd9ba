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
  echo
  echo "### VASSAL build / validate"
  echo
  echo "\`muster build --target vassal\` against \`muster validate\` of the same battle, \`GOGC=off\`; goal: the"
  echo "build within 3x. terrible-swift-sword and dead-of-winter do not build as printed (validation"
  echo "errors), so they are measured on a copy: terrible-swift-sword with its errata (errata/forces-*.yaml"
  echo "for forces-*.yaml, errata/scenario-*.yaml for scenario-*.yaml), dead-of-winter with scenario-3,"
  echo "scenario-intro and errata/scenario-1 only (the others fail). Before issue 12 item 6: the ratio"
  echo "in the last column. The board and counter PNGs are packed straight from their pixels (the same"
  echo "bytes as image/png) and stored in the archive, not deflated twice. After the tools merge"
  echo "(821d228) the big battles had grown to dow-intro 486.6 M, terrible-swift-sword 4026.7 M and"
  echo "dead-of-winter 2041.0 M; since then piece strings are escaped a run at a time and encoded once"
  echo "per piece and face, PNG rows packed a word at a time, hex fills and outlines stamped, and the"
  echo "archive's other entries deflated at level 3. Issue 12 item 6: the traits pieces share are kept in"
  echo "prototypes, a slot holding only its own (buildFile.xml: dow-intro 294 -> 136 kB, terrible-swift-sword"
  echo "copy 7.0 -> 2.6 MB); the terrain key, which the terrain key merge encoded at BestCompression (dow-intro"
  echo "557 M, 11.5x, terrible-swift-sword 1474 M, 7.8x just before), is encoded at BestSpeed like the boards;"
  echo "drawn in RGBA and filtered by image/png, it is still about half of a small example's build (amfs-culps-hill"
  echo "91 M of 179 M), which is why they are over 3x again."
  echo
  echo "| battle | validate | build | build / validate | goal | met | before |"
  echo "|---|---:|---:|---:|---|---|---:|"
  cp -r examples/terrible-swift-sword "$tmp/terrible-swift-sword"
  sed -i 's|^files: .*|files: [errata/forces-csa.yaml, errata/forces-usa.yaml, forces-usa-pool.yaml, map.yaml, errata/scenario-*.yaml]|' "$tmp/terrible-swift-sword/battle.yaml"
  cp -r examples/dead-of-winter "$tmp/dead-of-winter"
  sed -i 's|^files: .*|files: [forces-usa.yaml, forces-csa.yaml, map.yaml, scenario-3.yaml, scenario-intro.yaml, errata/scenario-1.yaml]|' "$tmp/dead-of-winter/battle.yaml"
  for ex in amfs-culps-hill:3.93 summer-storm-mcpherson:3.90 tss-seminary-ridge:4.96 dow-intro:10.74 \
    "$tmp/terrible-swift-sword:25.76" "$tmp/dead-of-winter:43.25"; do
    dir=${ex%:*} before=${ex##*:}
    case $dir in /*) ;; *) dir=$PWD/examples/$dir ;; esac
    v=$(count off validate "$dir")
    b=$(count off build --target vassal -o "$tmp/vmod" "$dir")
    awk -v n="$(basename "$dir")" -v v="$v" -v b="$b" -v was="$before" 'BEGIN {
      r = b / v
      printf "| %s | %.1f M | %.1f M | %.2f | <= 3 | %s | %.2f |\n", n, v/1e6, b/1e6, r, (r <= 3) ? "yes" : "no", was }'
  done
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
