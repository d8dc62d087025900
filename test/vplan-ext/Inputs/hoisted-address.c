/* Uniform loops that store through an address computed once before the
 * loop from a linear pointer: `a[0]` is `a + lane * step` in every lane,
 * the same each iteration. With step 1 the lanes' addresses are
 * contiguous, so the loop can run a lane-stepped copy that stores one
 * vector per iteration; with step 2 the copy's run-time test fails and the
 * lanes store one by one. */
#pragma omp declare simd uniform(b) linear(a) notinbranch
long bytes(signed char *a, unsigned b) {
  for (unsigned k = 0; k < (b & 15u); k++)
    if (k != b)
      a[0] = (signed char)(b % (k | 1u));
  return 0;
}

#pragma omp declare simd uniform(n) linear(a) notinbranch
float floats(float *a, int n) {
  for (int k = 0; k < (n & 15); k++)
    if (a[0] < (float)k)
      a[0] = (float)k * 0.75f;
  return a[0];
}

#pragma omp declare simd uniform(n) linear(a : 2) notinbranch
int pairs(int *a, int n) {
  for (int k = 0; k < (n & 15); k++)
    if (a[0] < k)
      a[0] = k * 3;
  return a[0];
}
