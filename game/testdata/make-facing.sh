#!/usr/bin/env bash
# Makes facing.vsav in the real VASSAL 3.7.26 (never by hand): builds
# examples/tss-seminary-ridge as a module (kept here without its art as
# tss-seminary-ridge.vmod), starts its set-up as the Confederate player and
# turns pieces with Terrible Swift Sword's facing key (ctrl CLOSE_BRACKET,
# clockwise): 7 Tenn twice (facing 3) while 14 Tenn in its hex, A0729, is
# left as drawn (facing 1): two units of one hex facing different ways,
# TS114; 13 Ala and 1 Tenn in A0629 once each (both facing 2): one way, the
# passing case. See README.md.
#
# usage: VASSAL_BUILD=... make-facing.sh HARNESS_DIR
#   HARNESS_DIR holds check.sh: a copy of the shared vassal-check harness
#   that takes the side VASSAL_CHECK_SIDE names (/tmp/h4-harness).
set -euo pipefail
H=${1:?usage: make-facing.sh HARNESS_DIR}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go run ./cmd/muster build examples/tss-seminary-ridge --target vassal -o "$tmp/build")
mod="$tmp/build/tss-seminary-ridge.vmod"
# the module the game is read against, without its art but for the map's board (its grid numbers
# columns right to left, hDescend, so a hex is named from the board's width)
cp "$mod" "$here/tss-seminary-ridge.vmod" && zip -qd "$here/tss-seminary-ridge.vmod" 'images/*' 'help/*' '*.vsav'
(cd "$tmp" && unzip -q "$mod" 'images/map-*' && zip -q "$here/tss-seminary-ridge.vmod" images/map-*)
VASSAL_CHECK_SIDE=Confederate "$H/check.sh" \
  --press "ctrl CLOSE_BRACKET" --on "7 Tenn" --press "ctrl CLOSE_BRACKET" --on "7 Tenn" \
  --press "ctrl CLOSE_BRACKET" --on "13 Ala" --press "ctrl CLOSE_BRACKET" --on "1 Tenn" \
  --save "$here/facing.vsav" "$mod"
