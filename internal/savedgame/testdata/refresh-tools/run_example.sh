#!/bin/bash
# run_example.sh EXAMPLE: the refresh proof on examples/EXAMPLE (make_v2.py's v1 and v2), in /tmp/h6-all/EXAMPLE
set -e
EX=$1; VAR=${2:-}; W=/tmp/h6-all/$EX${VAR:+-$VAR}; HERE=/tmp/h6-all
VF=(); [ -n "$VAR" ] && VF=(--variant "$VAR")
eval "$(python3 $HERE/make_v2.py /work/wt/h6/examples/$EX $W $VAR)"
cd $W
echo "EX=$EX R=$R R2=$R2 D=$D S=$S HEXR=$HEXR DOWN=$DOWN STATE=$STATE" > names.txt
diff -ru v1 v2 > v1-to-v2.diff || true
/tmp/h6-muster build --target vassal "${VF[@]}" -o out1 v1 >/dev/null 2>&1
cp out1/$BID.ids v1/ && cp out1/$BID.ids v2/
/tmp/h6-muster build --target vassal "${VF[@]}" -o out2 v2 > build2.txt 2>&1
H="env VASSAL_CHECK_TIMEOUT=400 VASSAL_BUILD=/tmp/h6-harness /tmp/h6-harness/check.sh --props Side,strength,Designation"
P=(--press "$STATE" --on "$R")
[ -n "$DOWN" ] && P+=(--press "$DOWN" --on "$S")
P+=(--press "$STATE" --on "$D" --move "$S" "$HEXR")
$H "${P[@]}" --dump --save v1.vsav out1/$BID.vmod > run1.txt 2>&1 || true
$H --load v1.vsav --refresh --dump --save v1-refreshed.vsav out2/$BID.vmod > run2.txt 2>&1 || true
python3 $HERE/compare.py run1.txt run2.txt "$R=$R2" "-$D" > compare.txt
/tmp/h6-muster game update v1.vsav --module out2/$BID.vmod -o v1-muster-updated.vsav > update.txt 2>&1 || true
$H --load v1-muster-updated.vsav --dump out2/$BID.vmod > run3.txt 2>&1 || true
python3 $HERE/compare.py run1.txt run3.txt "$R=$R2" "-$D" > compare-update.txt
echo "== $EX"; cat names.txt; grep "^PRESS\|^MOVE\|^SAVED\|^REFRESH\|^WARNING\|^RESULT" run1.txt run2.txt | grep -v "^run1.txt:PRESS-GAME"; cat update.txt; tail -1 compare.txt; tail -1 compare-update.txt
