/* gcc's omp simd loop calls first_above's variants; every lane must equal
 * the scalar function (called through a volatile pointer). */
#include <stdio.h>

int first_above(const float *data, int i, int len, float t);
static int (*volatile Scalar)(const float *, int, int, float) = first_above;

enum { Rows = 1003, Len = 37 };
static float Data[Rows * Len];
static int Got[Rows];

__attribute__((noinline)) static void search(float t) {
#pragma omp simd
  for (int i = 0; i < Rows; i++)
    Got[i] = first_above(Data, i, Len, t);
}

int main(void) {
  unsigned s = 12345;
  for (int k = 0; k < Rows * Len; k++) {
    s = s * 1103515245u + 12345u;
    Data[k] = (float)((s >> 8) % 10000) / 10000.0f;
  }
  int bad = 0;
  for (int r = 0; r < 3; r++) {
    float t = r == 0 ? 0.9f : r == 1 ? 0.99f : 2.0f;
    search(t);
    for (int i = 0; i < Rows; i++)
      bad += Got[i] != Scalar(Data, i, Len, t);
  }
  printf("wrong: %d\n", bad);
  return bad != 0;
}
