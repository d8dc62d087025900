/* Exit tests on a round counter that divide: by a value known not to be
   zero (the cut computes the test before each round: a steady copy), and
   by one that may be zero (the test could trap there: no steady copy). */
#pragma omp declare simd notinbranch uniform(a)
unsigned nonzero(unsigned n, unsigned a) {
  unsigned k, s = 0;
  for (k = 0; k < n; k++) {
    if (a - k < a % (k | 1u))
      break;
    s += k * n;
  }
  return s;
}

#pragma omp declare simd notinbranch uniform(a, m)
unsigned maybezero(unsigned n, unsigned a, unsigned m) {
  unsigned k, s = 0;
  for (k = 0; k < n; k++) {
    if (a / (k + m) < 5u)
      break;
    s += k * n;
  }
  return s;
}
