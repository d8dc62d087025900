// The library-style Mandelbrot, built once per configuration with
// -DPFX=<name>_ (run.sh): three ways of writing the row loop.
//   omp       `#pragma omp simd` row loop calling an inline template
//   ompacc    the same, storing through an image accessor class
//             (operator() returning a reference at i + width * j)
//   declsimd  the pixel function declared simd and not inlined: the row
//             loop calls its vector variant
#include "mandel.h"

#define CAT2(A, B) A##B
#define CAT(A, B) CAT2(A, B)
#define NAME(X) CAT(PFX, X)

template <typename T> inline int escapeCount(T CRe, T CIm, int Count) {
  T ZRe = CRe, ZIm = CIm;
  int I;
  for (I = 0; I < Count; ++I) {
    if (ZRe * ZRe + ZIm * ZIm > T(4))
      break;
    T NewRe = ZRe * ZRe - ZIm * ZIm;
    T NewIm = T(2) * ZRe * ZIm;
    ZRe = CRe + NewRe;
    ZIm = CIm + NewIm;
  }
  return I;
}

// The library example takes its parameters by value; these take a struct
// and copy it first, for the same reason: read through the reference, a
// parameter could change under each store to the image (an int, like the
// row length), and the vectorizer could not treat it as one value.
#define UNPACK(A)                                                              \
  const float X0 = A.X0, Y0 = A.Y0, X1 = A.X1, Y1 = A.Y1;                      \
  const int Width = A.Width, Height = A.Height, MaxIters = A.MaxIters;         \
  const float Dx = (X1 - X0) / Width, Dy = (Y1 - Y0) / Height;

extern "C" void NAME(omp)(const MandelArgs &A, int *Out) {
  UNPACK(A)
  for (int J = 0; J < Height; ++J) {
#pragma omp simd
    for (int I = 0; I < Width; ++I) {
      float X = X0 + I * Dx, Y = Y0 + J * Dy;
      Out[J * Width + I] = escapeCount<float>(X, Y, MaxIters);
    }
  }
}

namespace {
struct Image {
  int *Data;
  int Width;
  int &operator()(int I, int J) { return Data[I + Width * J]; }
};
} // namespace

extern "C" void NAME(ompacc)(const MandelArgs &A, int *Out) {
  UNPACK(A)
  Image Img{Out, Width};
  for (int J = 0; J < Height; ++J) {
#pragma omp simd
    for (int I = 0; I < Width; ++I)
      Img(I, J) = escapeCount<float>(X0 + I * Dx, Y0 + J * Dy, MaxIters);
  }
}

#pragma omp declare simd uniform(Count) notinbranch
__attribute__((noinline)) int NAME(pixel)(float CRe, float CIm, int Count) {
  return escapeCount<float>(CRe, CIm, Count);
}

extern "C" void NAME(declsimd)(const MandelArgs &A, int *Out) {
  UNPACK(A)
  for (int J = 0; J < Height; ++J) {
    float Y = Y0 + J * Dy;
    int *Row = Out + J * Width;
#pragma omp simd
    for (int I = 0; I < Width; ++I)
      Row[I] = NAME(pixel)(X0 + I * Dx, Y, MaxIters);
  }
}
