// A linear int index the body only reads as p[i]: the lane loop's unused
// per-lane `i + lane` chain costs nothing, and the index of the contiguous
// load is computed once per vector, not as a <VF x i64> add and multiply
// (which AArch64 prices high): the variants are vector loads and
// arithmetic, not their lanes one by one (bench's saxpy). No cross tools
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

#pragma omp declare simd uniform(p) linear(i) notinbranch
float u(const float *p, int i) { return p[i] * 2; }
// CHECK-LABEL: define {{.*}} @_ZGVnN2ul_u(
// CHECK: load <2 x float>
// CHECK-LABEL: define {{.*}} @_ZGVnN4ul_u(
// CHECK: load <4 x float>
