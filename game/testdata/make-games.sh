#!/usr/bin/env bash
# Makes the games in this folder in the real VASSAL 3.7.26 (never by hand):
# builds examples/dow-intro as a module, starts its set-up, plays the moves and
# key presses below as a player's drags and keys, then saves the game (.vsav)
# and the log of the same steps (.vlog). See README.md.
#
# usage: VASSAL_BUILD=... make-games.sh HARNESS_DIR
#   HARNESS_DIR holds check.sh: the shared vassal-check harness, with --log
#   (README.md, "The harness") for the .vlog.
set -euo pipefail
H=${1:?usage: make-games.sh HARNESS_DIR}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go run ./cmd/muster build examples/dow-intro --target vassal -o "$tmp/build")
mod="$tmp/build/dow-intro.vmod"
# the module the games are read against, kept without its art (the tests need its build file only)
cp "$mod" "$here/dow-intro.vmod" && zip -qd "$here/dow-intro.vmod" 'images/*' 'help/*' '*.vsav'
# moves: 74 IL and 75 IL onto Post's stack in C3014 (18 infantry SP: GB102),
# 22 IN disordered, 15 WI out of Carlin's range (C3708 -> C3117: GB201)
"$H/check.sh" --move "74 IL" C3014 --move "75 IL" C3014 --press "ctrl D" --on "22 IN" \
  --move "15 WI" C3117 --log "$here/moves.vlog" --save "$here/moves.vsav" "$mod"
# Woodruff alone next to 25 AL (GB701), 25 IL onto row 20, out of play (N004),
# 35 IL into 39 AL's hex (N020), 21 IL deleted (off the map)
"$H/check.sh" --move "Woodruff" C4213 --move "25 IL" C3420 --move "35 IL" C4314 --press "DELETE" --on "21 IL" \
  --log "$here/more.vlog" --save "$here/more.vsav" "$mod"
# losses: 59 IL down two strength points (ctrl DOWN twice: 6 -> 4), 101 OH deleted
"$H/check.sh" --press "ctrl DOWN" --on "59 IL" --press "ctrl DOWN" --on "59 IL" --press "DELETE" --on "101 OH" \
  --save "$here/losses.vsav" "$mod"
# the set-up as it starts, saved untouched: the passing case
"$H/check.sh" --save "$here/setup.vsav" "$mod"
