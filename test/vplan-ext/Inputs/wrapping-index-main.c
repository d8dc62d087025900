/* Calls ring and twostep from omp simd loops (unmasked and under a
 * condition, which calls the masked variants) and compares every element
 * with the scalar function's. */
#include <stdio.h>

#pragma omp declare simd uniform(tab) linear(i)
float ring(const float *tab, int i);
#pragma omp declare simd uniform(a) linear(c)
int twostep(const short *a, int c);

__attribute__((noinline)) float scalar_ring(const float *tab, int i) {
  return ring(tab, i);
}
__attribute__((noinline)) int scalar_twostep(const short *a, int c) {
  return twostep(a, c);
}

int main(void) {
  enum { N = 203 };
  static float tab[8], fo[N];
  static short a[2 * N + 16];
  static int io[N];
  int bad = 0;
  for (int k = 0; k < 8; ++k)
    tab[k] = (float)(k * k) - 7.5f;
  for (int k = 0; k < 2 * N + 16; ++k)
    a[k] = (short)((k * 37) % 101 - 50);
  for (int start = 0; start < 9; ++start) {
#pragma omp simd
    for (int i = 0; i < N - start; ++i)
      fo[i] = ring(tab, i + start);
    for (int i = 0; i < N - start; ++i)
      bad += fo[i] != scalar_ring(tab, i + start);
#pragma omp simd
    for (int i = 0; i < N - start; ++i)
      io[i] = twostep(a, i + start);
    for (int i = 0; i < N - start; ++i)
      bad += io[i] != scalar_twostep(a, i + start);
#pragma omp simd
    for (int i = 0; i < N - start; ++i)
      if ((i * 7) % 3)
        fo[i] = ring(tab, i + start);
    for (int i = 0; i < N - start; ++i)
      if ((i * 7) % 3)
        bad += fo[i] != scalar_ring(tab, i + start);
#pragma omp simd
    for (int i = 0; i < N - start; ++i)
      if (i % 5 != 2)
        io[i] = twostep(a, i + start);
    for (int i = 0; i < N - start; ++i)
      if (i % 5 != 2)
        bad += io[i] != scalar_twostep(a, i + start);
  }
  printf("mismatches: %d\n", bad);
  return bad != 0;
}
