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
count() { # count GOGC ARGS...: the instructions of one run (GOGC "": muster's own setting)
  local gogc=$1; shift
  (cd "$tmp" && env ${gogc:+GOGC=$gogc} MUSTER_SUPERVISE=0 GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null ./muster "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
}
row() { # row NAME GOAL_M ARGS...
  local name=$1 goal=$2; shift 2
  local a b
  a=$(count "" "$@"); b=$(count off "$@")
  awk -v n="$name" -v a="$a" -v b="$b" -v g="$goal" 'BEGIN {
    printf "| %s | %.1f M | %.1f M | <= %d M | %s |\n", n, a/1e6, b/1e6, g, (a/1e6 <= g) ? "yes" : "no" }'
}
{
  echo "## Start-up (instructions)"
  echo
  echo "Measured by \`scripts/startup.sh\`: \`MUSTER_SUPERVISE=0 GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind\`"
  echo "on the muster command, once with its own collector setting (GOGC 200 unless GOGC is set: cmd/muster/main.go) and once with \`GOGC=off\`. Nothing is"
  echo "decoded or compiled before a command needs it: no ruleset is read by \`version\`, a battle's"
  echo "own ruleset only by \`validate\`, each JSON Schema compiled once, when a document of its kind is"
  echo "first checked. Before issue 11: \`version\` 46 M, \`validate\` 128 M. On Linux muster runs its work in"
  echo "a child process of itself, so that a crash exits 3 (docs/ci.md); MUSTER_SUPERVISE=0 measures that one"
  echo "process (callgrind cannot follow the child), and the parent adds one more process start."
  echo
  echo "| command | instructions | GOGC=off | goal | met |"
  echo "|---|---:|---:|---|---|"
  row '`muster version`' 6 version
  row '`muster validate` (the embedded example)' 60 validate --color never
  echo
  echo "### VASSAL build / validate"
  echo
  echo "\`muster build --target vassal\` against \`muster validate\` of the same battle, \`GOGC=off\`; goal: the"
  echo "build within 3x. terrible-swift-sword and dead-of-winter do not build as printed (the books'"
  echo "errors), so they are measured through their errata variant (\`--variant errata\`). The last"
  echo "column is the ratio before issue 12's speed work. What keeps the build cheap: paletted PNG rows"
  echo "packed straight from the pixels (eight two-bit pixels at one multiply; a row equal to the row"
  echo "above not packed again) and coded by a run coder (copies of the row above and runs, Adler-32"
  echo "summed per token, rows with a row above in a loop of their own with the compare written out in"
  echo "it: render/runpng.go) rather than deflated, and stored in the archive; a state's Layer trait"
  echo "made once for the pieces that share it;"
  echo "one hex of a board drawn once and placed for the picture's rows (an outline's pixels as byte"
  echo "offsets, a fill's runs one move each); hex numbers drawn from a glyph table; piece strings escaped"
  echo "a run at a time, a Decorator chain written in one pass (seq.Nest), each piece and face encoded"
  echo "once; the traits pieces share kept in prototypes; the other entries deflated by"
  echo "github.com/klauspost/compress at its fastest level; a scenario on some of the sheets uses the"
  echo "whole map's boards, cut at the same seams, and a scenario on one sheet the whole map's board of"
  echo "it with strips round it, so each sheet is drawn once (Dead of Winter's errata build: 4 sheet"
  echo "pictures and 6 strips, not 12 sheet pictures); a layout is proved once, its numbers appended"
  echo "into reused buffers; a state's trait and rotator made once per state. The goal is met on every"
  echo "battle, the two real ones through their errata variant; Terrible Swift Sword's has the least to"
  echo "spare. What the big builds spend most on is pixels and the edges in them (a board of a few"
  echo "million pixels is filled, packed and coded once, and each row differs from the one above at every"
  echo "hex edge, two tokens of the code each, about 70 instructions a token) and the 650-1000 counters,"
  echo "each drawn and coded as its own picture. A map of one sheet past 64 Mi pixels builds in tiles"
  echo "(docs/vassal.md, Tiles): the generated 10x battle, a 15,532 x 18,036 board refused before, builds"
  echo "6 tiles of at most 7,808 x 6,030 pixels."
  echo
  echo "| battle | validate | build | build / validate | goal | met | before |"
  echo "|---|---:|---:|---:|---|---|---:|"
  for ex in amfs-culps-hill:3.93 summer-storm-mcpherson:3.90 tss-seminary-ridge:4.96 dow-intro:10.74 3dog-mcphersons-ridge:0 \
    terrible-swift-sword@errata:25.76 dead-of-winter@errata:43.25; do
    name=${ex%:*} before=${ex##*:}
    dir=$PWD/examples/${name%@*} variant=()
    case $name in *@*) variant=(--variant "${name#*@}") ;; esac
    v=$(count off validate "${variant[@]}" "$dir")
    b=$(count off build --target vassal "${variant[@]}" -o "$tmp/vmod" "$dir")
    awk -v n="${name/@/ --variant }" -v v="$v" -v b="$b" -v was="$before" 'BEGIN {
      r = b / v
      w = (was > 0) ? sprintf("%.2f", was) : "new"
      printf "| %s | %.1f M | %.1f M | %.2f | <= 3 | %s | %s |\n", n, v/1e6, b/1e6, r, (r <= 3) ? "yes" : "no", w }'
  done
  echo
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
