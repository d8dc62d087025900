/* memset and memcpy beside arithmetic (serial-memset.test). */
#pragma omp declare simd uniform(out, src) linear(i : 1) notinbranch
float clear_scale(float *out, const float *src, int i, float x) {
  __builtin_memset(out + i * 16, 0, 8 * sizeof(float));
  __builtin_memcpy(out + i * 16 + 8, src + i, 8 * sizeof(float));
  return (x * x + 1.0f) / (x + 3.0f);
}
