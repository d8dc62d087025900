// The definitions of linear-val.h, pragmas repeated (clang gives a
// definition no `_ZGV` names when only a declaration carries the pragma).
#include "linear-val.h"

#pragma omp declare simd linear(uval(x)) notinbranch
int lu_int(int &x) { return x * 3 + 1; }
#pragma omp declare simd linear(uval(x) : 2) notinbranch
int lu_two(long &x) { return (int)(x * 5 - 11); }
#pragma omp declare simd linear(val(x)) notinbranch
int lv_int(int &x) { return x * x - 7; }
#pragma omp declare simd linear(val(x) : 3) uniform(k) notinbranch
int lv_k(int &x, int k) { return x * k + (x >> 2); }
#pragma omp declare simd linear(uval(x)) notinbranch
int lu_mod(int &x) {
  x += 5;
  return x * 2;
}
#pragma omp declare simd linear(uval(x)) inbranch
int lu_cond(int &x) { return 1000 / (x - 7); }
#pragma omp declare simd linear(uval(x)) notinbranch
double lu_dbl(int &x) { return x * 0.75 + 0.5; }
#pragma omp declare simd linear(val(x)) notinbranch
short lv_short(short &x) { return (short)(x * 3 - 1); }
