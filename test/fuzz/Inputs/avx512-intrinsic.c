/* emulate_e.py input (fuzz-ci-emulated-e.test): an AVX-512 intrinsic that
 * the x86-64-v3 backend cannot lower, so the emulation must say CANNOT
 * EMULATE instead of failing in llc or skipping the variant silently. */
#include <immintrin.h>
#pragma omp declare simd notinbranch
float f(float x) { return x * 2.0f; }
__attribute__((target("avx512f"))) float rcp14(const float *p) {
  __m512 v = _mm512_rcp14_ps(_mm512_loadu_ps(p));
  return _mm512_cvtss_f32(v);
}
