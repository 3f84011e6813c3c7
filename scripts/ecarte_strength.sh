#!/usr/bin/env bash
# The strength report of the écarté players (issue 7): expert v rules, expert v random,
# rules v random. Usage: bash scripts/ecarte_strength.sh [GAMES] [WORKERS] [OUTDIR]
# (20,000 games per pairing by default; the expert takes about 0.3 s of one core a game).
set -euo pipefail
games=${1:-20000}
workers=${2:-2}
out=${3:-strength-ecarte}
mkdir -p "$out"
hoyle=${HOYLE:-.venv/bin/hoyle}
"$hoyle" sim ecarte --players expert,rules --games "$games" --workers "$workers" --seed 201 > "$out/expert-rules.txt"
"$hoyle" sim ecarte --players expert,random --games "$games" --workers "$workers" --seed 202 > "$out/expert-random.txt"
"$hoyle" sim ecarte --players rules,random --games "$games" --workers "$workers" --seed 203 > "$out/rules-random.txt"
cat "$out"/*.txt
