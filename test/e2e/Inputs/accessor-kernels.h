// Accessor-indexed memory (issue 20): a grid class whose operator() returns
// a reference into its data at a linear int index, used by declare-simd
// functions; and Mandelbrot rows whose escape count is stored after the
// divergent loop. Shared by the callee (built by clang + vecclone) and the
// gcc-built caller. The pragmas are on the definitions
// (accessor-kernels.cpp): the caller calls the variants by name.
#ifndef ACCESSOR_KERNELS_H
#define ACCESSOR_KERNELS_H

struct Grid {
  double *d;
  int nx;
  double &operator()(int i, int n) { return d[i + nx * n]; }
  const double &operator()(int i, int n) const { return d[i + nx * n]; }
  void smooth(int i, int n);
  void mscale(int i, int n);
};
struct IGrid {
  int *d;
  int nx;
  int &operator()(int i, int n) { return d[i + nx * n]; }
};
struct UGrid {
  float *d;
  unsigned nx;
  float &operator()(unsigned i, unsigned n) { return d[i + nx * n]; }
};
struct LGrid {
  double *d;
  long nx;
  double &operator()(long i, long n) { return d[i + nx * n]; }
};
struct Image {
  int *d;
  int nx;
  int &operator()(int i, int j) { return d[i + nx * j]; }
};

void step(Grid &g, int i, int n);
void istep(IGrid &g, int i, int n);
void step2(Grid &g, int i, int n);
void ustep(UGrid &g, unsigned i, unsigned n);
void lstep(LGrid &g, long i, long n);
void mstep(Grid &g, int i, int n);
double mget(const Grid &g, int i, int n);
float hget(const Grid &g, int i, int n);
void mandel_row(int i, float y0, float dx, int max, int *out);
void mandel_img(Image &img, int i, int j, float y0, float dx, int max);
void mandel_mimg(Image &img, int i, int j, float y0, float dx, int max);

#endif
