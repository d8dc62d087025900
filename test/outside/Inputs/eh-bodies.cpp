#include "eh-bodies.h"

// Throws for a negative argument: the catch in try_catch must see it in
// exactly the lanes that threw.
__attribute__((noinline)) int may_throw(int x) {
  if (x < 0)
    throw x;
  return x * 3 + 1;
}

struct Counter {
  int *P;
  explicit Counter(int *Q) : P(Q) {}
  ~Counter() { *P += 1000; }
};

#pragma omp declare simd
int dtor_around_call(int x) {
  int C = 0;
  {
    Counter D(&C);
    C += may_throw(x & 0xffff);
  }
  return C;
}

#pragma omp declare simd
int try_catch(int x) {
  try {
    return may_throw(x);
  } catch (int E) {
    return -1 - (E & 7);
  }
}

// May throw (never for the test's values): the noexcept caller gets an
// invoke whose handler calls std::terminate.
__attribute__((noinline)) int plain(int x) {
  if (x == -2147483647 - 1)
    throw x;
  return x ^ 0x5a5a;
}

extern "C" int helper(int x) {
  if (x == -2147483647 - 1)
    throw x;
  return x * 7 - 3;
}

#pragma omp declare simd
int calls_noexcept(int x) noexcept { return plain(x) + 1; }

#pragma omp declare simd
int calls_simd_noexcept(int x) noexcept { return scaled(x) * 3 + (x >> 2); }
