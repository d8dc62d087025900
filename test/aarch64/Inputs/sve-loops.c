/* omp simd loops calling the declare-simd functions of sve-fns.c; built
   with +sve and the plugin, each calls the _ZGVsMx variant (the loop's
   predicate for the conditional ones). */

#pragma omp declare simd
float ff(float, float);
#pragma omp declare simd
double fd(double);
#pragma omp declare simd
int fi(int, int);
#pragma omp declare simd
short fs(short, short);
#pragma omp declare simd
unsigned char fc(unsigned char, unsigned char);
#pragma omp declare simd uniform(p) linear(i)
float fu(const float *p, int i);
#pragma omp declare simd uniform(out) linear(i)
void fw(float *out, int i, float v);
#pragma omp declare simd
int fdiv(int, int);
#pragma omp declare simd
double fm(float, double);
#pragma omp declare simd
int mandel(float, float);

void loop_ff(int n, const float *a, const float *b, float *r) {
#pragma omp simd
  for (int i = 0; i < n; ++i) r[i] = ff(a[i], b[i]);
}
void loop_fd(int n, const double *a, double *r) {
#pragma omp simd
  for (int i = 0; i < n; ++i) r[i] = fd(a[i]);
}
void loop_fi_cond(int n, const int *a, const int *b, int *r) {
#pragma omp simd
  for (int i = 0; i < n; ++i) if (a[i] > 0) r[i] = fi(a[i], b[i]);
}
void loop_fs(int n, const short *a, const short *b, short *r) {
#pragma omp simd
  for (int i = 0; i < n; ++i) r[i] = fs(a[i], b[i]);
}
void loop_fc(int n, const unsigned char *a, const unsigned char *b, unsigned char *r) {
#pragma omp simd
  for (int i = 0; i < n; ++i) r[i] = fc(a[i], b[i]);
}
void loop_fu(int n, const float *p, float *r) {
#pragma omp simd
  for (int i = 0; i < n; ++i) r[i] = fu(p, i);
}
void loop_fw(int n, float *out, const float *v) {
#pragma omp simd
  for (int i = 0; i < n; ++i) if (v[i] > 10.0f) fw(out, i, v[i]);
}
void loop_fdiv(int n, const int *a, const int *b, int *r) {
#pragma omp simd
  for (int i = 0; i < n; ++i) r[i] = b[i] != 0 ? fdiv(a[i], b[i]) : -1;
}
void loop_fm(int n, const float *a, const double *b, double *r) {
#pragma omp simd
  for (int i = 0; i < n; ++i) r[i] = fm(a[i], b[i]);
}
void loop_mandel(int n, const float *a, const float *b, int *r) {
#pragma omp simd
  for (int i = 0; i < n; ++i) r[i] = mandel(a[i], b[i]);
}
