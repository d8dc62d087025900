#include "throws.h"
#include <cmath>

double checkedRoot(double X) {
  if (X < 0)
    throw 42;
  return std::sqrt(X);
}
