// Divisions whose operands are all uniform, under a divergent branch
// (vplan-ext/LaneInvariantHoist.cpp hoists them out of the lane loop with a
// divisor that cannot trap; LLVM 22's vectorizer would otherwise hand every
// lane the predicated copy of lane 0, poison when lane 0 skips it).
#include "uniform-div.h"

// Fuzz seed 200192's shape: a uniform index computed by a division.
#pragma omp declare simd uniform(a, c)
long ud(unsigned char a, const long *c, unsigned char d) {
  if (d % 3 == 0)
    return c[(a / (a | 1)) & 31] + d;
  return d;
}

// The divisor may be zero (or INT_MIN / -1) when no lane divides.
#pragma omp declare simd uniform(a, k)
long sd(long a, long k, long x) {
  if (x & 1)
    return (long)((unsigned long)(a / k) + (unsigned long)x);
  return x;
}

#pragma omp declare simd uniform(a, k)
long sr(long a, long k, long x) {
  if (x & 1)
    return (long)((unsigned long)(a % k) - (unsigned long)x);
  return (long)(0ul - (unsigned long)x);
}

#pragma omp declare simd uniform(a, k)
unsigned short ur(unsigned short a, unsigned short k, unsigned short x) {
  if (x & 1)
    return (unsigned short)(a % k * x);
  return (unsigned short)(x + 1);
}
