#!/usr/bin/env bash
# Issue 25's audit in the real VASSAL 3.7: for every example module and
# both real battles' errata modules, build the module and the JSON bundles,
# run VASSAL once on the module (one run at a time) and print a table row:
# scenarios the module starts, windows opened and closed with the game still
# running, every set-up piece in the state and strength its set-up gives,
# the draw cups (face down, shuffled, secret draws, per-side cups, hands),
# the aids (display windows and their markers, the scenario's activations,
# charts) and the rule flags pressed (a stack built over the limit until it
# is outlined, a leader's command radius key). A FAULT line follows any row
# that is not as the battle says; the exit status is 1 when there is one.
#   scripts/vassal-audit.sh [EXAMPLE[:VARIANT][@SIDE] ...]
# SIDE is the side the Choose side step is answered with (the first side
# without it): the flags are pressed on that side's pieces, since each
# side may move only its own.
# Needs a copy of the vassal-check harness with the audit's options
# (--levels --close-all --decks --flags: /tmp/h4b-harness, see
# docs/vassal.md "The issue 25 audit"); VASSAL_AUDIT_HARNESS names its
# folder (its check.sh and classpath.txt). KEEP=DIR keeps the modules,
# bundles and VASSAL's output there.
set -euo pipefail
cd "$(dirname "$0")/.."
harness=${VASSAL_AUDIT_HARNESS:-/tmp/h4b-harness}
[ -x "$harness/check.sh" ] || { echo "no harness at $harness (set VASSAL_AUDIT_HARNESS)" >&2; exit 64; }
tmp=${KEEP:-$(mktemp -d)}
mkdir -p "$tmp"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/muster" ./cmd/muster
go build -o "$tmp/audit" ./scripts/vassal-audit/main.go
mods=("$@")
[ ${#mods[@]} -gt 0 ] || mods=(dow-intro 3dog-mcphersons-ridge art-demo tss-seminary-ridge summer-storm-mcpherson
  amfs-culps-hill dead-of-winter:errata terrible-swift-sword:errata@Union)
echo "| Module | Scenarios started / in the battle | Windows (each opened, closed as the window manager does) | Set-up pieces in their state and strength | Draws | Aids | Rule flags pressed |"
echo "|---|---|---|---|---|---|---|"
faults=0
for m in "${mods[@]}"; do
  side=""
  case $m in *@*) side=${m#*@}; m=${m%@*} ;; esac
  dir=${m%%:*}
  variant=""
  [ "$dir" = "$m" ] || variant=${m#*:}
  name=$dir${variant:+ ($variant)}
  out="$tmp/$dir${variant:+-$variant}"
  rm -rf "$out" && mkdir -p "$out/module" "$out/bundle"
  "$tmp/muster" build --target vassal "examples/$dir" ${variant:+--variant "$variant"} -o "$out/module" >/dev/null 2>&1
  "$tmp/muster" build "examples/$dir" ${variant:+--variant "$variant"} -o "$out/bundle" >/dev/null 2>&1
  VASSAL_CHECK_SIDE=$side VASSAL_BUILD=$harness VASSAL_CHECK_TIMEOUT=${VASSAL_CHECK_TIMEOUT:-900} "$harness/check.sh" --strict --setups --levels \
    --close-all --decks --flags --hide "$out"/module/*.vmod >"$out/vassal.txt" 2>&1 || true
  "$tmp/audit" -dir "examples/$dir" ${variant:+-variant "$variant"} -name "$name" -bundle "$out/bundle" \
    -run "$out/vassal.txt" >"$out/row.txt" || true
  grep -v '^FAULT' "$out/row.txt" || echo "| $name | audit failed: $out/vassal.txt |"
  if grep -q '^FAULT' "$out/row.txt"; then
    grep '^FAULT' "$out/row.txt" >>"$tmp/faults.txt"
    faults=1
  fi
done
if [ -s "$tmp/faults.txt" ]; then
  echo
  cat "$tmp/faults.txt"
fi
exit $faults
