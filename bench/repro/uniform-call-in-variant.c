/* Reproducer (bench finding, for vecclone / vplan-ext; fixed): expf(-r * t)
 * has uniform arguments, yet the AVX2 variant widened it to llvm.exp.v8f32 of
 * a splat (shufflevector + fneg + fmul), which the backend scalarizes: 16
 * expf calls per 8 lanes where 9 would do (8 varying + 1 uniform). A smaller
 * body (x * expf(-r * t) alone) got the call hoisted; this one did not. In
 * bench/, kernel bscholes: 24 expf calls per vector instead of 17, and
 * ours / clang-inlined about 1.7-1.9. vecclone now moves such calls in front
 * of the lane loop before vectorizing (remark LaneInvariantCall): 9 below.
 *
 *   clang-22 -O3 -fopenmp-simd -fno-math-errno \
 *     -fpass-plugin=build/lib/VecClone.so -c uniform-call-in-variant.c -o a.o
 *   objdump -dr a.o | awk '/<_ZGVdN8vvuuu_bs>:/{f=1;next} f&&/^[0-9a-f]+ </{f=0} f' \
 *     | grep -c 'R_X86_64_PLT32.*expf'                          -> 9 (was 16)
 *   (-S -emit-llvm showed `call <8 x float> @llvm.exp.v8f32` of the splat;
 *   now a scalar `call float @llvm.exp.f32` before the lanes) */
#include <math.h>

#pragma omp declare simd uniform(r, v, t)
float bs(float s, float k, float r, float v, float t) {
  float sq = v * sqrtf(t);
  float d1 = (logf(s / k) + (r + 0.5f * v * v) * t) / sq;
  float w = expf(-0.5f * d1 * d1);
  return s * w - k * expf(-r * t) * w;
}
