/* More declare-simd functions with divergent control flow (issue 4's runtime
 * differential coverage): switches, nested ifs, early returns from loops,
 * while/continue/break, do-while, uniform bounds with varying breaks, AoS
 * reads and writes with strides 2, 3, 4 and 8, gathers through index arrays,
 * masked variants that store, every scalar type, zero-trip loops, division
 * in loops, simdlen 4/16, linear steps other than 1, calls without variants.
 * The same pragmas are repeated on the definitions in more.c: clang only
 * emits _ZGV names from there. */
#ifndef MORE_H
#define MORE_H

struct P2 { float x, y; };          /* stride 2 */
struct P3 { int a, b, c; };         /* stride 3 */
struct P4 { float x, y, z, w; };    /* stride 4 */
struct P8 { int v[8]; };            /* stride 8 */

/* Switches. */
#pragma omp declare simd notinbranch
int sw_dense(int x);
#pragma omp declare simd notinbranch
int sw_sparse(int x);
#pragma omp declare simd notinbranch
int sw_loop(int n);
/* Nested if/else, 3 deep. */
#pragma omp declare simd notinbranch
float nest3(float a, float b, float c);
/* Early returns from inside loops. */
#pragma omp declare simd uniform(key) notinbranch
int early_ret(int n, int key);
#pragma omp declare simd notinbranch
int early_ret2(int n);
/* while with continue and break; do-while. */
#pragma omp declare simd notinbranch
int while_cb(int n);
#pragma omp declare simd notinbranch
int do_while(int x);
/* Uniform bound, varying break. */
#pragma omp declare simd uniform(n) notinbranch
int uni_bound(int x, int n);
/* AoS reads, strides 2, 3, 4, 8. */
#pragma omp declare simd uniform(p) linear(i) notinbranch
float aos2_read(const struct P2 *p, int i);
#pragma omp declare simd uniform(p) linear(i) notinbranch
int aos3_read(const struct P3 *p, int i);
#pragma omp declare simd uniform(p) linear(i) notinbranch
float aos4_read(const struct P4 *p, int i);
#pragma omp declare simd uniform(p) linear(i) notinbranch
int aos8_read(const struct P8 *p, int i);
/* AoS writes, strides 2, 3, 4, 8. */
#pragma omp declare simd uniform(p) linear(i) notinbranch
void aos2_write(struct P2 *p, int i, float v);
#pragma omp declare simd linear(out) notinbranch
void aos3_write(struct P3 *out, int n);
#pragma omp declare simd linear(out) inbranch
void aos4_write(struct P4 *out, float x);
#pragma omp declare simd uniform(p) linear(i)
void aos8_write(struct P8 *p, int i, int n);
/* Gathers through index arrays. */
#pragma omp declare simd uniform(tab, idx) linear(i) notinbranch
float gather_idx(const float *tab, const int *idx, int i);
#pragma omp declare simd uniform(next) notinbranch
int chase(const int *next, int start);
#pragma omp declare simd uniform(tab) inbranch
float gather_masked(const float *tab, int j);
#pragma omp declare simd uniform(t, n) notinbranch
int bsearch_f(const float *t, int n, float x);
/* Masked stores through linear pointers, inside loops. */
#pragma omp declare simd linear(out) inbranch
void m_accum(float *out, float x);
#pragma omp declare simd linear(out:2) inbranch
void m_lin2(int *out, int n);
/* Every scalar type, with loops. */
#pragma omp declare simd notinbranch
signed char t_char(signed char c);
#pragma omp declare simd notinbranch
short t_short(short s, short t);
#pragma omp declare simd notinbranch
long t_long(long x);
#pragma omp declare simd notinbranch
float t_float(float x);
#pragma omp declare simd notinbranch
double t_double(double x);
/* Zero trips for some lanes; division that only some lanes run. */
#pragma omp declare simd notinbranch
int zero_trip(int a, int b);
#pragma omp declare simd notinbranch
int div_loop(int a, int d);
#pragma omp declare simd notinbranch
long ldiv_loop(long a, long d);
#pragma omp declare simd inbranch
int m_div(int a, int d);
/* simdlen 4 and 16. */
#pragma omp declare simd simdlen(4) notinbranch
float sl4(float x);
#pragma omp declare simd simdlen(16) notinbranch
int sl16(int x);
/* Linear steps other than 1. */
#pragma omp declare simd uniform(a) linear(i:2) notinbranch
float lin_step2(const float *a, int i);
#pragma omp declare simd uniform(a) linear(i:3) notinbranch
int lin_step3(const int *a, int i);
/* Calls without vector variants. */
#pragma omp declare simd notinbranch
int call_pure(int x);
#pragma omp declare simd inbranch
int m_logcall(int x);
#pragma omp declare simd notinbranch
int p_print(int x);

/* Scalar helpers (no declare simd) defined in more.c. */
int more_pure(int i, int x) __attribute__((const));
extern int more_log[4096];
extern int more_log_n;
#endif
