// The extension's client wiring, run against the real server: the
// settings read as VS Code would give them, the server started as
// serverOptions says, spoken to with the LSP library the extension's
// client is built on (vscode-jsonrpc), a battle file opened with a
// misspelt name, its diagnostic awaited. VS Code itself is not run (the
// machine has none); lsp's TestVSCodeWiring runs this with node.
//
//   MUSTER_PATH=/path/to/muster BATTLE=/path/to/battle node test/wiring.js
"use strict";
const Module = require("module");
const fs = require("fs");
const path = require("path");
const { spawn } = require("child_process");

// VS Code's module, as much of it as the wiring reads.
const settings = { path: process.env.MUSTER_PATH };
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === "vscode") {
    return { workspace: { getConfiguration: () => ({ get: (k, d) => (k in settings ? settings[k] : d) }) } };
  }
  return load.call(this, request, ...rest);
};

const ext = require("../extension.js");
const rpc = require("vscode-jsonrpc/node"); // what the extension's client speaks LSP with

async function main() {
  const vscode = require("vscode");
  const so = ext.serverOptions(vscode.workspace.getConfiguration("muster"));
  const co = ext.clientOptions();
  const out = { command: so.command === process.env.MUSTER_PATH, args: so.args, selector: co.documentSelector };
  const proc = spawn(so.command, so.args, { stdio: ["pipe", "pipe", "inherit"], env: process.env });
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  const battle = process.env.BATTLE;
  const file = path.join(battle, "scenario.yaml");
  const uri = "file://" + file;
  const text = fs.readFileSync(file, "utf8").replace("[Meredith, 2 WI]", "[Meredith, 2 WY]");
  const got = new Promise((resolve) => {
    conn.onNotification("textDocument/publishDiagnostics", (p) => {
      if (p.uri === uri && p.diagnostics.length) resolve(p.diagnostics);
    });
  });
  conn.listen();
  const init = await conn.sendRequest("initialize", { processId: process.pid, rootUri: "file://" + battle, capabilities: {} });
  out.server = init.serverInfo;
  conn.sendNotification("initialized", {});
  const selected = co.documentSelector.some((s) => s.language === "yaml" && s.scheme === "file");
  if (selected) {
    conn.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "yaml", version: 1, text } });
  }
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("no diagnostics in 20 s")), 20000));
  const ds = await Promise.race([got, timeout]);
  out.diagnostics = ds.map((d) => d.code + " " + d.range.start.line + ":" + d.range.start.character);
  await conn.sendRequest("shutdown");
  conn.sendNotification("exit");
  process.stdout.write(JSON.stringify(out) + "\n");
  setTimeout(() => process.exit(0), 200);
}

main().catch((e) => {
  process.stderr.write(String(e && e.stack || e) + "\n");
  process.exit(1);
});
