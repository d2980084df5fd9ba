#!/bin/sh
# The commands that made this folder's fixtures, run in a scratch folder (here /tmp/h6-proof).
# v1/ is examples/dow-intro with `version: "1.0"` and `ids: dow-intro.ids` in battle.yaml;
# v2/ is v1 edited as v1-to-v2.diff shows (the edit compile/vassal's introV2 makes).
# The harness is the shared vassal-check (docs: /work/shared/tools/vassal-check/README.md)
# extended in a private copy, /tmp/h6-harness, with --load FILE (start from a saved game),
# --refresh (Tools > Refresh Counters, the dialog's default options, VASSAL's GameRefresher)
# and --dump (every piece: gpid, map, hex, properties, each layer's level).
set -e
H="env VASSAL_BUILD=/tmp/h6-harness /tmp/h6-harness/check.sh --props Side,strength,Designation"
cp -r examples/dow-intro v1 && sed -i 's/^sides:/version: "1.0"\nids: dow-intro.ids\nsides:/' v1/battle.yaml
muster build --target vassal -o out1 v1 && cp out1/dow-intro.ids v1/   # the first ledger: v1.ids
cp -r v1 v2 && (cd v2 && patch -p1 < ../v1-to-v2.diff)                          # 10 IL inserted, 75 IL renamed 75 ILL (was:), 25 IL removed
muster build --target vassal -o out2 v2                              # its ledger: v2.ids
# a game under v1, played in VASSAL: moves, a state, strength losses, the unit v2 removes stepped down
$H --move "74 IL" C3014 --press "ctrl D" --on "75 IL" --press "ctrl DOWN" --on "101 OH" --press "ctrl DOWN" \
   --press "ctrl K" --on "38 IL" --press "ctrl R" --on "Escort" --move "22 IN" C3216 --press "ctrl DOWN" --on "25 IL" \
   --dump --save v1.vsav out1/dow-intro.vmod > run1.txt
# the v1 game loaded under v2, VASSAL's own Refresh Counters, every piece printed, saved again
$H --load v1.vsav --refresh --dump --save v1-refreshed.vsav out2/dow-intro.vmod > run2.txt
python3 ../refresh-tools/compare.py run1.txt run2.txt "75 IL=75 ILL" -"25 IL" > compare.txt
# the same without a ledger (v2bare: v2 without ids:, numbered in order of battle as before)
cp -r v2 v2bare && sed -i '/^ids: /d' v2bare/battle.yaml && rm v2bare/dow-intro.ids
muster build --target vassal -o out2bare v2bare
$H --load v1.vsav --refresh --dump out2bare/dow-intro.vmod > run2bare.txt
python3 ../refresh-tools/compare.py run1.txt run2bare.txt "75 IL=75 ILL" -"25 IL" > compare-bare.txt
# muster's own update of the v1 game to v2, loaded in VASSAL under v2 (no refresh) and compared
muster game update v1.vsav --module out2/dow-intro.vmod -o v1-muster-updated.vsav   # exit 1: 25 IL not carried
$H --load v1-muster-updated.vsav --dump out2/dow-intro.vmod > run3.txt
python3 ../refresh-tools/compare.py run1.txt run3.txt "75 IL=75 ILL" -"25 IL" > compare-update.txt
