#!/usr/bin/env bash
# Draw docs/printing.md's pictures of the paper game: for one battle of each
# rule system, the kit `muster print --scenario S` writes, each of its sheets
# (set-up card, turn record, counter fronts and backs, a record sheet, the
# map's page index and its first page) rendered by pdftoppm as a small PNG,
# docs/img/print/SYSTEM-SHEET.png; and a detail of the first counters at 300
# dpi, docs/img/print/counters-300dpi.png.
#   scripts/print-pictures.sh
# Needs pdftoppm and pdftotext (poppler-utils).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/muster" ./cmd/muster
out=docs/img/print
mkdir -p "$out"
rm -f "$out"/*.png
# the first page whose text holds WHAT
page() { # page PDF WHAT
  local n
  n=$(pdfinfo "$1" | sed -n 's/^Pages: *//p')
  for i in $(seq 1 "$n"); do
    if pdftotext -f "$i" -l "$i" "$1" - | grep -qF -- "$2"; then
      echo "$i"
      return
    fi
  done
  echo "$1: no page with \"$2\"" >&2
  exit 1
}
while read -r sys dir scenario; do
  pdf="$tmp/$sys.pdf"
  "$tmp/muster" print "examples/$dir" --scenario "$scenario" -o "$pdf" >/dev/null
  while read -r sheet what; do
    p=$(page "$pdf" "$what")
    pdftoppm -f "$p" -l "$p" -scale-to 360 -png -singlefile "$pdf" "$out/$sys-$sheet"
  done <<'EOF'
setup Set-up card:
turns Turn record:
fronts sheet 1 of
backs backs (long-edge duplex)
record record sheet:
index Map: page index
tile Map page A1
EOF
done <<'EOF'
gbacw dow-intro intro
tss tss-seminary-ridge first-contact
summer-storm summer-storm-mcpherson first-shots
amfs amfs-culps-hill culps-hill-evening
EOF
# the first counters of the GBACW sheet, as a 300 dpi printer puts them on paper
"$tmp/muster" print counters examples/dow-intro -o "$tmp/c.pdf" >/dev/null
pdftoppm -f 1 -l 1 -r 300 -x 150 -y 150 -W 900 -H 480 -png -singlefile "$tmp/c.pdf" "$out/counters-300dpi"
ls "$out"
