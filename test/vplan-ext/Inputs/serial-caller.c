/* Calls the functions of serial.c from omp simd loops and prints every
 * result; the same file built as a plain scalar program is the reference
 * (its output, printf lines included, must be identical). */
#include "serial.h"
#include <stdio.h>
#define N 37
int main(void) {
  static float fa[N], fr[N];
  static int ia[N], ir[N];
  for (int i = 0; i < N; ++i) {
    fa[i] = (float)((i * 7) % 11) - 3.0f;
    ia[i] = (i * 13) % 29 - 9;
  }
#pragma omp simd
  for (int i = 0; i < N; ++i) fr[i] = logged(fa[i]);
  for (int i = 0; i < N; ++i) printf("logged[%d] = %a\n", i, fr[i]);
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = via_ext(ia[i]);
  for (int i = 0; i < N; ++i) printf("via_ext[%d] = %d\n", i, ir[i]);
#pragma omp simd
  for (int i = 0; i < N; ++i) fr[i] = fa[i] > 0.0f ? masked_log(fa[i]) : -1.0f;
  for (int i = 0; i < N; ++i) printf("masked_log[%d] = %a\n", i, fr[i]);
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = loop_logs(ia[i]);
  for (int i = 0; i < N; ++i) printf("loop_logs[%d] = %d\n", i, ir[i]);
#pragma omp simd
  for (int i = 0; i < N; ++i) ir[i] = loop_pure(ia[i]);
  for (int i = 0; i < N; ++i) printf("loop_pure[%d] = %d\n", i, ir[i]);
  return 0;
}
