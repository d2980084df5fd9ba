#!/usr/bin/env python3
"""make_v2.py EXAMPLE_DIR WORK: WORK/v1 (the example with version 1.0 and an ids ledger declared)
and WORK/v2 (a regiment inserted in the first scenario's first set-up stack of the first side, the
next unit set up renamed with was:, the last removed from the forces and every scenario); prints
the names and keys the harness run needs, as shell assignments."""
import glob, os, re, shutil, sys, yaml

MUSTER = os.environ.get("MUSTER", "muster")  # the muster that builds the modules (regenerate.sh's)
REPO = os.environ.get("REPO", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))

src, work = sys.argv[1], sys.argv[2]
variant = sys.argv[3] if len(sys.argv) > 3 else ""
name = os.path.basename(src.rstrip("/"))
v1, v2 = os.path.join(work, "v1"), os.path.join(work, "v2")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
shutil.copytree(src, v1)
bid = yaml.safe_load(open(os.path.join(v1, "battle.yaml")))["id"]
t = open(os.path.join(v1, "battle.yaml")).read()
t = re.sub(r"^sides:", 'version: "1.0"\nids: %s.ids\nsides:' % bid, t, count=1, flags=re.M)
open(os.path.join(v1, "battle.yaml"), "w").write(t)
shutil.copytree(v1, v2)
t2 = open(os.path.join(v2, "battle.yaml")).read().replace('version: "1.0"', 'version: "1.1"', 1)
open(os.path.join(v2, "battle.yaml"), "w").write(t2)

battle = yaml.safe_load(open(os.path.join(v2, "battle.yaml")))
files = []
flist = battle.get("files") or ["*.yaml"]
if variant:
    flist = battle["variants"][variant]["files"]
for pat in flist:
    files += sorted(glob.glob(os.path.join(v2, pat)))
docs = {f: list(yaml.safe_load_all(open(f))) for f in files}
scen = [f for f in files if any(d and d.get("kind") == "scenario" for d in docs[f])]
first = scen[0]
sdoc = [d for d in docs[first] if d and d.get("kind") == "scenario"][0]
# the first side the first scenario sets up (Terrible Swift Sword's first sets up the Union alone)
side = next(sd["id"] for sd in battle["sides"] if (sdoc.get("setup") or {}).get(sd["id"]))
forces = [f for f in files if any(d and d.get("kind") == "forces" and d.get("side") == side for d in docs[f])]
units = set()
def walk(n):
    if isinstance(n, dict):
        for u in n.get("units") or []:
            units.add(str(u["name"]))
        for k in ("formations",):
            for f in n.get(k) or []:
                walk(f)
        if "army" in n:
            walk(n["army"])
for f in forces:
    for d in docs[f]:
        walk(d)
        if d and "units" in d and "army" not in d:
            pass
ftext = {f: open(f).read() for f in forces}
def line_of(u):
    for f, tx in ftext.items():
        m = re.search(r'^([ \t]*- )\{name: ("?)' + re.escape(u) + r'\2,.*\n', tx, re.M)
        if m:
            return f, m
    return None, None
order = []   # (hex, unit) in set-up order
for hx, v in (sdoc.get("setup") or {}).get(side, {}).items():
    items = v.get("units") if isinstance(v, dict) else v
    for it in items or []:
        u = it.get("unit") if isinstance(it, dict) else it
        if str(u) in units and line_of(str(u))[0]:
            order.append((str(hx), str(u)))
stext = {f: open(f).read() for f in scen}
def flow_line(hx):
    m = re.search(r'^\s*"?' + re.escape(hx) + r'"?:\s*(\{units: )?\[', stext[first], re.M)
    return m
