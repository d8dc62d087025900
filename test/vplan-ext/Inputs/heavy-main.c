#include <stdio.h>
#include <string.h>
#pragma omp declare simd notinbranch
float heavy(float x, float y);
static float (*volatile s_heavy)(float, float) = heavy;
#define N 4099
int main(void) {
  static float a[N], b[N], r[N];
  int bad = 0;
  for (int mode = 0; mode < 3; ++mode) {
    unsigned seed = 5;
    for (int i = 0; i < N; ++i) {
      seed = seed * 1103515245u + 12345u;
      float v = (float)((int)(seed >> 9) % 2000) / 100.0f;
      a[i] = mode == 0 ? v : mode == 1 ? -v : ((i / 8) % 3 == 0 ? v : (seed & 64) ? v : -v);
      b[i] = (float)((int)(seed >> 13) % 300 - 150) / 37.0f;
    }
#pragma omp simd
    for (int i = 0; i < N; ++i) r[i] = heavy(a[i], b[i]);
    for (int i = 0; i < N; ++i) {
      float e = s_heavy(a[i], b[i]);
      if (memcmp(&e, &r[i], 4) && bad++ < 5) printf("MISMATCH mode %d i %d: %g vs %g\n", mode, i, r[i], e);
    }
  }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
