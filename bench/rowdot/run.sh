#!/bin/sh
# bench/rowdot: per-lane dot products of rows: an `omp simd` loop calls a
# declare-simd function that sums the products of its own row (ints, rows
# len apart, len 8, 32, 256) with a vector x. Across the lanes each element
# is a gather; in a lane's own run the loop vectorizer widens the loop, so
# the plan keeps the lanes scalar (the cost of the scalar lane loop counts
# its vectorized inner loop). Builds gcc 12, plain clang and clang +
# vecclone (caller and callee by the same compiler), checks each against
# the gcc -O0 reference, times them and prints ours / gcc and ours / plain.
#   bench/rowdot/run.sh [PLUGIN] [-march=...]    (default build/lib/VecClone.so,
#                                                 -march=x86-64-v3)
exec "$(dirname "$0")/../three-way.sh" "$(dirname "$0")" "$@"
