/* Inner loops after an if/else that holds a uniform loop on one side: the
 * cut at the first loop leaves the rest in a lane loop whose lanes resume
 * where they left the if/else. Every lane took the same side (uniform n),
 * so they resume at one point and the later loops are uniform too, even
 * the one that stores (which shadow lanes could not run). */
#pragma omp declare simd uniform(n, m, a) linear(i : 1) notinbranch
double pick(int n, int m, double *a, int i, double x) {
  double s = x;
  if (n > 4) {
    for (int k = 0; k < n; k++)
      s = s * 0.5 + k;
  } else {
    for (int k = 0; k < m; k++) {
      s += k;
      a[i] = s;
    }
  }
  for (int k = 0; k < m; ++k)
    s += 1.0 / (k + 1 + x);
  return s;
}
