/* Calls colsum and colprefix from omp simd loops (unmasked and under a
 * condition, which calls the masked variants) over more lanes than the
 * matrix has columns, with the matrix ending right before an unmapped page:
 * a lane that read its own column past n would fault. Every element is
 * compared with the scalar function's. */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#pragma omp declare simd uniform(m, n, k) linear(i : 1)
float colsum(const float *m, int i, int n, int k);
#pragma omp declare simd uniform(m, n, len) linear(i : 1)
float colprefix(const float *m, int i, int n, const int *len);

__attribute__((noinline)) float scalar_colsum(const float *m, int i, int n,
                                              int k) {
  return colsum(m, i, n, k);
}
__attribute__((noinline)) float scalar_colprefix(const float *m, int i, int n,
                                                 const int *len) {
  return colprefix(m, i, n, len);
}

/* n * k floats ending at a page boundary followed by a PROT_NONE page. */
static float *guarded(int count) {
  long pg = sysconf(_SC_PAGESIZE);
  size_t bytes = (count * sizeof(float) + pg - 1) / pg * pg;
  char *p = mmap(0, bytes + pg, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  mprotect(p + bytes, pg, PROT_NONE);
  return (float *)(p + bytes) - count;
}

int main(void) {
  enum { W = 64 };
  static float out[W], ref[W];
  static int len[W];
  int bad = 0;
  int shapes[][2] = {{37, 5}, {64, 3}, {17, 9}, {1, 4}, {40, 0}};
  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; ++s) {
    int n = shapes[s][0], k = shapes[s][1];
    float *m = guarded(n * (k ? k : 1));
    for (int e = 0; e < n * (k ? k : 1); ++e)
      m[e] = (float)((e * 7) % 23) - 11.0f;
    for (int i = 0; i < W; ++i)
      len[i] = i < n ? (i * 5 + s) % (k + 1) : 1000;
    for (int pass = 0; pass < 4; ++pass) {
      memset(out, 0, sizeof out);
      memset(ref, 0, sizeof ref);
      if (pass == 0) {
#pragma omp simd
        for (int i = 0; i < W; ++i)
          out[i] = colsum(m, i, n, k);
      } else if (pass == 1) {
#pragma omp simd
        for (int i = 0; i < W; ++i)
          if (i % 3 != 1)
            out[i] = colsum(m, i, n, k);
      } else if (pass == 2) {
#pragma omp simd
        for (int i = 0; i < W; ++i)
          out[i] = colprefix(m, i, n, len);
      } else {
#pragma omp simd
        for (int i = 0; i < W; ++i)
          if (i % 4 != 2)
            out[i] = colprefix(m, i, n, len);
      }
      for (int i = 0; i < W; ++i) {
        if ((pass == 1 && i % 3 == 1) || (pass == 3 && i % 4 == 2))
          continue;
        ref[i] = pass < 2 ? scalar_colsum(m, i, n, k)
                          : scalar_colprefix(m, i, n, len);
        if (memcmp(&out[i], &ref[i], sizeof(float))) {
          printf("MISMATCH pass %d n=%d k=%d i=%d: %a vs %a\n", pass, n, k, i,
                 out[i], ref[i]);
          ++bad;
        }
      }
    }
  }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
