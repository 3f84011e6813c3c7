#!/usr/bin/env bash
# The strength report of the cribbage players (issue: players worth playing).
# Usage: bash scripts/strength.sh [GAMES] [WORKERS] [OUTDIR]
# (about 1 hour on 2 idle cores with the compiled engine, make accel; a run stopped part
# way can be read from its records: add --out and use scripts/summarize_records.py)
set -euo pipefail
games=${1:-20000}
workers=${2:-2}
out=${3:-strength}
mkdir -p "$out"
hoyle=${HOYLE:-.venv/bin/hoyle}
"$hoyle" sim cribbage --players table,greedy --games "$games" --workers "$workers" --seed 101 > "$out/table-greedy.txt"
"$hoyle" sim cribbage --players expert,greedy --games "$games" --workers "$workers" --seed 102 > "$out/expert-greedy.txt"
"$hoyle" sim cribbage --players expert,table --games "$games" --workers "$workers" --seed 103 > "$out/expert-table.txt"
"$hoyle" sim cribbage --players expert,expert --games $((games / 10)) --workers "$workers" --seed 104 > "$out/expert-expert.txt"
cat "$out"/*.txt
