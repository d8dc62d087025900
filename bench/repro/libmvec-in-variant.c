/* Reproducer (bench finding, for vecclone; fixed): under -fopenmp
 * -ffast-math, glibc declares expf/logf `omp declare simd`; the plugin called
 * libmvec from the caller loop below, but the variants of f called the
 * scalar expf/logf once per lane (expf 38, logf 38 below). gcc's clones of f
 * call _ZGVdN8v_expf / _ZGVdN8v_logf, and so do ours now (each variant its
 * own class and length; docs/design/vecclone.md, "Calls inside variant
 * bodies").
 *
 *   clang-22 -O3 -fopenmp -ffast-math -march=x86-64-v3 \
 *     -fpass-plugin=build/lib/VecClone.so -c libmvec-in-variant.c -o a.o \
 *     -Rpass=vecclone
 *   objdump -dr a.o | grep R_X86_64_PLT32 | awk '{print $3}' | sort | uniq -c
 *     -> _ZGVbN4v_expf 1, _ZGVbN4v_logf 1, _ZGVdN8v_expf 3, _ZGVdN8v_logf 3
 *        (the c and d variants and the loop), _ZGVeN16v_expf 1,
 *        _ZGVeN16v_logf 1; expf 2, logf 2 (f itself and the loop's
 *        remainder)
 *   gcc -O3 -fopenmp -ffast-math -c libmvec-in-variant.c -o g.o   (compare) */
#include <math.h>

#pragma omp declare simd notinbranch
float f(float x) { return expf(x) * 2.0f + logf(x); }

void loop(float *restrict o, const float *restrict a, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++)
    o[i] = expf(a[i]) + logf(a[i]);
}
