/* Sibling loops on the two sides of a branch on memory, both counting to
 * a uniform bound computed before the branch by a division whose divisor
 * cannot be zero (b | 1). */
float g;
#pragma omp declare simd uniform(b)
float sibling(float x, unsigned b) {
  unsigned n = 3 / (b | 1);
  if (g != 0)
    for (unsigned i = 0; i < n; i++)
      x = x * 0.5f + 1.0f;
  else
    for (unsigned i = 0; i < n; i++)
      x = x * 0.25f - 1.0f;
  return x;
}
