#include "eh-bodies.h"

// Throws only for a value the lane checks never pass (the terminate run
// passes it in one lane).
#pragma omp declare simd
int scaled(int x) {
  if (x == 1000000)
    throw x;
  return x * 5 - 2;
}
