// Declare-simd functions whose variants call lr_int (linear-ref.h): each
// variant's lane loop passes lane 0's address to _ZGV?N<n>R4__Z6lr_intRi.
#include "linear-ref.h"

#pragma omp declare simd linear(ref(x) : 1) notinbranch
int lr_fwd(int &x) { return lr_int(x) * 3 + 1; }
#pragma omp declare simd uniform(p) linear(i) notinbranch
int lr_at(int *p, int i) { return lr_int(p[i]) - i; }
