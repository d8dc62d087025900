/* Callees with narrow variants only (see narrow-calls.h); built by gcc and
 * by clang + vecclone. */
#include "narrow-calls.h"

#pragma omp declare simd simdlen(2) notinbranch
float n2(float x) { return x * x - 3.0f * x + 1.0f; }
#pragma omp declare simd simdlen(4) inbranch
int q4(int x) { return 1000 / x; }
#pragma omp declare simd simdlen(4) uniform(p) linear(i)
float rd4(const float *p, int i) { return p[i] * 0.75f; }
#pragma omp declare simd simdlen(2) linear(p)
void mark2(int *p) { *p = *p * 3 + 1; }
#pragma omp declare simd simdlen(4) notinbranch uniform(s) linear(i:3)
float st3(float x, int i, float s) { return x * s + (float)i; }
