// A lane reads what its own call without a vector variant wrote at an
// address every lane shares: errno after log, a global after a counter.
#include "errno-fns.h"
#include <errno.h>
#include <math.h>

#pragma omp declare simd
double log_or_flag(double x) {
  errno = 0;
  double r = log(x);
  return errno ? -1.0 : r;
}

int Last;
__attribute__((noinline)) void note(int x) { Last = x * 3; }

#pragma omp declare simd notinbranch
int counted(int x) {
  Last = 0;
  note(x);
  return Last + x;
}
