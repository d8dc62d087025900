/* Uniform and divergent inner loops reading a column-major matrix through
 * an address the lane computes before the loop (m + i): the cut computes it
 * again in the inner loop's lane loop, so the reads are contiguous across
 * lanes. Lanes with i >= n return first, so the uniform loop has shadow
 * lanes: they must not read their own (out-of-bounds) column. */
#pragma omp declare simd uniform(m, n, k) linear(i : 1)
float colsum(const float *m, int i, int n, int k) {
  if (i >= n)
    return -1.0f;
  const float *c = m + i;
  float s = 0.0f;
  for (int j = 0; j < k; j++)
    s += c[j * n] * (float)(j + 1);
  return s;
}

/* A per-lane number of rows: a divergent loop over the same column. */
#pragma omp declare simd uniform(m, n, len) linear(i : 1)
float colprefix(const float *m, int i, int n, const int *len) {
  if (i >= n)
    return -1.0f;
  const float *c = m + i;
  float s = 0.0f;
  for (int j = 0; j < len[i]; j++)
    s = s * 0.5f + c[j * n];
  return s;
}
