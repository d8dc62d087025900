/* Reproducer (bench finding, for vplan-ext): the inner loop's trip count is
 * uniform (n and the pointers are `uniform`), but the variants run it as a
 * divergent "while any lane is active" loop with per-lane exit masks on a
 * 64-bit induction. On SSE2 (the b variant) the 64-bit compares are
 * emulated (pcmpeqd + pshufd + pand): ~25 extra instructions per iteration,
 * and the b variant is 1.4-1.75x slower than gcc's b clone in bench/
 * (kernel nbody); on AVX2 ~9 extra (vpcmpeqq + blends).
 *
 *   clang-22 -O3 -fopenmp-simd -ffp-contract=off -fno-math-errno \
 *     -fpass-plugin=build/lib/VecClone.so -c uniform-inner-loop-sse.c -o a.o \
 *     -Rpass-analysis=vecclone     (LaneLoopCut: 'while any lane is active')
 *   objdump -d a.o | awk '/<_ZGVbN4vvuuu_pull>:/,/ret/' */
#include <math.h>

#pragma omp declare simd uniform(px, py, n)
float pull(float x, float y, const float *px, const float *py, int n) {
  float f = 0.0f;
  for (int j = 0; j < n; j++) {
    float dx = px[j] - x, dy = py[j] - y;
    f += 1.0f / sqrtf(dx * dx + dy * dy + 0.01f);
  }
  return f;
}
