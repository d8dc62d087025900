/* Callees of variant-calls.c; built by gcc (its clones) and by clang +
 * vecclone. clang 22 only emits the _ZGV names when the pragma is on the
 * definition itself, so it is repeated. */
#include "variant-calls.h"

#pragma omp declare simd
float g(float x) { return x * x * 0.25f - x + 3.0f; }
#pragma omp declare simd notinbranch
int h(int x) { return 1000 / x; }
#pragma omp declare simd uniform(p) linear(i)
float rd(const float *p, int i) { return p[i] * 1.5f; }
#pragma omp declare simd linear(p)
void mark(int *p) { *p = *p * 3 + 1; }
