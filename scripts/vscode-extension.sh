#!/usr/bin/env bash
# Builds the VS Code extension (editors/vscode) into muster-VERSION.vsix:
# the npm packages its lock file names, muster's JSON Schemas exported into
# it, packed by @vscode/vsce. Needs node and npm (the npm registry); the
# extension starts `muster lsp`, so muster itself is installed apart.
#
#   scripts/vscode-extension.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.}
mkdir -p "$out"
out=$(cd "$out" && pwd)
ext=editors/vscode
(cd "$ext" && npm ci --no-audit --no-fund)
rm -rf "$ext/schemas"
go run ./cmd/muster schema export "$ext/schemas" >/dev/null
version=$(node -p "require('./$ext/package.json').version")
(cd "$ext" && npx --yes @vscode/vsce@4.1.0 package --allow-missing-repository -o "$out/muster-$version.vsix" >/dev/null)
echo "$out/muster-$version.vsix"
