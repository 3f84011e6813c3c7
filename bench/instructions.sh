#!/usr/bin/env bash
# Instructions per random-vs-random game (valgrind callgrind: a count, not a time, so it does
# not drift with the machine's load): hoyle compiled, hoyle pure Python, OpenSpiel's C++
# cribbage driven from Python. Needs valgrind (Debian: apt-get install valgrind).
# Usage: bash bench/instructions.sh   (from the repository root, after make accel)
set -euo pipefail
py=${PYTHON:-.venv/bin/python}
ours='import sys
from hoyle.cribbage.players import RandomPlayer
from hoyle.cribbage.match import play_game
ps = [RandomPlayer(), RandomPlayer()]
for i in range(int(sys.argv[1])): play_game(ps, seed=i, resumable=False, itemize=False)'
theirs='import random, sys, pyspiel
g = pyspiel.load_game("cribbage"); rng = random.Random(1)
for _ in range(int(sys.argv[1])):
    s = g.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            o = s.chance_outcomes(); s.apply_action(o[rng.randrange(len(o))][0])
        else:
            la = s.legal_actions(); s.apply_action(la[rng.randrange(len(la))])'
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$py" -c "$1" "$2" 2>&1 |
          awk '/Collected/ {print $4}'; }
per_game() { local a b; a=$(count "$1" 20); b=$(count "$1" 120); echo $(( (b - a) / 100 )); }
printf 'hoyle, compiled engine:  %12s instructions per game\n' "$(per_game "$ours")"
printf 'hoyle, pure Python:      %12s instructions per game\n' "$(HOYLE_PURE=1 per_game "$ours")"
printf 'OpenSpiel (C++):         %12s instructions per game\n' "$(per_game "$theirs")"
