// muster for VS Code: starts `muster lsp` for the YAML files of a battle
// folder (one holding battle.yaml) and shows what it reports. The schemas
// of battle, map and scenario files are mapped for Red Hat's YAML extension
// (package.json, yamlValidation); a forces file names its schema in its
// first line, since it depends on the rule system.
"use strict";

// serverOptions is how the server is started: `muster lsp` over stdio,
// with the program the setting muster.path names.
function serverOptions(config) {
  const command = (config && config.get("path", "muster")) || "muster";
  return { command: command, args: ["lsp"], transport: 0 /* stdio */ };
}

// clientOptions are the files the server is sent: YAML files on disk.
function clientOptions() {
  return {
    documentSelector: [{ scheme: "file", language: "yaml" }],
  };
}

let client = null;

async function activate(context) {
  const vscode = require("vscode");
  const { LanguageClient } = require("vscode-languageclient/node");
  client = new LanguageClient("muster", "muster", serverOptions(vscode.workspace.getConfiguration("muster")), clientOptions());
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (e) => {
    if (e.affectsConfiguration("muster.path") && client) {
      await client.stop();
      client = new LanguageClient("muster", "muster", serverOptions(vscode.workspace.getConfiguration("muster")), clientOptions());
      await client.start();
    }
  }));
  await client.start();
}

async function deactivate() {
  if (client) await client.stop();
}

module.exports = { activate, deactivate, serverOptions, clientOptions };
