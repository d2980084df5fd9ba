#!/bin/sh
# The commands that made this folder's fixtures are introProof in ../refresh-tools/regenerate.sh
# (README.md there): v1 is examples/dow-intro with `version: "1.0"` and `ids: dow-intro.ids`; v2
# is v1 edited as v1-to-v2.diff shows (the edit compile/vassal's introV2 makes: 10 IL inserted,
# 75 IL renamed 75 ILL with was:, 25 IL removed); a game played under v1 in VASSAL (moves, a state,
# strength losses, the unit v2 removes stepped down), refreshed under v2 by VASSAL's own Refresh
# Counters, the same without a ledger (v2bare), and muster game update's result loaded under v2.
exec "$(dirname "$0")/../refresh-tools/regenerate.sh" dow-intro
