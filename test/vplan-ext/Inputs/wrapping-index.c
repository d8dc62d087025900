/* Reads whose index is narrow and stepped by the lane: `tab[i & 7]` is a
 * recurrence of the lane only if `i & 7` (a 3-bit value to SCEV) does not
 * wrap, which over sixteen lanes it always does. */
#pragma omp declare simd uniform(tab) linear(i)
float ring(const float *tab, int i) { return tab[i & 7] * 2.0f + 1.0f; }

/* Stride two, from a 3-bit index and the lane's own (fuzz seed 301's
 * fz15049): `a[((c + lane) & 7) + c + lane]`. */
#pragma omp declare simd uniform(a) linear(c)
int twostep(const short *a, int c) {
  unsigned u = (unsigned)c;
  return a[(u & 7u) + u] * 3 + (int)(u >> 1);
}
