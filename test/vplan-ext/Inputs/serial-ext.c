/* Scalar helpers in a file of their own (no declare simd). */
#include "serial.h"
static int calls;
int ext_mix(int x) { ++calls; return x * 7 - (x >> 3); }
int ext_pure(int x) { return x * x - 3; }
