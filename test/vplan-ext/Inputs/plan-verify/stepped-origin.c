#pragma omp declare simd uniform(vals, n, len, reps) linear(r:1) notinbranch
float ell2(const float *vals, int n, const int *len, int reps, int r) {
  float s = 0;
  for (int k = 0; k < reps; k++) {
    int m = len[r] + k;
    for (int j = 0; j < m; j++)
      s += vals[j * n + r];
  }
  return s;
}
