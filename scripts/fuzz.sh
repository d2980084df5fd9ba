#!/usr/bin/env bash
# Give every fuzz target of the module a short run.
#   scripts/fuzz.sh [FUZZTIME]      default 10s per target
# Each target's seeds (testdata/fuzz/<Target>/ and its f.Add calls) also run
# as ordinary tests under `go test`. A failing input is written to
# testdata/fuzz/<Target>/ by the fuzzer; commit it once fixed, as a seed.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${1:-10s}"
# Minimising every new interesting input (60s each by default) would eat
# the whole run on targets with large inputs; a few executions are enough.
minimize="${FUZZ_MINIMIZE:-10x}"
status=0
for pkg in $(go list ./...); do
  targets=$(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true)
  for t in $targets; do
    echo "== $pkg $t ($fuzztime)"
    if ! go test "$pkg" -run '^$' -fuzz "^${t}\$" -fuzztime "$fuzztime" -fuzzminimizetime "$minimize"; then
      status=1
    fi
  done
done
exit $status
