// SVE variants with calls that would run lane by lane: at vscale x N lanes
// the plan refuses those cuts (`a call without a vector variant would run
// lane by lane, which needs a fixed lane count`), and the cut takes the
// plan's refusal; verify mode (on in lit) checks that every cut the cut
// makes is one the plan made.
//
// fz71: once a refused cut leaves its lane loop whole, the plan models no
// call after it there. The cut meets the lane loop's calls in the
// function's block order, which may put such a call first: it takes the
// call the plan ordered first (before, it cut the other, and verify mode
// failed with `the plan has no decision for this cut`).
//
// A variant that stays a scalar lane loop says so at the scalar function,
// not at a line-0 location in the variant (clang printed "could not
// determine the original source location").
// RUN: %clang-aarch64 -march=armv8-a+sve -O3 -fopenmp-simd -w -mllvm -vplan-min-speedup=0 -Rpass-missed=vecclone -c %S/Inputs/sve-refused-calls.c -o /dev/null > %t 2>&1
// RUN: FileCheck %s < %t
// RUN: not grep -E "verify|could not determine" %t
// CHECK-DAG: sve-refused-calls.c:14:1: remark: variant _ZGVsMxls1u_refused: could not cut the lane loop at the call to 'fz_hn': a call without a vector variant would run lane by lane, which needs a fixed lane count
// CHECK-DAG: sve-refused-calls.c:14:1: remark: variant _ZGVsMxls1u_refused of 'refused' stays a scalar lane loop: the body calls 'fz_hn'
// CHECK-DAG: sve-refused-calls.c:32:1: remark: variant _ZGVsMxls1u_fz71: could not cut the lane loop at the call to 'fz_hn': a call without a vector variant would run lane by lane, which needs a fixed lane count
