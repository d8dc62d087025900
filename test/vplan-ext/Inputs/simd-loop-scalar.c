/* An omp simd loop whose body searches its own row (rows len floats apart):
 * the lanes' loads would be gathers every round, which the plan expects to
 * lose, so the strip-mined loop runs its iterations in order. */
void first_above(const float *data, int rows, int len, float t, int *out) {
#pragma omp simd
  for (int i = 0; i < rows; ++i) {
    int r = len;
    for (int j = 0; j < len; j++)
      if (data[i * len + j] > t) {
        r = j;
        break;
      }
    out[i] = r;
  }
}
