/* Bodies with 128 and 129 inner loops, each a cut (cut-budget.c). */
#define L1(k) for (int i = 0; i < n; ++i) s = s * 0.5f + x * (float)(i + (k));
#define L2(k) L1(k) L1((k) + 1)
#define L4(k) L2(k) L2((k) + 2)
#define L8(k) L4(k) L4((k) + 4)
#define L16(k) L8(k) L8((k) + 8)
#define L32(k) L16(k) L16((k) + 16)
#define L64(k) L32(k) L32((k) + 32)
#define L128(k) L64(k) L64((k) + 64)

#pragma omp declare simd uniform(n) simdlen(4) notinbranch
float many128(float x, int n) {
  float s = 0.0f;
  L128(0)
  return s;
}

#pragma omp declare simd uniform(n) simdlen(4) notinbranch
float many129(float x, int n) {
  float s = 0.0f;
  L128(0)
  L1(128)
  return s;
}
