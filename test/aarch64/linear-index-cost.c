// A linear int index the body only reads as p[i]: the lane loop's unused
// per-lane `i + lane` chain (a <4 x i64> multiply, which AArch64 prices
// high) costs nothing, so the 4-lane variant is one vector load, multiply
// and add rather than its lanes one by one (bench's saxpy). No cross tools
// needed.
// RUN: %clang-aarch64 -O3 -fopenmp-simd -ffp-contract=off -Rpass-missed=vecclone -S -emit-llvm %s -o - 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --allow-empty < %t.err
// REMARK-NOT: runs its lanes one by one

#pragma omp declare simd uniform(p) linear(i) notinbranch simdlen(4)
float saxpy(const float *p, int i, float y) { return 2.5f * p[i] + y; }
// CHECK-LABEL: define {{.*}} @_ZGVnN4ulv_saxpy(
// CHECK: load <4 x float>
// CHECK: fmul <4 x float>
// CHECK: fadd <4 x float>
// CHECK: ret <4 x float>
