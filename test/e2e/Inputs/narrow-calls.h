/* Declare-simd functions whose callees only have narrower variants than the
 * callers' (narrow-callees.c, built by gcc or by clang + vecclone): a caller
 * variant of VL lanes calls a callee variant of n lanes VL/n times, once per
 * slice of its lanes, instead of calling the scalar function lane by lane. */
#ifndef NARROW_CALLS_H
#define NARROW_CALLS_H

/* Callees (narrow-callees.c). */
#pragma omp declare simd simdlen(2) notinbranch
float n2(float x);
#pragma omp declare simd simdlen(4) inbranch
int q4(int x); /* 1000 / x: traps on x == 0, so never on inactive lanes */
#pragma omp declare simd simdlen(4) uniform(p) linear(i)
float rd4(const float *p, int i);
#pragma omp declare simd simdlen(2) linear(p)
void mark2(int *p); /* *p = *p * 3 + 1 */
#pragma omp declare simd simdlen(4) notinbranch uniform(s) linear(i:3)
float st3(float x, int i, float s);

/* Callers (narrow-calls.c), built by clang + vecclone: default lengths, so
 * 4 lanes (b) and 8 lanes (d). */
#pragma omp declare simd
float f_n(float x);
#pragma omp declare simd
int f_q(int x);
#pragma omp declare simd uniform(p) linear(i)
float f_rd(const float *p, int i);
#pragma omp declare simd linear(p)
int f_mark(int *p, int x);
#pragma omp declare simd linear(i:3)
float f_st(float x, int i);

#endif
