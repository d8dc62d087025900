/* Built by clang + vecclone: every call below has only narrower variants
 * than the caller's 4 (b) or 8 (d) lanes, or variants of exactly 4 lanes
 * (b). The pragmas are repeated on the definitions, where clang 22 needs
 * them. */
#include "narrow-calls.h"

#pragma omp declare simd
float f_n(float x) { return n2(x) * 2.0f + n2(x + 1.0f); }
/* Only lanes with x > 0 call q4; a slice without such a lane calls nothing. */
#pragma omp declare simd
int f_q(int x) { return x > 0 ? q4(x) : -1; }
/* uniform p, linear i and i + 1 forwarded. */
#pragma omp declare simd uniform(p) linear(i)
float f_rd(const float *p, int i) { return rd4(p, i) - rd4(p, i + 1); }
/* A conditional call that writes memory through a linear pointer. */
#pragma omp declare simd linear(p)
int f_mark(int *p, int x) {
  if (x & 1)
    mark2(p);
  return x * 2;
}
/* linear(i:3) forwarded to a linear(i:3) callee. */
#pragma omp declare simd linear(i:3)
float f_st(float x, int i) { return st3(x, i, 0.5f); }
