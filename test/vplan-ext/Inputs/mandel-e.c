// Mandelbrot escape count (mask-simplify-mandel.test).
#pragma omp declare simd
float mandel(float x, float y) {
  float cr = x * 0.6f - 0.5f, ci = y * 0.4f;
  float zr = 0.0f, zi = 0.0f;
  int n = 0;
  while (n < 256 && zr * zr + zi * zi < 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    n++;
  }
  return (float)n;
}
