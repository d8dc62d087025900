#!/bin/sh
# bench/mixed: a float `omp simd` loop calling a double declare-simd function
# (4-lane variants at AVX2, 8 float lanes), the same with simdlen(8), and a
# conditional call of a recursive function (fib, its masked variant) at
# recursion depths spread 0, 4 and 8 across the lanes. Builds gcc 12, plain
# clang and clang + vecclone (caller and callee by the same compiler),
# checks each against the gcc -O0 reference, times them and prints
# ours / gcc and ours / plain clang.
#   bench/mixed/run.sh [PLUGIN] [-march=...]    (default build/lib/VecClone.so,
#                                                 -march=x86-64-v3)
exec "$(dirname "$0")/../three-way.sh" "$(dirname "$0")" "$@"
