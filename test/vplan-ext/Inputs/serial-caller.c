/* Calls the functions of serial.c from omp simd loops and prints every
 * result; the same file built as a plain scalar program is the reference
 * (its output, printf lines included, must be identical). */
#include "serial.h"
#include <stdio.h>
#define N 37
/* A multiple of 8: gcc 12's vectorized epilogue of a loop calling a
 * variant with a linear argument passes 0 for it, not the index. */
#define R 40
int main(void) {
  static float fa[N], fr[N];
  static int ia[N], ir[N], rows[8 * R], rr[R], buf[8 * R];
  for (int i = 0; i < 8 * R; ++i)
    rows[i] = (i * 5) % 23 - 4;
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
#pragma omp simd
  for (int i = 0; i < R; ++i) rr[i] = pure_rows(rows, R, i);
  for (int i = 0; i < R; ++i) printf("pure_rows[%d] = %d\n", i, rr[i]);
  for (int i = 0; i < 8 * R; ++i)
    buf[i] = -1;
#pragma omp simd
  for (int i = 0; i < R; ++i) rr[i] = copy_mix(buf, rows, i, rows[3 * i]);
  for (int i = 0; i < R; ++i) printf("copy_mix[%d] = %d\n", i, rr[i]);
  for (int i = 0; i < 8 * R; ++i) printf("buf[%d] = %d\n", i, buf[i]);
  return 0;
}
