#!/usr/bin/env bash
# Builds the C++ project of Inputs/ at one -march with clang + the front-end
# plugin and with g++, links every mix of callers and callees, and checks
# (1) every variant name g++ defines is defined by clang, (2) every mix gives
# the scalar answers, (3) clang's caller loops call the variants.
# usage: run-project.sh OUTDIR FRONTEND-PLUGIN GXX MARCH...
set -euo pipefail
out=$1 fe=$2 gxx=$3
shift 3
march=("$@")
in=$(cd "$(dirname "$0")/Inputs" && pwd)
clang=${CLANGXX:-clang++-22}
mkdir -p "$out" && cd "$out"
ours=("$clang" -O2 -fopenmp-simd -fplugin="$fe")

"$gxx" -O2 -fopenmp-simd -ffp-contract=off -c "$in/eos.cpp" -o gcc-eos.o
"${ours[@]}" -c "$in/eos.cpp" -o our-eos.o
"${ours[@]}" -c "$in/stats.cpp" -o our-stats.o
names() { nm "$1" | awk '$2 ~ /[TW]/ && $3 ~ /^_ZGV/ {print $3}' | sort -u; }
names gcc-eos.o >gcc-names.txt
names our-eos.o >our-names.txt
echo "gcc names: $(wc -l <gcc-names.txt)"
missing=$(comm -23 gcc-names.txt our-names.txt | wc -l)
echo "missing names: $missing"
comm -23 gcc-names.txt our-names.txt | head -5
# The template's variants, weak in both files.
nm our-stats.o | awk '$3 ~ /^_ZGV.*limiterIdE/ {print $2}' | sort -u | tr '\n' ' '
echo

"$gxx" -O3 -fopenmp-simd "${march[@]}" -ffp-contract=off -c "$in/solver.cpp" -o gcc-solver.o
"${ours[@]}" "${march[@]}" -c "$in/solver.cpp" -o our-solver.o
"$gxx" -O1 -c "$in/main.cpp" -o main.o
for s in gcc our; do
  for e in gcc our; do
    "$gxx" main.o $s-solver.o $e-eos.o our-stats.o -o $s-$e
    echo "$s callers, $e callees: $(./$s-$e | tail -1)"
  done
done
# What clang's caller loops call.
llvm-objdump -dr our-solver.o | awk '/R_X86_64_PLT32/ { s = $3; sub(/-0x4$/, "", s); print s }' | sort | uniq -c >calls.txt
