/* omp simd loops calling the functions of fns.h; built by clang + vecclone
 * or by gcc, they call the AdvSIMD variants. */
#include "fns.h"
void loop_ff(float *r, const float *x, const float *y, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) r[i] = ff(x[i], y[i]);
}
void loop_fd(double *r, const double *x, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) r[i] = fd(x[i]);
}
void loop_ul(float *r, const float *p, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) r[i] = ul(p, i);
}
/* The call runs only where b[i] != 0: a masked variant, whose inactive
 * lanes must not divide (SIGFPE). */
void loop_idiv(int *r, const int *a, const int *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) r[i] = b[i] != 0 ? idiv(a[i], b[i]) : -1;
}
void loop_fs(short *r, const short *x, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) r[i] = fs(x[i]);
}
void loop_fl(long *r, const long *a, const long *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) r[i] = fl(a[i], b[i]);
}
void loop_st(float *p, const float *v, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) st(p, i, v[i]);
}
void loop_uc(float *r, const signed char *p, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) r[i] = uc(p, i);
}
void loop_mixed(double *r, const float *a, const double *b, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) r[i] = mixed(a[i], b[i]);
}
