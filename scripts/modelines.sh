#!/usr/bin/env bash
# Give every data file of an example battle a yaml-language-server modeline
# (`muster schema export examples/schemas --modelines BATTLE`, which puts it on
# the first line of a file that has none) and move every file:line its
# FINDINGS.md cites in those files one line down, so the findings still name
# the lines they named.
#   scripts/modelines.sh examples/terrible-swift-sword examples/dead-of-winter
# After a merge that brings back a FINDINGS.md written against the files
# without their modelines, move its lines again without touching the data:
#   scripts/modelines.sh --shift examples/BATTLE FILE...   (FILE relative to BATTLE)
# The FINDINGS.md forms read: "scenario-2.yaml:212", "errata/scenario-3.yaml:54-56",
# "scenario-2.yaml:212, 213, 214" (a list of lines of one file),
# "scenario-1.yaml:90:15" (the column is kept), "errata copy :283" and
# "errata copies :26" (the errata copies of the files just named), and "at line 264"
# in a line that cites the file.
set -euo pipefail
cd "$(dirname "$0")/.."

# shift BATTLE FILE...: one line down for every citation of FILE in BATTLE/FINDINGS.md
shift_refs() {
  local dir=$1; shift
  [ -f "$dir/FINDINGS.md" ] || return 0
  FILES="$*" perl -0pi -e '
    my %f = map { $_ => 1 } split / /, $ENV{FILES};
    my $num = qr/\d+(?:-\d+)?/;
    sub bump { my $s = shift; $s =~ s/(\d+)/$1+1/ge; $s }
    s{(?<![\w./-])((?:[\w-]+/)*[\w.-]+\.yaml):($num(?:,\s*$num(?![\w.:-]))*)}{
      $f{$1} ? "$1:" . bump($2) : "$1:$2"
    }ge;
    # "the R002 at line N" in a line that cites a shifted file
    s{((?:[\w-]+/)*[\w-]+\.yaml)(:\d+[^\n]*? at line )(\d+)}{
      $f{$1} ? "$1$2" . ($3+1) : "$1$2$3"
    }ge;
    # "errata copy :N" / "errata copies :N" after a citation of a shifted printed file
    s{((?:[\w-]+\.yaml):\d+[^|\n]*?errata cop(?:y|ies) :)(\d+)}{
      my ($pre, $n) = ($1, $2); my ($file) = $pre =~ /^([\w-]+\.yaml)/;
      $f{"errata/$file"} ? $pre . ($n+1) : $pre . $n
    }ge;
  ' "$dir/FINDINGS.md"
}

if [ "${1:-}" = --shift ]; then
  shift; dir=$1; shift
  shift_refs "$dir" "$@"
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/muster" ./cmd/muster
for dir in "$@"; do
  # the files with no modeline anywhere in them (a modeline need not be the
  # first line: the errata copies of Dead of Winter have it on their third)
  missing=()
  while IFS= read -r f; do
    grep -q '^# yaml-language-server: \$schema=' "$f" || missing+=("${f#"$dir"/}")
  done < <(find "$dir" -name '*.yaml' -type f | sort)
  [ ${#missing[@]} -gt 0 ] || continue
  "$tmp/muster" schema export examples/schemas --modelines "$dir" >/dev/null
  for f in "${missing[@]}"; do
    head -1 "$dir/$f" | grep -q '^# yaml-language-server: ' || { echo "$dir/$f: no modeline written" >&2; exit 1; }
  done
  shift_refs "$dir" "${missing[@]}"
  printf '%s: modeline added to %s\n' "$dir" "${missing[*]}"
done
