#!/bin/bash
# collect.sh EXAMPLE [VARIANT]: copy the proof of /tmp/h6-all/EXAMPLE[-VARIANT] into the repo's fixtures
set -e
EX=$1; VAR=${2:-}; N=$EX${VAR:+-$VAR}; W=/tmp/h6-all/$N
F=/work/wt/h6/internal/savedgame/testdata/refresh-$N
rm -rf $F && mkdir -p $F
cd $W
BID=$(ls out1/*.ids | xargs basename | sed 's/\.ids$//')
cp v1.vsav v1-refreshed.vsav v1-to-v2.diff names.txt compare.txt compare-update.txt update.txt $F/
cp out1/$BID.ids $F/v1.ids; cp out2/$BID.ids $F/v2.ids
for r in run1 run2 run3; do grep -v "^MENU\|^STATE\|^TARGET" $r.txt | sed "s#$W/##g" > $F/$r.txt; done
rm -rf pieces && mkdir pieces && (cd pieces && unzip -q ../out2/$BID.vmod buildFile.xml moduledata && rm -f $F/v2-pieces.zip && TZ=UTC touch -t 200001010000 buildFile.xml moduledata && zip -qX $F/v2-pieces.zip buildFile.xml moduledata)
[ -n "$VAR" ] && echo "$VAR" > $F/variant
echo "$N: $(ls $F | tr '\n' ' ')"
