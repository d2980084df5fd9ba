#!/bin/bash
# regenerate.sh [EXAMPLE[:VARIANT]]...: the Refresh Counters proof made again in the real VASSAL
# with the modules this repository builds now, and its results copied over the fixtures beside
# this folder (../refresh-EXAMPLE[-VARIANT]). With no argument, every example below. Run it after
# any change to what the vassal target writes; then `go test ./game` compares muster's update,
# trait by trait, with what VASSAL's own refresh made (TestUpdateEveryExample).
#
# Needs go, python3 with PyYAML, and a VASSAL harness with --load, --refresh and --dump (README.md;
# HARNESS, default /tmp/h4-harness: /tmp/h6-harness's, which also takes the side VASSAL_CHECK_SIDE
# names). Works in WORK (default /tmp/muster-refresh); one VASSAL at a
# time, three runs an example, a few minutes each.
set -euo pipefail
TOOLS=$(cd "$(dirname "$0")" && pwd)
FIX=$(dirname "$TOOLS")
REPO=$(cd "$TOOLS/../../.." && pwd)
WORK=${WORK:-/tmp/muster-refresh}
HARNESS=${HARNESS:-/tmp/h4-harness}
mkdir -p "$WORK"
(cd "$REPO" && go build -o "$WORK/muster" ./cmd/muster)
export MUSTER=$WORK/muster REPO
H=(env VASSAL_CHECK_TIMEOUT="${VASSAL_CHECK_TIMEOUT:-900}" VASSAL_BUILD="$HARNESS" "$HARNESS/check.sh" --props Side,strength,Designation)
# The printed Dead of Winter and Terrible Swift Sword are not here: a build with errors (the books'
# misprints, FINDINGS.md) writes no module. Their errata variants are.
ALL="dow-intro 3dog-mcphersons-ridge amfs-culps-hill art-demo dead-of-winter:errata summer-storm-mcpherson terrible-swift-sword:errata tss-seminary-ridge"

# keep: the harness output as the fixtures hold it (menus, states and targets left out, the
# work folder's path cut)
keep() { grep -v "^MENU\|^STATE\|^TARGET" "$1" | sed "s#$2/##g"; }

# dow-intro: its own edit (v1-to-v2.diff, compile/vassal's introV2), and the run without a ledger
introProof() {
  local W=$WORK/dow-intro F=$FIX/refresh-dow-intro
  rm -rf "$W" && mkdir -p "$W" && cd "$W"
  cp -r "$REPO/examples/dow-intro" v1 && sed -i 's/^sides:/version: "1.0"\nids: dow-intro.ids\nsides:/' v1/battle.yaml
  "$MUSTER" build --target vassal -o out1 v1 >/dev/null && cp out1/dow-intro.ids v1/
  cp -r v1 v2 && (cd v2 && patch -s -p1 < "$F/v1-to-v2.diff")
  "$MUSTER" build --target vassal -o out2 v2 >/dev/null
  "${H[@]}" --move "74 IL" C3014 --press "ctrl D" --on "75 IL" --press "ctrl DOWN" --on "101 OH" --press "ctrl DOWN" \
    --press "ctrl K" --on "38 IL" --press "ctrl R" --on "Escort" --move "22 IN" C3216 --press "ctrl DOWN" --on "25 IL" \
    --dump --save v1.vsav out1/dow-intro.vmod > run1.txt 2>&1 || true
  "${H[@]}" --load v1.vsav --refresh --dump --save v1-refreshed.vsav out2/dow-intro.vmod > run2.txt 2>&1 || true
  python3 "$TOOLS/compare.py" run1.txt run2.txt "75 IL=75 ILL" -"25 IL" > compare.txt
  cp -r v2 v2bare && sed -i '/^ids: /d' v2bare/battle.yaml && rm v2bare/dow-intro.ids
  "$MUSTER" build --target vassal -o out2bare v2bare >/dev/null
  "${H[@]}" --load v1.vsav --refresh --dump out2bare/dow-intro.vmod > run2bare.txt 2>&1 || true
  python3 "$TOOLS/compare.py" run1.txt run2bare.txt "75 IL=75 ILL" -"25 IL" > compare-bare.txt
  "$MUSTER" game update v1.vsav --module out2/dow-intro.vmod -o v1-muster-updated.vsav > update.txt 2>&1 || true
  "${H[@]}" --load v1-muster-updated.vsav --dump out2/dow-intro.vmod > run3.txt 2>&1 || true
  python3 "$TOOLS/compare.py" run1.txt run3.txt "75 IL=75 ILL" -"25 IL" > compare-update.txt
  cp v1.vsav v1-refreshed.vsav compare.txt compare-bare.txt compare-update.txt "$F/"
  cp out1/dow-intro.ids "$F/v1.ids" && cp out2/dow-intro.ids "$F/v2.ids"
  for r in run1 run2 run2bare run3; do keep $r.txt "$W" > "$F/$r.txt"; done
}

