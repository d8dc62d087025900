/* The AoS stride-3 loop again, for the math-errno build (`aos3e`): run.sh
 * compiles this file and callee.c without -fno-math-errno (-fmath-errno,
 * the default of gcc and of clang on Linux, so what `gcc -O3 -fopenmp`
 * users get), with the *e_ kernel prefixes. Contraction stays off
 * (-ffp-contract=off), and sqrtf of the sum of squares is correctly
 * rounded whether or not errno may be set (the argument is never
 * negative), so main.cpp checks this kernel bit for bit like the others.
 * At these flags gcc 12's clone keeps sqrtf's errno path and runs the
 * lanes one at a time; ours proves the argument non-negative and stays
 * vector code.
 *   LPREFIX, KPREFIX, CALLER_INLINE as in caller.c. */
#include "caller_common.h"

void LFN(aos3e)(const float *restrict a, const float *restrict b,
                float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(aos3)(a, i, b[i]);
}
