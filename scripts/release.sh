#!/usr/bin/env bash
# Release binaries of muster: cross-builds cmd/muster for Linux, macOS and
# Windows, amd64 and arm64, into DIR (default dist/) with their SHA-256
# checksums in DIR/SHA256SUMS.
#
#   scripts/release.sh [--out DIR] [--version V] [OS/ARCH ...]
#
# With no OS/ARCH it builds all six: linux/amd64 linux/arm64 darwin/amd64
# darwin/arm64 windows/amd64 windows/arm64. The files are
# muster-OS-ARCH (muster-windows-ARCH.exe).
#
# The builds are reproducible: the same commit built with the same Go gives
# the same bytes, wherever the checkout is and whoever builds it. So: no
# cgo (CGO_ENABLED=0), -trimpath (no folder of the build machine in the
# binary), -buildvcs=false (no VCS stamp, which a work tree with an
# untracked file would change), and fixed -ldflags: -s -w (no symbol
# tables), an empty -buildid, and the version as main.Version: --version V,
# else `git describe --tags --always --dirty`, else "(devel)".
# .ci/run builds linux/amd64 twice, from two folders, and compares the bytes.
set -euo pipefail
cd "$(dirname "$0")/.."

all=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64)
out=dist
version=
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    --version) version=${2:?--version needs a version}; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    */*) targets+=("$1"); shift ;;
    *) echo "release.sh: unknown argument $1 (give --out DIR, --version V, or OS/ARCH)" >&2; exit 2 ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
for t in "${targets[@]}"; do
  case " ${all[*]} " in
    *" $t "*) ;;
    *) echo "release.sh: $t is not a release target (${all[*]})" >&2; exit 2 ;;
  esac
done
if [ -z "$version" ]; then
  version=$(git describe --tags --always --dirty 2>/dev/null || echo "(devel)")
fi

mkdir -p "$out"
names=()
for t in "${targets[@]}"; do
  os=${t%/*} arch=${t#*/}
  name=muster-$os-$arch
  [ "$os" = windows ] && name=$name.exe
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -buildvcs=false \
    -ldflags "-s -w -buildid= -X main.Version=$version" -o "$out/$name" ./cmd/muster
  names+=("$name")
  echo "$out/$name"
done
# the checksums of the files this run built, sorted by name
sum() { if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }
(cd "$out" && printf '%s\n' "${names[@]}" | LC_ALL=C sort | while read -r n; do sum "$n"; done > SHA256SUMS)
echo "$out/SHA256SUMS"
