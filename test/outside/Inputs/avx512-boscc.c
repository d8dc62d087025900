// The pragmas stand on the definitions too: clang 22 does not carry a
// declaration's to the definition (issue 20).
#include "avx512-boscc.h"

#pragma omp declare simd
float fd(float x, float y) {
  double a = x, b = y;
  for (int j = 0; j < ((int)x & 7); ++j) {
    if (a > b) {
      a = a / 3.0;
      b = b / a;
      a = a / (b + 1.0);
    } else {
      b = b / 5.0;
      a = a / (b + 2.0);
      b = b / 7.0;
    }
  }
  return (float)(a + b);
}

#pragma omp declare simd
short sd(short a, short b) {
  short s = 0;
  for (int j = 0; j < (a & 3); ++j)
    if (b != 0)
      s += a / b;
  return s;
}

#pragma omp declare simd inbranch
int id(int a, int b) {
  int s = 0;
  for (int j = 0; j < (a & 15); ++j)
    if ((b ^ j) & 1)
      s += (a * j) / (b | 1) + s / 3;
    else
      s -= (b * j) / ((a & 255) + 1) - s / 5;
  return s;
}