# R: the first candidate whose edit validates (Terrible Swift Sword's first, in 1/1/Cav, belongs
# to a formation a later scenario withdraws whole, so a regiment inserted beside it is missing there)
pristine = {f: open(f).read() for f in set(forces) | set(scen)}
Rs = [u for hx, u in order if (hx, u) != order[0] and u != order[0][1] and order.index((hx, u)) > 0]
for R in Rs[:12]:
    for f, tx in pristine.items():
        open(f, "w").write(tx)
    ftext = {f: pristine[f] for f in forces}
    stext = {f: pristine[f] for f in scen}
    def has_sibling(u):
        f, m = line_of(u)
        tx = ftext[f]
        prev = tx[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        nxt = tx[m.end():].split("\n", 1)[0]
        pre = m.group(1) + "{name:"
        return prev.startswith(pre) or nxt.startswith(pre)
    allforces = "".join(open(f).read() for f in files if any(d and d.get("kind") == "forces" for d in docs[f]))
    def unique(u):  # no unit of the other side has the name (Terrible Swift Sword's "Wagon 1")
        return len(re.findall(r'\{name: ("?)' + re.escape(u) + r'\1,', allforces)) == 1
    names = re.findall(r'\{name: "?([^",]*)"?,', allforces)
    def distinct(u):  # the harness finds a piece by a part of its name: none else holds it
        return sum(1 for n in names if u in n) == 1
    D = next(u for hx, u in reversed(order) if u != R and has_sibling(u) and unique(u) and distinct(u))
    S = next((u for hx, u in reversed(order) if u not in (R, D) and distinct(u)), "")
    new = "Inserted Rgt"
    R2 = R + " bis"
    hexR = next(hx for hx, u in order if u == R)

    # forces: the new unit before R's line; R renamed; D removed
    f, m = line_of(R)
    tx = ftext[f]
    newline = re.sub(r'\{name: "?' + re.escape(R) + r'"?,', '{name: "%s",' % new, m.group(0), count=1)
    newline = re.sub(r', art: \{[^}]*\}', '', newline)
    tx = tx[:m.start()] + newline + tx[m.start():]
    tx = re.sub(r'\{name: ("?)' + re.escape(R) + r'\1,', lambda mm: '{name: "%s", was: "%s",' % (R2, R), tx, count=1)
    ftext[f] = tx
    f2, m2 = line_of(D)
    ftext[f2] = ftext[f2][:m2.start()] + ftext[f2][m2.end():]
    for f, tx in ftext.items():
        open(f, "w").write(tx)

    # scenarios: the new unit first in its stack; R's references renamed; D's removed
    def tok(u):
        return r'(?:"' + re.escape(u) + r'"|' + re.escape(u) + r')'
    for f, tx in stext.items():
        if f == first:
            at = re.search(r'^setup:', tx, re.M).end()
            m = re.compile(r'^(\s+)' + re.escape(side) + r':[^\n]*\n(?:\s*#.*\n)*(\s+)', re.M).search(tx, at)
            tx = tx[:m.end()] + '"@HEX@": ["%s"]\n' % new + m.group(2) + tx[m.end():]
        tx = re.sub(r'(?<=[\[,{]\s)' + tok(R) + r'(?=\s*[,\]}])', '"%s"' % R2, tx)
        tx = re.sub(r'(?<=[\[])' + tok(R) + r'(?=\s*[,\]}])', '"%s"' % R2, tx)
        tx = re.sub(r'(unit: )' + tok(R) + r'(?=[,}])', r'\1"%s"' % R2, tx)
        tx = re.sub(r'(?<=[\[,\s"])' + re.escape(R) + r'/', R2 + '/', tx)
        if f != first:
            # a later scenario's own set-up of R: the new regiment beside it (a scenario that
            # withdraws or counts R's formation whole needs it there too)
            def beside(mm):
                return mm.group(1) + mm.group(2) + '"%s", ' % new + mm.group(3)
            if re.search(r'^\s*"?' + re.escape(hexR) + r'"?:.*"' + re.escape(R2) + '"', tx, re.M):
                # the first scenario's set-up again (a campaign's): the new regiment where it is there
                at = re.search(r'^setup:', tx, re.M).end()
                m = re.compile(r'^(\s+)' + re.escape(side) + r':[^\n]*\n(?:\s*#.*\n)*(\s+)', re.M).search(tx, at)
                tx = tx[:m.end()] + '"@HEX@": ["%s"]\n' % new + m.group(2) + tx[m.end():]
            else:
                tx = re.sub(r'^(\s*"?[A-Z]?\d{3,4}"?:\s*(?:\{units: )?\[)(.*?)((?:\{unit: )?"' + re.escape(R2) + r'")', beside, tx, count=1, flags=re.M)
        item = r'\{unit: ' + tok(D) + r'(?:,[^{}]*(?:\{[^{}]*\}[^{}]*)*)?\}'
        tx = re.sub(r',\s*' + item, '', tx)
        tx = re.sub(r'(?<=\[)\s*' + item + r'\s*,\s*', '', tx)
        tx = re.sub(r'^\s*- ' + item + r'\s*\n', '', tx, flags=re.M)
        tx = re.sub(r'^.*\[\s*' + item + r'\s*\].*\n', '', tx, flags=re.M)
        tx = re.sub(r',\s*' + tok(D) + r'(?=\s*[,\]])', '', tx)
        tx = re.sub(r'(?<=\[)\s*' + tok(D) + r'\s*,\s*', '', tx)
        tx = re.sub(r'^.*\[\s*' + tok(D) + r'\s*\].*\n', '', tx, flags=re.M)
        open(f, "w").write(tx)

    # a free hex for the new regiment: near the side's stacks, the first that validates
    import subprocess
    used = set(str(h) for sd in (sdoc.get("setup") or {}).values() for h in sd)
    cands = []
    for hx, u in order:
        mm = re.match(r'^(.*?)(\d\d)$', hx)
        if not mm:
            continue
        for d in (1, -1, 2, -2, 3, -3):
            c = mm.group(1) + "%02d" % (int(mm.group(2)) + d)
            if c not in used and c not in cands:
                cands.append(c)
    bodies = {f: open(f).read() for f in scen}
    def placed():
        for c in cands:
            for f, b in bodies.items():
                open(f, "w").write(b.replace("@HEX@", c))
            r = subprocess.run([MUSTER, "validate"] + (["--variant", variant] if variant else []) + [v2], capture_output=True, text=True)
            if " 0 errors" in r.stdout + r.stderr or "no problems" in r.stdout + r.stderr:
                return None
        return r.stdout + r.stderr
    err = placed()
    if err: print("# R=%s: %s" % (R, "; ".join(l for l in err.splitlines() if " error " in l)[:400]), file=sys.stderr)
    if not err:
        break
else:
    sys.exit("no hex validates: " + err)
rs = yaml.safe_load(open(os.path.join(REPO, "rulesets", battle["system"] + ".yaml")))
play = rs.get("play") or {}
down = (play.get("strength") or {}).get("down", "")
state = ((play.get("states") or [{}])[0]).get("key", "")
q = lambda s: "'" + s.replace("'", "'\\''") + "'"
sidename = next(sd.get("name") or sd["id"] for sd in battle["sides"] if sd["id"] == side)
print("BID=%s SIDE=%s SIDENAME=%s R=%s R2=%s D=%s S=%s NEW=%s HEXR=%s DOWN=%s STATE=%s" % tuple(map(q, [bid, side, sidename, R, R2, D, S, new, hexR, down, state])))
