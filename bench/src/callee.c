/* A callee object: the four kernels as external functions.
 * Built three ways by run.sh:
 *   -DKPREFIX=ours_   clang-22 -O3 -fopenmp-simd -fpass-plugin=VecClone.so
 *                     (scalar functions + our _ZGV variants)
 *   -DKPREFIX=gcc_    gcc -O3 -fopenmp-simd (scalar + gcc's own clones)
 *   -DKPREFIX=clang_  clang-22 -O3 -march=x86-64-v3, no plugin (scalar only)
 *   -DKPREFIX=ref_    gcc -O0, no OpenMP: the scalar reference
 * and again with -ffast-math (*fm_ prefixes, for bsfast) and with
 * -fmath-errno (*e_ prefixes, for aos3e); run.sh has the full list. */
#include "kernels.h"
