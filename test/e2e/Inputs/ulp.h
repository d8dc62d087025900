/* Floats and doubles as integers ordered like the values, so that the
 * distance between two of them is their distance in ulps (libmvec tests). */
#ifndef E2E_ULP_H
#define E2E_ULP_H
#include <stdint.h>
#include <string.h>

static inline int64_t ordered_f(float v) {
  int32_t i;
  memcpy(&i, &v, 4);
  return i < 0 ? (int64_t)INT32_MIN - i : i;
}
static inline int64_t ordered_d(double v) {
  int64_t i;
  memcpy(&i, &v, 8);
  return i < 0 ? INT64_MIN - i : i;
}
#endif
