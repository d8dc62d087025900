#include <math.h>
#pragma omp declare simd notinbranch
float heavy(float x, float y) {
  float r;
  if (x > 0.0f) {
    float a = sqrtf(x) * y;
    float b = a / (y * y + 1.0f);
    float c = sqrtf(b * b + x);
    float d = c / (x + 2.0f);
    float e = sqrtf(d * d + a * a) / (c + 1.0f);
    r = a + b + c + d + e;
  } else {
    float a = x * x - y;
    float b = a / (x * x + 1.0f);
    float c = b / (y * y + 3.0f);
    float d = sqrtf(c * c + 1.0f);
    r = a - b + c * d + y * 3.0f;
  }
  return r * 0.5f;
}
