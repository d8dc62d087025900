// Clauses that depend on a class template's parameters (the shape of gcc's
// PR c++/100872): Sema instantiates them for each specialization; the
// front-end plugin must not copy the pattern's own, uninstantiated ones.
#include <cstdio>

template <int N, typename T> struct S {
#pragma omp declare simd aligned(a : N * 2) aligned(b) linear(ref(b) : N)
  float foo(float *a, T *&b) { return *a + *b; }
#pragma omp declare simd simdlen(N / 2) uniform(this) linear(i : N / 8)
  T at(const T *p, int i) const { return p[i] * T(N); }
};

S<16, float> s;

__attribute__((noinline)) float bar(float *a, float *p) { return s.foo(a, p); }

__attribute__((noinline)) void scale(const float *p, float *out, int n) {
#pragma omp simd
  for (int i = 0; i < n; ++i)
    out[i] = s.at(p, 2 * i);
}

int main() {
  alignas(64) float a[4] = {1, 2, 3, 4};
  float q[4] = {5, 6, 7, 8};
  float r = bar(a, q);
  float p[64], out[32];
  for (int i = 0; i < 64; ++i)
    p[i] = i * 0.5f;
  scale(p, out, 32);
  int wrong = r != 6;
  for (int i = 0; i < 32; ++i)
    wrong += out[i] != p[2 * i] * 16;
  std::printf("wrong: %d\n", wrong);
  return wrong != 0;
}