# any other example: make_v2.py's edit (a regiment inserted, one renamed with was:, one removed)
proof() {
  local EX=$1 VAR=$2 N=$1${2:+-$2}
  local W=$WORK/$N F=$FIX/refresh-$N VF=()
  [ -n "$VAR" ] && VF=(--variant "$VAR")
  local BID SIDE SIDENAME R R2 D S NEW HEXR DOWN STATE
  eval "$(python3 "$TOOLS/make_v2.py" "$REPO/examples/$EX" "$W" $VAR)"
  cd "$W"
  export VASSAL_CHECK_SIDE=$SIDENAME # the side whose pieces the keys and the move need
  echo "EX=$EX R=$R R2=$R2 D=$D S=$S HEXR=$HEXR DOWN=$DOWN STATE=$STATE" > names.txt
  diff -ru v1 v2 > v1-to-v2.diff || true
  "$MUSTER" build --target vassal "${VF[@]}" -o out1 v1 >/dev/null
  cp out1/$BID.ids v1/ && cp out1/$BID.ids v2/
  "$MUSTER" build --target vassal "${VF[@]}" -o out2 v2 > build2.txt 2>&1
  local P=(--press "$STATE" --on "$R")
  [ -n "$DOWN" ] && P+=(--press "$DOWN" --on "$S")
  P+=(--press "$STATE" --on "$D" --move "$S" "$HEXR")
  "${H[@]}" "${P[@]}" --dump --save v1.vsav out1/$BID.vmod > run1.txt 2>&1 || true
  "${H[@]}" --load v1.vsav --refresh --dump --save v1-refreshed.vsav out2/$BID.vmod > run2.txt 2>&1 || true
  python3 "$TOOLS/compare.py" run1.txt run2.txt "$R=$R2" "-$D" > compare.txt
  "$MUSTER" game update v1.vsav --module out2/$BID.vmod -o v1-muster-updated.vsav > update.txt 2>&1 || true
  "${H[@]}" --load v1-muster-updated.vsav --dump out2/$BID.vmod > run3.txt 2>&1 || true
  python3 "$TOOLS/compare.py" run1.txt run3.txt "$R=$R2" "-$D" > compare-update.txt
  rm -rf "$F" && mkdir -p "$F"
  cp v1.vsav v1-refreshed.vsav v1-to-v2.diff names.txt compare.txt compare-update.txt "$F/"
  sed "s#$W/##g" update.txt > "$F/update.txt"
  cp out1/$BID.ids "$F/v1.ids" && cp out2/$BID.ids "$F/v2.ids"
  for r in run1 run2 run3; do keep $r.txt "$W" > "$F/$r.txt"; done
  # what muster game update reads of the v2 module VASSAL ran: its build file and metadata
  rm -rf pieces && mkdir pieces && (cd pieces && unzip -q ../out2/$BID.vmod buildFile.xml moduledata &&
    TZ=UTC touch -t 200001010000 buildFile.xml moduledata && zip -qX "$F/v2-pieces.zip" buildFile.xml moduledata)
  if [ -n "$VAR" ]; then echo "$VAR" > "$F/variant"; fi
}

for arg in ${@:-$ALL}; do
  ex=${arg%%:*} var=
  [[ $arg == *:* ]] && var=${arg#*:}
  if [ "$ex" = dow-intro ]; then introProof; else proof "$ex" "$var"; fi
  n=$ex${var:+-$var}
  echo "== $n: $(tail -1 "$WORK/$n/compare.txt" | cut -f2-) | update: $(tail -1 "$WORK/$n/compare-update.txt" | cut -f2-)"
done
