#pragma omp declare simd notinbranch
float sq(float x) { return x * x + 1.0f; }
#pragma omp declare simd notinbranch uniform(a, n)
float sum(const float *a, int n, float x) {
  float s = 0;
  for (int j = 0; j < n; j++) s += a[j] * x;
  return s;
}
