#!/usr/bin/env python3
# compare.py BEFORE AFTER [OLD=NEW (renamed)]... [-NAME (removed)]...: the DUMP lines of the harness (one a piece: gpid, name, map,
# location, properties, each layer's level) of a game before and after VASSAL's
# Refresh Counters; a piece is "the same unit in the same state" when its gpid shows
# the same name (or the name it was renamed to), designation, map, hex, strength
# and every layer at the same level. Image names are left out (a renamed unit's
# pictures are named after it). Prints one line per piece and a summary.
import re, sys
RENAMED = dict(a.split("=", 1) for a in sys.argv[3:] if "=" in a)
REMOVED = {a[1:] for a in sys.argv[3:] if a.startswith("-")}  # v2 has no slot for it: VASSAL keeps the old piece, unrefreshed
def read(path):
    out = {}
    for line in open(path):
        if not line.startswith("DUMP\t"):
            continue
        f = line.rstrip("\n").split("\t")[2:]
        d = {}
        for kv in f:
            k, _, v = kv.partition("=")
            if k.startswith("layer "):
                v = re.sub(r" image=.*", "", v)
            d[k] = v
        out[d["gpid"]] = d
    return out
before, after = read(sys.argv[1]), read(sys.argv[2])
same = differ = 0
for g, b in sorted(before.items(), key=lambda x: int(x[0])):
    a = after.get(g)
    want = dict(b)
    if want["name"] in RENAMED:
        new = RENAMED[want["name"]]
        want["Designation"] = want["Designation"].replace(want["name"], new, 1)
        want["name"] = new
    if a is None:
        print("GONE\tgpid=%s\t%s" % (g, b["name"])); differ += 1; continue
    diffs = [k + ": " + want.get(k, "-") + " -> " + a.get(k, "-") for k in sorted(set(want) | set(a)) if want.get(k) != a.get(k)]
    if diffs:
        print("DIFF\tgpid=%s\t%s\t%s" % (g, b["name"], "; ".join(diffs))); differ += 1
    else:
        tag = "KEPT" if b["name"] in REMOVED else "SAME"
        print(tag + "\tgpid=%s\t%s -> %s\t%s %s strength=%s %s" % (g, b["name"], a["name"], a["map"], a.get("location"), a.get("strength"),
              " ".join(k[6:] + "=" + v.split()[1] for k, v in a.items() if k.startswith("layer ") and not v.startswith("level 1/"))))
        same += 1
kept = sum(1 for b in before.values() if b["name"] in REMOVED)
print("SUMMARY\t%d pieces before, %d after: %d the same unit in the same state (%d of them a unit v2 removed, kept as it was), %d not" % (len(before), len(after), same, kept, differ))
