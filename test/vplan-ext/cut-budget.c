// REQUIRES: aarch64-cross
// A lane loop takes at most 128 cuts (MaxCutsPerLaneLoop). The plan counts
// the cuts it makes and does not cut a lane loop that needs more: the
// variant runs its lanes one by one, and the remark and the plan's dump say
// why. Before, the cut made 128 cuts and stopped unplanned (`the body has
// too many inner loops to cut`), the rest scalar. At exactly 128 every cut
// is made; verify mode (on in lit) checks that each is the plan's.
// (AdvSIMD: one variant each, `simdlen(4) notinbranch`.)
// RUN: %clang-aarch64 -O2 -fopenmp-simd -Rpass=vecclone -Rpass-missed=vecclone -Rpass-analysis=vecclone -mllvm -vplan-ext-print-plan -c %S/Inputs/cut-budget.c -o /dev/null > %t 2>&1
// RUN: FileCheck %s < %t
// RUN: not grep -E "verify|too many inner loops" %t
// CHECK-DAG: remark: variant _ZGVnN4vu_many128: lane loop cut at 128 inner loop(s) into innermost lane loops around 0 'while any lane is active' loop(s) and 128 uniform loop(s) (vplan-ext)
// CHECK-DAG: remark: variant _ZGVnN4vu_many128 of 'many128' is vectorized
// CHECK-DAG: remark: variant _ZGVnN4vu_many129 runs its lanes one by one: no cut of it can be made (the body needs more than 128 cuts (inner loops, calls run lane by lane, BOSCC regions)), and the vectorizer does not widen a loop with a loop inside
// CHECK-DAG: vplan for lane loop {{.*}} in _ZGVnN4vu_many129, VF 4:
// CHECK-DAG: {{^}}  not cut: the body needs more than 128 cuts (inner loops, calls run lane by lane, BOSCC regions)
