// Calls the variants of class-by-value.cpp directly with gcc's ABI.
#include <immintrin.h>
#include <cstdio>
struct Q { int v; Q(int x) : v(x) {} Q(const Q &o) : v(o.v) {} ~Q() {} };
// Variants called directly with gcc's ABI: a uniform class by value is the
// address of the caller's one temporary.
extern "C" __m128i _ZGVbN4vu__Z1gi1Q(__m128i, Q *);
extern "C" __attribute__((target("avx2"))) __m256i _ZGVdN8vu__Z1gi1Q(__m256i, Q *);
__attribute__((target("avx2"))) int rund(Q *q, int *out) {
  __m256i r = _ZGVdN8vu__Z1gi1Q(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), q);
  _mm256_storeu_si256((__m256i *)out, r);
  return 8;
}
int main() {
  int bad = 0, out[8];
  Q q(5);
  __m128i r = _ZGVbN4vu__Z1gi1Q(_mm_setr_epi32(0, 1, 2, 3), &q);
  _mm_storeu_si128((__m128i *)out, r);
  for (int l = 0; l < 4; l++) bad += out[l] != l + 6;
  bad += q.v != 5;
  Q q2(5);
  rund(&q2, out);
  for (int l = 0; l < 8; l++) bad += out[l] != l + 6;
  bad += q2.v != 5;
  printf("wrong: %d\n", bad);
  return bad != 0;
}
