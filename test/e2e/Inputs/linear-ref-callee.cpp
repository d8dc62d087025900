// The definitions of linear-ref.h, pragmas repeated (clang gives a
// definition no `_ZGV` names when only a declaration carries the pragma).
#include "linear-ref.h"

#pragma omp declare simd linear(ref(r) : 1) notinbranch
int lr_int(int &r) {
  r += 1;
  return r * 2;
}
#pragma omp declare simd linear(ref(x) : 1) notinbranch
double lr_dbl(double &x) {
  double v = x * 1.5 - 0.25;
  x = v;
  return v * v + 3.0;
}
#pragma omp declare simd linear(ref(b, c) : 1)
int lr_foo(int a, LRS &b, int &c) {
  b.w = b.w * 0.5f + (float)a;
  return a + b.a + c;
}
#pragma omp declare simd linear(ref(r) : 2) notinbranch
int lr_two(int &r) {
  r = r * 3 + 1;
  return r - 5;
}
#pragma omp declare simd linear(ref(r) : 1) inbranch
int lr_cond(int &r) {
  int v = 1000 / r;
  r = v + 1;
  return v + r;
}
#pragma omp declare simd linear(ref(x) : 1) notinbranch
double lr_comp(double &x) {
  x = x * 0.5 + 1.0;
  return x * x - 2.0;
}
