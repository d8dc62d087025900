/* Every element against the loop run one element at a time. */
#include <stdio.h>
#include <string.h>
void first_above(const float *data, int rows, int len, float t, int *out);
int main(void) {
  enum { R = 203, L = 37 };
  static float d[R * L];
  static int out[R];
  unsigned s = 1;
  for (int k = 0; k < R * L; ++k) { s = s * 1103515245u + 12345u; d[k] = (s >> 8) / 16777216.0f; }
  int bad = 0;
  for (int len = 0; len <= L; len += 4) {
    first_above(d, R, len, 0.97f, out);
    for (int i = 0; i < R; ++i) {
      int r = len;
      for (int j = 0; j < len; j++) if (d[i * len + j] > 0.97f) { r = j; break; }
      bad += out[i] != r;
    }
  }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
