/* Declare-simd functions whose bodies call other declare-simd functions
 * (variant-callees.c, built by gcc or by clang + vecclone): their variants
 * must call the callees' variants of the same length, masked where a call
 * does not run on every lane, or run the call lane by lane. */
#ifndef VARIANT_CALLS_H
#define VARIANT_CALLS_H

/* Callees (variant-callees.c). */
#pragma omp declare simd
float g(float x);
#pragma omp declare simd notinbranch
int h(int x); /* 1000 / x: traps on x == 0, so never on inactive lanes */
#pragma omp declare simd uniform(p) linear(i)
float rd(const float *p, int i);
#pragma omp declare simd linear(p)
void mark(int *p); /* writes *p */

/* Callers (variant-calls.c), built by clang + vecclone. */
#pragma omp declare simd
float f_pure(float x);
#pragma omp declare simd
int f_div(int x);
#pragma omp declare simd uniform(p) linear(i)
float f_lin(const float *p, int i);
#pragma omp declare simd linear(p)
int f_mark(int *p, int x);
#pragma omp declare simd
int rec(int n);
#pragma omp declare simd uniform(t)
float f_u(float x, float t);

#endif
