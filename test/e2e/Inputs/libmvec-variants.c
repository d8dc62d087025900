/* Declare-simd bodies calling libm, built with -fopenmp -ffast-math: glibc's
 * <math.h> then declares the libm functions simd, and the variants call
 * libmvec's entry points of their own length (within libmvec's documented
 * 4 ulp of libm, so not bit for bit; libmvec-variants-main.c checks the
 * tolerance). */
#include <math.h>

#pragma omp declare simd notinbranch
float lf(float x) { return expf(x) * logf(x + 2.0f); }

#pragma omp declare simd notinbranch
double ld(double x) { return exp(x) * log(x + 2.0); }

/* Conditional libm calls: libm functions are total, so the unmasked libmvec
 * entry points serve the masked variant and the branches too. */
#pragma omp declare simd
float lc(float x) { return x > 0.0f ? expf(-x) : sinf(x) * 0.5f; }

/* expf(-t) of the uniform t: one scalar call per variant call. */
#pragma omp declare simd uniform(t) notinbranch
float lu(float x, float t) { return logf(x * x + 2.0f) * expf(-t); }
