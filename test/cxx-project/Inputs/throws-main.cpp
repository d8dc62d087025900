#include "throws.h"
#include <cmath>
#include <cstdio>
#include <cstdlib>

// argv[1] = the element that gets a negative input (none: all positive).
int main(int Argc, char **Argv) {
  const int N = 101;
  double In[N], Out[N];
  for (int I = 0; I < N; ++I)
    In[I] = I * 0.5;
  if (Argc > 1)
    In[std::atoi(Argv[1])] = -1;
  roots(In, Out, N);
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Out[I] != std::sqrt(In[I]);
  std::printf("wrong: %d\n", Bad);
  return Bad != 0;
}
