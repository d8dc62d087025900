/* Declare-simd functions whose SVE (`s`) variants test/aarch64/sve-*.test
   check: clang-22 with -march=armv8-a+sve promises _ZGVsMx... for each. */
#pragma omp declare simd
float ff(float x, float y) { return x * y + 1.0f; }

#pragma omp declare simd
double fd(double x) { return x > 1.0 ? x * 0.5 : x * 3.0 + 1.0; }

#pragma omp declare simd
int fi(int a, int b) { return a * b + (a >> 2); }

#pragma omp declare simd
short fs(short a, short b) { return (short)(a * 3 + b); }

#pragma omp declare simd
unsigned char fc(unsigned char a, unsigned char b) { return (unsigned char)(a + 2 * b); }

/* Reads through a uniform pointer at a linear index. */
#pragma omp declare simd uniform(p) linear(i)
float fu(const float *p, int i) { return p[i] * 2.0f + 1.0f; }

/* Reads the first field of 3-int records (linear step 3): a read at a
   12-byte stride under the variant's mask. A group of it would miss its last
   field, so the vectorizer would want a scalar epilogue, which the lane loop
   has no room for: InterleaveGapFill makes it a gather. */
#pragma omp declare simd linear(a:3)
float lin3(const unsigned *a) { return (float)a[0] * 0.5f + 1.0f; }

/* Writes: an inactive lane must never store. */
#pragma omp declare simd uniform(out) linear(i)
void fw(float *out, int i, float v) { out[i] = v * 2.0f + 3.0f; }

/* A division inactive lanes must not run (b == 0 there). */
#pragma omp declare simd
int fdiv(int a, int b) { return a / b; }

/* Mixed sizes: vscale x 2 lanes, the float argument unpacked. */
#pragma omp declare simd
double fm(float a, double b) { return a * b + 0.25; }

/* A divergent inner loop: runs lane by lane (a remark says why). */
#pragma omp declare simd
int mandel(float cr, float ci) {
  float zr = 0, zi = 0;
  int n = 0;
  while (n < 64 && zr * zr + zi * zi < 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    ++n;
  }
  return n;
}

/* Inner loops over all vscale x N lanes (rounds at the run-time lane
   count): a search that leaves with break (divergent), a power by a
   uniform count. */
#pragma omp declare simd
int firstsq(float x) {
  int k;
  for (k = 0; k < 100; ++k)
    if ((float)(k * k) * 0.37f > x)
      break;
  return k;
}

/* A search through memory with break: the plan (at one granule's 4 lanes)
   finds its gathers slower than scalar lanes, so this variant runs granule
   by granule, each granule's lanes one by one. */
#pragma omp declare simd uniform(a, n)
int search(const int *a, int n, int key) {
  int i;
  for (i = 0; i < n; ++i)
    if (a[i] == key)
      break;
  return i;
}

#pragma omp declare simd uniform(n)
float upow(float x, int n) {
  float r = 1.0f;
  for (int i = 0; i < n; ++i)
    r = r * x + 0.25f;
  return r;
}

/* A loop around a call without a vector variant: the cut at the run-time
   lane count refuses the lane-by-lane call, and the variant runs granule
   by granule. */
__attribute__((noinline)) float novariant(float x) { return x * 0.5f + 1.0f; }
#pragma omp declare simd
float callloop(float x) {
  float s = 0.0f;
  for (int i = 0; i < (int)x; ++i)
    s += novariant(s + (float)i);
  return s;
}

/* No loop, a call without a variant: the call would run lane by lane,
   which takes a fixed lane count, so this runs granule by granule too. */
#pragma omp declare simd
float callflat(float x) { return novariant(x * 2.0f) - x; }

/* Fixed-length SVE names are not defined (a warning). */
#pragma omp declare simd simdlen(4)
float fl(float x) { return x + 2.0f; }

/* A call inside the body: the variant calls _ZGVsMxv_h with its lanes'
   predicate and the condition (noinline keeps the call). */
#pragma omp declare simd
__attribute__((noinline)) float h(float x) { return x * 3.0f + 1.0f; }
#pragma omp declare simd
float k(float x) { return x > 0.5f ? h(x) : x; }
