// Built with -ffp-contract=on (clang's default): x * y + 1 is one
// constrained fmuladd under FENV_ACCESS, which an FMA ISA would fuse.
#include "contraction.h"
#pragma STDC FENV_ACCESS ON
#pragma omp declare simd
float fenv_fma(float x, float y) { return x * y + 1.0f; }
