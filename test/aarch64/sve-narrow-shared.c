// An SVE variant whose uniform loop reads shared values narrower than a
// byte (clang narrowed them to i2) from its scalable lane arrays, lane 0
// once per round. Read as the whole array and one element, InstCombine
// turned `trunc (extractelement <vscale x 2 x i8>, 0) to i2` into an
// extract from a <vscale x 8 x i2> load, which AArch64's instruction
// selection cannot lower ("Cannot scalarize scalable vector loads": clang
// crashed). Such a value is read from lane 0's slot alone. The fuzzer's
// SVE runs compare every lane of it with the scalar function.
// RUN: %clang-aarch64 -march=armv8-a+sve -O1 -fopenmp-simd -w -mllvm -vplan-min-speedup=0 -S -emit-llvm %S/Inputs/sve-narrow-shared.c -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %clang-aarch64 -march=armv8-a+sve -O1 -fopenmp-simd -w -mllvm -vplan-min-speedup=0 -c %S/Inputs/sve-narrow-shared.c -o %t.o
// CHECK-LABEL: define {{.*}}@_ZGVsMxvll2u_fz914(
// CHECK-NOT: load <vscale x {{[0-9]+}} x i2>
// CHECK: ret <vscale x 2 x i8>
