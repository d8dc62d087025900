/* The Black-Scholes loop again, for the fast-math build (`bsfast`): run.sh
 * compiles this file and callee.c with -fopenmp -ffast-math, under which
 * glibc's <math.h> declares expf and logf `omp declare simd` (libmvec's
 * _ZGVdN8v_expf, ...). The answers are within libmvec's 4 ulp and
 * fast-math's reassociation of the reference's, so main.cpp checks this
 * kernel with a tolerance instead of bit for bit.
 *   LPREFIX, KPREFIX, CALLER_INLINE as in caller.c. */
#include "caller_common.h"

void LFN(bsfast)(const float *restrict a, const float *restrict b,
                 float *restrict out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = KFN(bscholes)(a[i], b[i], 0.02f, 0.3f, 1.5f);
}
