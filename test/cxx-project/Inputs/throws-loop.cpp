#include "throws.h"

void roots(const double *In, double *Out, int N) {
#pragma omp simd
  for (int I = 0; I < N; ++I)
    Out[I] = checkedRoot(In[I]);
}
