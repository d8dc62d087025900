#include "lanecheck.h"
#include "locals.h"

static double X[N], R[N];
static int IN[N];
static unsigned U[N], UR[N];

int main(void) {
  for (int I = 0; I < N; ++I) {
    X[I] = (double)(rnd() % 4000) / 100.0 - 20.0;
    IN[I] = (int)(rnd() % 5000);
    U[I] = (unsigned)rnd();
  }
  CHECK_LOOP(frexp_sum, R, X[I]);
  CHECK_LOOP(frexp_guarded, R, X[I]);
  CHECK_LOOP(split_mix, UR, U[I]);
  CHECK_LOOP(table_walk, R, IN[I], X[I]);
  CHECK_LOOP(big_local, R, IN[I], X[I]);
  REPORT();
}
