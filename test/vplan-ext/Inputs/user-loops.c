/* User `#pragma omp simd` loops whose bodies hold loops with per-element
 * trip counts. Built twice: with vecclone (vplan-ext strip-mines and cuts
 * them) and without (scalar inner loops): the outputs must be identical.
 * Output arrays end right before an unmapped page, and sizes are not
 * multiples of any VL: a masked-off lane of the last chunk that stored
 * would fault. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

__attribute__((noinline)) void mandel_image(int *restrict out, int w, int h,
                                            int maxit) {
  for (int y = 0; y < h; y++) {
#pragma omp simd
    for (int x = 0; x < w; x++) {
      float cr = -2.2f + 3.0f * x / w, ci = -1.5f + 3.0f * y / h;
      float zr = 0, zi = 0;
      int n = 0;
      while (n < maxit && zr * zr + zi * zi < 4.0f) {
        float t = zr * zr - zi * zi + cr;
        zi = 2.0f * zr * zi + ci;
        zr = t;
        n++;
      }
      out[y * w + x] = n;
    }
  }
}

__attribute__((noinline)) void collatz(int *restrict out,
                                       const int *restrict in, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) {
    int v = in[i], c = 0;
    while (v > 1 && c < 500) {
      v = (v & 1) ? 3 * v + 1 : v / 2;
      c++;
    }
    out[i] = c;
  }
}

/* A search with a break in the inner loop, over a shared table. */
__attribute__((noinline)) void search(int *restrict out,
                                      const int *restrict q,
                                      const int *restrict tab, int nt,
                                      int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) {
    int r = -1;
    for (int k = 0; k < nt; k++)
      if (tab[k] == q[i]) {
        r = k;
        break;
      }
    out[i] = r;
  }
}

/* Nested inner loops, both with per-element bounds. */
__attribute__((noinline)) void nested(int *restrict out,
                                      const int *restrict a, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) {
    int s = 0;
    for (int j = 0; j < (a[i] & 7); j++)
      for (int k = 0; k <= j + (a[i] >> 5 & 3); k++)
        s += j * k + 1;
    out[i] = s;
  }
}

/* Doubles (4 lanes on AVX2), an early break on convergence. */
__attribute__((noinline)) void newton(double *restrict out,
                                      const double *restrict a, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++) {
    double x = fabs(a[i]) + 1.0, g = x;
    for (int it = 0; it < 50; it++) {
      double ng = 0.5 * (g + x / g);
      if (ng >= g)
        break;
      g = ng;
    }
    out[i] = g;
  }
}

/* simdlen(4), and the inner loop only under a condition. */
__attribute__((noinline)) void cond_loop(float *restrict out,
                                         const float *restrict a, int n) {
#pragma omp simd simdlen(4)
  for (int i = 0; i < n; i++) {
    float v = a[i];
    if (v > 0.0f)
      for (int k = 0; k < (int)v % 9; k++)
        v = v * 0.75f + 1.0f;
    out[i] = v;
  }
}

/* A sum across iterations (a reduction): not strip-mined (remark), still
 * right. */
__attribute__((noinline)) int sum_lengths(const int *restrict a, int n) {
  int s = 0;
#pragma omp simd reduction(+ : s)
  for (int i = 0; i < n; i++) {
    int v = a[i] & 1023;
    while (v) {
      s += v & 1;
      v >>= 1;
    }
  }
  return s;
}

/* Reductions fed by a divergent inner loop: each lane keeps a partial
 * result, combined after the loop. */
__attribute__((noinline)) int max_steps(const int *restrict a, int n) {
  int m = -5;
#pragma omp simd reduction(max : m)
  for (int i = 0; i < n; i++) {
    int v = a[i] & 4095, c = 0;
    while (v > 1) {
      v = (v & 1) ? 3 * v + 1 : v / 2;
      c++;
    }
    m = c > m ? c : m;
  }
  return m;
}

