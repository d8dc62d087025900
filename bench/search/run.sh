#!/bin/sh
# bench/search: per-lane searches over rows of memory (issue 21): an
# `omp simd` loop calls a declare-simd function that scans its own row
# (rows len floats apart, len 16, 32, 64) for the first element above a
# threshold; most rows are scanned to the end. Builds gcc 12, plain clang
# and clang + vecclone (caller and callee by the same compiler), checks
# each against the gcc -O0 reference, times them and prints ours / gcc and
# ours / plain clang.
#   bench/search/run.sh [PLUGIN] [-march=...]    (default build/lib/VecClone.so,
#                                                 -march=x86-64-v3)
exec "$(dirname "$0")/../three-way.sh" "$(dirname "$0")" "$@"
