#!/usr/bin/env bash
# Takes docs/img/nvim.png: Debian's Neovim in an xterm under Xvfb, started
# with docs/editors.md's Neovim snippet as written, on the starter battle
# with a misspelt unit, showing muster lsp's diagnostic. Needs neovim,
# xterm, x11-apps (xwd), imagemagick and xvfb (Debian's packages).
#
#   scripts/nvim-screenshot.sh [OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-docs/img/nvim.png}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/bin/muster" ./cmd/muster
"$work/bin/muster" init "$work/first" --system gbacw --name "First Clash" >/dev/null
sed -i 's/\[Meredith, 2 WI\]/[Meredith, 2 WY]/' "$work/first/scenario.yaml"
# the snippet as written, then what makes the picture readable
awk '/^### Neovim/{f=1} f&&/^```lua/{g=1;next} g&&/^```/{exit} g' docs/editors.md > "$work/init.lua"
cat >> "$work/init.lua" <<'LUA'
vim.o.number = true
vim.o.signcolumn = 'yes'
vim.cmd('syntax on')
LUA
cat > "$work/shot.sh" <<SH
#!/bin/sh
cd "$work/first"
PATH="$work/bin:\$PATH" xterm -geometry 112x28+0+0 -bg '#fdfdf6' -fg '#222222' -fa 'DejaVu Sans Mono' -fs 11 \
  -e nvim -u "$work/init.lua" -i NONE -n +13 scenario.yaml &
sleep 8
xwd -root -silent > "$work/shot.xwd"
SH
chmod +x "$work/shot.sh"
HOME=$work xvfb-run -a -s "-screen 0 1080x500x24" "$work/shot.sh" 2>/dev/null || true
convert "$work/shot.xwd" -strip "$out"
echo "$out"
