#include "accessor-kernels.h"

#pragma omp declare simd uniform(this, n) linear(i) notinbranch
void Grid::smooth(int i, int n) {
  (*this)(i, n) = (*this)(i, n + 1) * 0.5 + (*this)(i, n - 1) * 0.25;
}
#pragma omp declare simd uniform(g, n) linear(i) notinbranch
void step(Grid &g, int i, int n) {
  g(i, n) = g(i, n + 1) * 0.5 + g(i, n - 1) * 0.25;
}
// Same-type data and row length: only the lanes' independence says the
// stores never change nx.
#pragma omp declare simd uniform(g, n) linear(i) notinbranch
void istep(IGrid &g, int i, int n) { g(i, n) = g(i, n + 1) + 2 * g(i, n - 1); }
#pragma omp declare simd uniform(g, n) linear(i : 2) notinbranch
void step2(Grid &g, int i, int n) { g(i, n) = g(i, n + 1) * 0.5; }
#pragma omp declare simd uniform(g, n) linear(i) notinbranch
void ustep(UGrid &g, unsigned i, unsigned n) { g(i, n) = g(i, n + 1) * 0.5f; }
#pragma omp declare simd uniform(g, n) linear(i) notinbranch
void lstep(LGrid &g, long i, long n) { g(i, n) = g(i, n + 1) * 0.5 - 1.0; }
// Masked: each active lane reads the grid's fields, so they are read once,
// before the lanes, when some lane is active (and not at all otherwise).
#pragma omp declare simd uniform(g, n) linear(i) inbranch
void mstep(Grid &g, int i, int n) { g(i, n) = g(i, n + 1) * 0.5; }
#pragma omp declare simd uniform(this, n) linear(i) inbranch
void Grid::mscale(int i, int n) { (*this)(i, n) = (*this)(i, n + 1) * 3.0 - 1.0; }
#pragma omp declare simd uniform(g, n) linear(i : 1) inbranch
double mget(const Grid &g, int i, int n) { return g(i, n) * 2.0; }
// Two float lanes travel as one 64-bit scalar: inactive lanes return 0.
#pragma omp declare simd uniform(g, n) linear(i) inbranch simdlen(2)
float hget(const Grid &g, int i, int n) { return (float)g(i, n) + 0.5f; }

static inline int escape(float cx, float cy, int max) {
  float x = 0, y = 0;
  int k = 0;
  while (k < max && x * x + y * y < 4.0f) {
    float t = x * x - y * y + cx;
    y = 2 * x * y + cy;
    x = t;
    ++k;
  }
  return k;
}
#pragma omp declare simd uniform(y0, dx, max, out) linear(i)
void mandel_row(int i, float y0, float dx, int max, int *out) {
  out[i] = escape(i * dx - 2.0f, y0, max);
}
#pragma omp declare simd uniform(img, j, y0, dx, max) linear(i) notinbranch
void mandel_img(Image &img, int i, int j, float y0, float dx, int max) {
  img(i, j) = escape(i * dx - 2.0f, y0, max);
}
// Masked: the image's fields are read by every lane that reaches the store
// after the loop, so once, before lane loop 3, when some lane does.
#pragma omp declare simd uniform(img, j, y0, dx, max) linear(i) inbranch
void mandel_mimg(Image &img, int i, int j, float y0, float dx, int max) {
  img(i, j) = escape(i * dx - 2.0f, y0, max);
}
