// Mandelbrot in the style of a C++ SIMD library's example: one pixel's
// escape count is an inline template function with a divergent loop
// (`for (i = 0; i < count; ++i) { if (|z|^2 > 4) break; ... }`), and the
// image is computed row by row. Each build of kernels.cpp (one per
// compiler and -march, see run.sh) defines its functions under its own
// prefix; main.cpp links them all.
#ifndef MANDEL_BENCH_H
#define MANDEL_BENCH_H

struct MandelArgs {
  float X0, Y0, X1, Y1;
  int Width, Height, MaxIters;
};

// out[j * Width + i] = escape count of pixel (i, j).
using MandelFn = void (*)(const MandelArgs &, int *Out);

#define MANDEL_DECLARE(PFX)                                                    \
  extern "C" void PFX##omp(const MandelArgs &, int *);                         \
  extern "C" void PFX##ompacc(const MandelArgs &, int *);                      \
  extern "C" void PFX##declsimd(const MandelArgs &, int *);

#endif
