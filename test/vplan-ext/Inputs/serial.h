/* Declare-simd functions that call functions without vector variants. */
#pragma omp declare simd notinbranch
float logged(float x);
#pragma omp declare simd notinbranch
int via_ext(int x);
#pragma omp declare simd inbranch
float masked_log(float x);
#pragma omp declare simd notinbranch
int loop_logs(int n);
#pragma omp declare simd notinbranch
int loop_pure(int n);
#pragma omp declare simd uniform(t, n) linear(r : 1) notinbranch
int pure_rows(const int *t, int n, int r);
#pragma omp declare simd uniform(buf, src) linear(i : 1) notinbranch
int copy_mix(int *buf, const int *src, int i, int x);
int ext_mix(int x);          /* no declare simd, in another file */
int ext_pure(int x) __attribute__((const));
