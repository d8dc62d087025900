// Hand-written AVX2 and AVX-512 Mandelbrot: 8 (16) pixels of a row per
// vector, every lane iterating until all of them escaped or reached the
// limit (the mask of live lanes decides both the counts and the exit). The arithmetic is the
// scalar function's, operation for operation (no FMA: every build uses
// -ffp-contract=off), so the counts are the same bit for bit.
#include "mandel.h"
#include <immintrin.h>

static int scalarPixel(float CRe, float CIm, int Count) {
  float ZRe = CRe, ZIm = CIm;
  int I;
  for (I = 0; I < Count; ++I) {
    if (ZRe * ZRe + ZIm * ZIm > 4.0f)
      break;
    float NewRe = ZRe * ZRe - ZIm * ZIm;
    float NewIm = 2.0f * ZRe * ZIm;
    ZRe = CRe + NewRe;
    ZIm = CIm + NewIm;
  }
  return I;
}

__attribute__((target("avx2"))) static __m256i
pixels8(__m256 CRe, __m256 CIm, int Count) {
  const __m256 Four = _mm256_set1_ps(4.0f), Two = _mm256_set1_ps(2.0f);
  __m256 ZRe = CRe, ZIm = CIm;
  __m256i N = _mm256_setzero_si256();
  // All ones: every lane is still iterating.
  __m256 Live = _mm256_castsi256_ps(_mm256_set1_epi32(-1));
  for (int I = 0; I < Count; ++I) {
    __m256 Re2 = _mm256_mul_ps(ZRe, ZRe), Im2 = _mm256_mul_ps(ZIm, ZIm);
    // Not "> 4" (a NaN keeps iterating, as in the scalar loop).
    Live = _mm256_and_ps(
        Live, _mm256_cmp_ps(_mm256_add_ps(Re2, Im2), Four, _CMP_NGT_UQ));
    if (_mm256_testz_ps(Live, Live))
      break;
    // A live lane counts this iteration: N - (-1).
    N = _mm256_sub_epi32(N, _mm256_castps_si256(Live));
    __m256 NewRe = _mm256_sub_ps(Re2, Im2);
    __m256 NewIm = _mm256_mul_ps(_mm256_mul_ps(Two, ZRe), ZIm);
    ZRe = _mm256_add_ps(CRe, NewRe);
    ZIm = _mm256_add_ps(CIm, NewIm);
  }
  return N;
}

extern "C" __attribute__((target("avx2"))) void
hand_avx2(const MandelArgs &A, int *Out) {
  float Dx = (A.X1 - A.X0) / A.Width, Dy = (A.Y1 - A.Y0) / A.Height;
  const __m256 VX0 = _mm256_set1_ps(A.X0), VDx = _mm256_set1_ps(Dx);
  const __m256i Lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  for (int J = 0; J < A.Height; ++J) {
    float Y = A.Y0 + J * Dy;
    __m256 CIm = _mm256_set1_ps(Y);
    int *Row = Out + J * A.Width;
    int I = 0;
    for (; I + 8 <= A.Width; I += 8) {
      __m256i Idx = _mm256_add_epi32(_mm256_set1_epi32(I), Lane);
      __m256 CRe = _mm256_add_ps(VX0, _mm256_mul_ps(_mm256_cvtepi32_ps(Idx), VDx));
      _mm256_storeu_si256((__m256i *)(Row + I), pixels8(CRe, CIm, A.MaxIters));
    }
    for (; I < A.Width; ++I)
      Row[I] = scalarPixel(A.X0 + I * Dx, Y, A.MaxIters);
  }
}

// The same with AVX-512: 16 pixels per vector, the live lanes in a mask
// register, the count a masked add.
__attribute__((target("avx512f"))) static __m512i
pixels16(__m512 CRe, __m512 CIm, int Count) {
  const __m512 Four = _mm512_set1_ps(4.0f), Two = _mm512_set1_ps(2.0f);
  const __m512i One = _mm512_set1_epi32(1);
  __m512 ZRe = CRe, ZIm = CIm;
  __m512i N = _mm512_setzero_si512();
  __mmask16 Live = 0xffff;
  for (int I = 0; I < Count; ++I) {
    __m512 Re2 = _mm512_mul_ps(ZRe, ZRe), Im2 = _mm512_mul_ps(ZIm, ZIm);
    Live = _mm512_mask_cmp_ps_mask(Live, _mm512_add_ps(Re2, Im2), Four,
                                   _CMP_NGT_UQ);
    if (!Live)
      break;
    N = _mm512_mask_add_epi32(N, Live, N, One);
    __m512 NewRe = _mm512_sub_ps(Re2, Im2);
    __m512 NewIm = _mm512_mul_ps(_mm512_mul_ps(Two, ZRe), ZIm);
    ZRe = _mm512_add_ps(CRe, NewRe);
    ZIm = _mm512_add_ps(CIm, NewIm);
  }
  return N;
}

extern "C" __attribute__((target("avx512f"))) void
hand_avx512(const MandelArgs &A, int *Out) {
  float Dx = (A.X1 - A.X0) / A.Width, Dy = (A.Y1 - A.Y0) / A.Height;
  const __m512 VX0 = _mm512_set1_ps(A.X0), VDx = _mm512_set1_ps(Dx);
  const __m512i Lane =
      _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  for (int J = 0; J < A.Height; ++J) {
    float Y = A.Y0 + J * Dy;
    __m512 CIm = _mm512_set1_ps(Y);
    int *Row = Out + J * A.Width;
    int I = 0;
    for (; I + 16 <= A.Width; I += 16) {
      __m512i Idx = _mm512_add_epi32(_mm512_set1_epi32(I), Lane);
      __m512 CRe =
          _mm512_add_ps(VX0, _mm512_mul_ps(_mm512_cvtepi32_ps(Idx), VDx));
      _mm512_storeu_si512(Row + I, pixels16(CRe, CIm, A.MaxIters));
    }
    for (; I < A.Width; ++I)
      Row[I] = scalarPixel(A.X0 + I * Dx, Y, A.MaxIters);
  }
}
