// A declare-simd function whose variants call lu_int and lv_int
// (linear-val.h) with locals: each variant's lane loop calls
// _ZGV?N<n>U__Z6lu_intRi with a slot holding lane 0's value and
// _ZGV?N<n>L__Z6lv_intRi with the lanes' references.
#include "linear-val.h"

#pragma omp declare simd linear(i) notinbranch
int lv_body(int i) {
  int t = i + 10;
  int u = i - 10;
  return lu_int(t) * 3 + lv_int(u);
}
