#!/usr/bin/env bash
# The strength report of the cribbage players (issue: players worth playing).
# Usage: bash scripts/strength.sh [GAMES] [WORKERS] [OUTDIR]
# (about 12 hours on 2 idle cores with the compiled engine, make accel, most of it the
# master's six-card pairings; the expert pairings play some 6-7 games a second; every run writes its records to OUTDIR, and a run stopped
# part way is finished with `hoyle sim cribbage ... --first-game N --out rest.jsonl` and
# read with `hoyle sim summary OUTDIR/x.jsonl rest.jsonl`, the run's table from both parts)
set -euo pipefail
games=${1:-20000}
workers=${2:-2}
out=${3:-strength}
mkdir -p "$out"
hoyle=${HOYLE:-.venv/bin/hoyle}
"$hoyle" sim cribbage --players table,greedy --games "$games" --workers "$workers" --seed 101 --out "$out/table-greedy.jsonl" > "$out/table-greedy.txt"
"$hoyle" sim cribbage --players expert,greedy --games "$games" --workers "$workers" --seed 102 --out "$out/expert-greedy.jsonl" > "$out/expert-greedy.txt"
"$hoyle" sim cribbage --players expert,table --games "$games" --workers "$workers" --seed 103 --out "$out/expert-table.jsonl" > "$out/expert-table.txt"
"$hoyle" sim cribbage --players expert,expert --games $((games / 10)) --workers "$workers" --seed 104 --out "$out/expert-expert.jsonl" > "$out/expert-expert.txt"
# the score-aware expert against the expert: the same seed in both seatings, read in pairs
"$hoyle" sim cribbage --players aware,expert --games $((games / 2)) --workers "$workers" --seed 2017 --out "$out/aware-expert.jsonl" > "$out/aware-expert.txt"
"$hoyle" sim cribbage --players expert,aware --games $((games / 2)) --workers "$workers" --seed 2017 --out "$out/expert-aware.jsonl" > "$out/expert-aware.txt"
"${PYTHON:-.venv/bin/python}" scripts/paired_strength.py aware "$out/aware-expert.jsonl" -- "$out/expert-aware.jsonl" > "$out/aware-paired.txt"
# the master (issue 32) against the expert and the aware expert, and in five-card against
# the five-card expert: each pairing both seatings, the same seed, read in pairs (the
# six-card pairings, the master's play staged since 8ce7764, about 3.5 hours against the
# expert and 4.5 against aware on 2 cores, five-card about 15 minutes)
pair() {  # pair A B SEED [sim options...]: A against B both ways, read for A
    local a=$1 b=$2 seed=$3 tag=$1-$2${4:+-five}
    shift 3
    "$hoyle" sim cribbage --players "$a,$b" --games $((games / 2)) --workers "$workers" --seed "$seed" "$@" --out "$out/$tag-ab.jsonl" > "$out/$tag-ab.txt"
    "$hoyle" sim cribbage --players "$b,$a" --games $((games / 2)) --workers "$workers" --seed "$seed" "$@" --out "$out/$tag-ba.jsonl" > "$out/$tag-ba.txt"
    "${PYTHON:-.venv/bin/python}" scripts/paired_strength.py "$a" "$out/$tag-ab.jsonl" -- "$out/$tag-ba.jsonl" > "$out/$tag-paired.txt"
}
pair master expert 2017
pair master aware 2017
pair master expert 2017 --variant five-card
cat "$out"/*.txt
