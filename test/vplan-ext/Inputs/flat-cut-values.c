#include "flat-cut-values.h"

/* The then side's BOSCC region computes a lane-affine t, which reaches the
 * join in a lane array once that region is cut; the else side's region,
 * cut after it (the call before it is cut first), must not compute t
 * again from what is now a lane array's read. */
#pragma omp declare simd uniform(a, out) linear(c : 1)
unsigned carried(unsigned a, int c, float x, float y, unsigned *out) {
  unsigned t = 3u, u = (unsigned)c;
  if (x > 0.5f) {
    if (y > 0.5f)
      t = ((u % (a | 1u)) - u) ^ (u & 1u);
  } else {
    u = u + (unsigned)weigh((int)u);
    if (y > 1.5f)
      out[c] = u * 5u + (unsigned)y;
  }
  return t + u;
}

/* A uniform loop with shadow lanes reads d once per round, from lane 0 of
 * a vector: the cut at the call in its body cannot tell that dividing by
 * it does not trap, so it does not compute the argument again. */
#pragma omp declare simd uniform(c, n, len) linear(i : 1)
unsigned shared_div(unsigned c, int i, int n, int len) {
  if (i >= len)
    return 0;
  unsigned d = c | 3u;
  unsigned s = 1;
  for (int k = 0; k < n; k++)
    s = s + (unsigned)weigh((int)((c | (unsigned)k) % d));
  return s;
}
