// Names gcc 12 defines that clang + vecclone used to leave out.
// Issue 19 item 10: a second pragma with simdlen made gcc's `c` name of
// the first one disappear.
#pragma omp declare simd
#pragma omp declare simd simdlen(4) inbranch
int two_pragmas(int x, int y) { return x * y + 1; }

#pragma omp declare simd
#pragma omp declare simd simdlen(8)
long two_lengths(long x) { return x * 3; }

// Item 11: clang's names of static members carry a `v` for a `this` they
// do not have.
struct A {
  static int scale(int x);
  static void fill(float *out, int n);
  int member(int x);
  int K;
};
#pragma omp declare simd
int A::scale(int x) { return x * 2; }
#pragma omp declare simd
int A::member(int x) { return x * K; }

// Item 12: linear(val) on a reference to a pointer: gcc counts the step in
// bytes of the pointee (L4), clang in elements (L).
#pragma omp declare simd linear(val(p))
float through_ref(float *&p) { return *p; }
#pragma omp declare simd linear(val(q):2)
double through_ref2(double *&q) { return *q; }

// A void static member without clauses: clang took its length from the
// phantom `this`; gcc's follows the first vector parameter.
struct V {
  static void sink(float x, float y);
};
#pragma omp declare simd
void V::sink(float x, float y) { (void)x; (void)y; }
