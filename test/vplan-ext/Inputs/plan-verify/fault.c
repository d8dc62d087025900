/* One lane loop per pass that cuts: a variant's (vecclone), an omp simd
 * user loop's (SimdLoopPass). Each has one divergent inner loop. */
#pragma omp declare simd notinbranch
int steps(int x) {
  int n = 0;
  while (x > 1) {
    x = x & 1 ? 3 * x + 1 : x / 2;
    n++;
  }
  return n;
}

void user(int *restrict out, const int *restrict in, int len) {
#pragma omp simd
  for (int i = 0; i < len; i++) {
    int x = in[i], n = 0;
    while (x > 1) {
      x = x & 1 ? 3 * x + 1 : x / 2;
      n++;
    }
    out[i] = n;
  }
}
