#include "lanecheck.h"
#include "wide-lanes.h"

static int A[N];
static short C[N], R16[N];
static unsigned B[N];
static int R32[N];
static long LA[N], LB[N], R64[N];

int main(void) {
  for (int I = 0; I < N; ++I) {
    A[I] = (int)rnd();
    C[I] = (short)rnd();
    B[I] = (unsigned)rnd();
    LA[I] = (long)rnd() - (long)rnd();
    LB[I] = (long)(rnd() << 11);
  }
  CHECK_LOOP(mix16, R16, A[I], C[I]);
  CHECK_LOOP(mix32, R32, A[I], B[I]);
  CHECK_LOOP(mix64, R64, LA[I], LB[I]);
  REPORT();
}
