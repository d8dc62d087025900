/* Reproducer (bench finding, for vecclone): under -fopenmp -ffast-math,
 * glibc declares expf/logf `omp declare simd`; the plugin calls libmvec from
 * the caller loop below, but the variants of f call the scalar expf/logf
 * once per lane. gcc's clones of f call _ZGVdN8v_expf / _ZGVdN8v_logf.
 *
 *   clang-22 -O3 -fopenmp -ffast-math -march=x86-64-v3 \
 *     -fpass-plugin=build/lib/VecClone.so -c libmvec-in-variant.c -o a.o \
 *     -Rpass=vecclone
 *   objdump -dr a.o | grep R_X86_64_PLT32 | awk '{print $3}' | sort | uniq -c
 *     -> _ZGVdN8v_expf 1, _ZGVdN8v_logf 1 (the loop), expf 38, logf 38
 *   gcc -O3 -fopenmp -ffast-math -c libmvec-in-variant.c -o g.o   (compare) */
#include <math.h>

#pragma omp declare simd notinbranch
float f(float x) { return expf(x) * 2.0f + logf(x); }

void loop(float *restrict o, const float *restrict a, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++)
    o[i] = expf(a[i]) + logf(a[i]);
}
