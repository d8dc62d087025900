/* Dynamic instruction counts per element (count-insns.py): the SVE
   variants of sve-fns.c called over an array, against the scalar function
   called per element. argv[1]: which loop ("none": only the set-up),
   argv[2]: N. Built as:
     aarch64-linux-gnu-gcc -O2 -march=armv8-a+sve -c sve-count.c
     clang-22 --target=aarch64-linux-gnu -march=armv8-a+sve -O2 -fopenmp-simd
         -fpass-plugin=build/lib/VecClone.so -c sve-fns.c
     aarch64-linux-gnu-gcc sve-count.o sve-fns.o -o cnt
     python3 count-insns.py ./cnt 16 ff-scalar ff-sve ...  (16: VL bytes) */
/* ACLE SVE code: anything else stops at one located error (the tree's
   -Werror sweep, test/outside, builds every input for x86 too). */
#ifndef __ARM_FEATURE_SVE
#error "build with --target=aarch64-linux-gnu -march=armv8-a+sve"
#else
#include <arm_sve.h>
#include <stdlib.h>
#include <string.h>
#include "sve-fns.h"
svfloat32_t _ZGVsMxvv_ff(svfloat32_t, svfloat32_t, svbool_t);
svfloat64_t _ZGVsMxv_fd(svfloat64_t, svbool_t);
svint32_t _ZGVsMxvv_mandel(svfloat32_t, svfloat32_t, svbool_t);
static float fa[1 << 14], fb[1 << 14], fr[1 << 14];
static double da[1 << 14], dr[1 << 14];
static int ir[1 << 14];
int main(int argc, char **argv) {
  const char *w = argv[1];
  int n = atoi(argv[2]);
  for (int i = 0; i < n; ++i) { fa[i] = (i % 300) / 100.0f - 2.0f; fb[i] = (i % 299) / 100.0f - 1.5f; da[i] = i / 100.0; }
  if (!strcmp(w, "ff-scalar")) for (int i = 0; i < n; ++i) fr[i] = ff(fa[i], fb[i]);
  if (!strcmp(w, "ff-sve"))
    for (int i = 0; i < n; i += svcntw()) { svbool_t p = svwhilelt_b32(i, n);
      svst1(p, fr + i, _ZGVsMxvv_ff(svld1(p, fa + i), svld1(p, fb + i), p)); }
  if (!strcmp(w, "fd-scalar")) for (int i = 0; i < n; ++i) dr[i] = fd(da[i]);
  if (!strcmp(w, "fd-sve"))
    for (int i = 0; i < n; i += svcntd()) { svbool_t p = svwhilelt_b64(i, n);
      svst1(p, dr + i, _ZGVsMxv_fd(svld1(p, da + i), p)); }
  if (!strcmp(w, "mandel-scalar")) for (int i = 0; i < n; ++i) ir[i] = mandel(fa[i], fb[i]);
  if (!strcmp(w, "mandel-sve"))
    for (int i = 0; i < n; i += svcntw()) { svbool_t p = svwhilelt_b32(i, n);
      svst1(p, ir + i, _ZGVsMxvv_mandel(svld1(p, fa + i), svld1(p, fb + i), p)); }
  return 0;
}
#endif