__attribute__((noinline)) unsigned total_steps(const int *restrict a, int n) {
  unsigned t = 7;
#pragma omp simd reduction(+ : t)
  for (int i = 0; i < n; i++) {
    int v = a[i] & 1023, c = 0;
    while (v > 1) {
      v = (v & 1) ? 3 * v + 1 : v / 2;
      c++;
    }
    t += (unsigned)c * (unsigned)(i & 3);
  }
  return t;
}

/* n-body-like: the inner loop's bound and index are the same in every
 * lane, so it keeps scalar control; lanes of the last chunk past n shadow
 * lane 0 (x and y end right before an unmapped page). */
__attribute__((noinline)) void forces(float *restrict out,
                                      const float *restrict x,
                                      const float *restrict y,
                                      const float *restrict bx,
                                      const float *restrict by, int n, int m) {
#pragma omp simd
  for (int i = 0; i < n; i++) {
    float f = 0.0f;
    for (int j = 0; j < m; j++) {
      float dx = bx[j] - x[i], dy = by[j] - y[i];
      f += 1.0f / sqrtf(dx * dx + dy * dy + 0.01f);
    }
    out[i] = f;
  }
}

/* An array of n T that ends right before an unmapped page. */
static void *guarded(size_t bytes) {
  long page = sysconf(_SC_PAGESIZE);
  size_t span = (bytes + page - 1) / page * page;
  char *m = mmap(0, span + page, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED || mprotect(m + span, page, PROT_NONE))
    return 0;
  return m + span - bytes;
}

static unsigned long hash(const void *p, size_t n) {
  const unsigned char *b = p;
  unsigned long h = 1469598103934665603ul;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ b[i]) * 1099511628211ul;
  return h;
}

int main(void) {
  enum { W = 203, H = 61, N = 1001 };
  int *img = guarded(sizeof(int) * W * H);
  int *io = guarded(sizeof(int) * N);
  double *dout = guarded(sizeof(double) * N);
  float *fout = guarded(sizeof(float) * N);
  static int ia[N], tab[97];
  static double da[N];
  static float fa[N];
  unsigned seed = 77;
  for (int i = 0; i < N; ++i) {
    seed = seed * 1103515245u + 12345u;
    ia[i] = (int)(seed >> 5) % 100000;
    da[i] = (double)(int)(seed >> 9) / 1000.0;
    fa[i] = (float)((int)(seed >> 11) % 4000 - 1000) / 100.0f;
  }
  for (int k = 0; k < 97; ++k)
    tab[k] = (k * 7919) % 211;
  mandel_image(img, W, H, 300);
  printf("mandel %lx\n", hash(img, sizeof(int) * W * H));
  collatz(io, ia, N);
  printf("collatz %lx\n", hash(io, sizeof(int) * N));
  for (int i = 0; i < N; ++i)
    ia[i] %= 211;
  search(io, ia, tab, 97, N);
  printf("search %lx\n", hash(io, sizeof(int) * N));
  nested(io, ia, N);
  printf("nested %lx\n", hash(io, sizeof(int) * N));
  newton(dout, da, N);
  printf("newton %lx\n", hash(dout, sizeof(double) * N));
  cond_loop(fout, fa, N);
  printf("cond_loop %lx\n", hash(fout, sizeof(float) * N));
  printf("sum_lengths %d\n", sum_lengths(ia, N));
  printf("max_steps %d %d %d\n", max_steps(ia, N), max_steps(ia, 3),
         max_steps(ia, 0));
  printf("total_steps %u %u\n", total_steps(ia, N), total_steps(ia, 9));
  for (int n = 1; n <= 19; n += 3) {
    float *fx = guarded(sizeof(float) * n), *fy = guarded(sizeof(float) * n);
    for (int i = 0; i < n; ++i) {
      fx[i] = fa[i];
      fy[i] = fa[N - 1 - i];
    }
    for (int m = 0; m <= 33; m += 11) {
      forces(fout, fx, fy, fa + 100, fa + 300, n, m);
      printf("forces %d %d %lx\n", n, m, hash(fout, sizeof(float) * n));
    }
  }
  return 0;
}
