// scripts/lean.sh's node peer: ajv compiles every schema in SCHEMAS and
// checks each JSON file of JSONDIR against the schema its name starts with
// (lean json names them KIND.FILE.N.json), reading and parsing the file
// each time: N rounds in one process, the processor time of the least round
// printed. With "parse" after N, each round only reads and parses the
// files (JSON.parse) and checks nothing: the peer's own parse.
//   node peer.js SCHEMAS JSONDIR [N [parse]]
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require('ajv');

const [schemaDir, jsonDir, n, mode] = process.argv.slice(2);
const parseOnly = mode === 'parse';
const rounds = Number(n || 1);
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const ids = {};
for (const f of fs.readdirSync(schemaDir).filter((f) => f.endsWith('.schema.json')).sort()) {
  const s = JSON.parse(fs.readFileSync(path.join(schemaDir, f), 'utf8'));
  delete s.$schema;
  ajv.addSchema(s);
  ids[f.slice(0, -'.schema.json'.length)] = s.$id;
}
const docs = fs.readdirSync(jsonDir).filter((f) => f.endsWith('.json')).sort();
const compiled = {};
let best = -1;
for (let r = 0; r < rounds; r++) {
  const t0 = process.cpuUsage();
  let bad = 0;
  for (const f of docs) {
    if (parseOnly) {
      JSON.parse(fs.readFileSync(path.join(jsonDir, f), 'utf8'));
      continue;
    }
    const parts = f.split('.');
    const kind = parts[0] === 'forces' ? parts.slice(0, 2).join('.') : parts[0];
    let v = compiled[kind];
    if (!v) {
      if (!ids[kind]) throw new Error(`${f}: no schema ${kind}`);
      v = compiled[kind] = ajv.getSchema(ids[kind]);
    }
    const doc = JSON.parse(fs.readFileSync(path.join(jsonDir, f), 'utf8'));
    if (!v(doc)) {
      bad++;
      if (r === 0 && process.env.LEAN_VERBOSE) console.error(f, JSON.stringify(v.errors.slice(0, 3)));
    }
  }
  const u = process.cpuUsage(t0);
  const d = (u.user + u.system) / 1000;
  if (best < 0 || d < best) best = d;
  if (r === 0 && bad > 0) console.error(`ajv: ${bad} of ${docs.length} documents invalid`);
}
console.log(`${best.toFixed(3)} ms`);
