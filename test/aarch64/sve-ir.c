// SVE (`s`) variants in IR: clang-22 with +sve promises masked scalable
// names (_ZGVsMx...), each defined with LLVM's VFABI signature: one
// <vscale x N x T> per vector parameter (N = 128 / the widest vector
// element), scalars as they are, the mask a <vscale x N x i1> predicate.
// The lane loop runs vscale x N lanes and asks for scalable width N; -O2
// widens it and no lane loop is left. Fixed-length SVE names get a warning.
// A body with an inner loop is cut by vplan-ext at the run-time lane count
// (vscale x N): its rounds run over all lanes, in scalable vectors, with a
// remark; a body the cut refuses there (a call without a variant, in a loop
// or not), or whose
// lanes would stay scalar, runs granule by granule through an internal
// N-lane variant, with a remark that says why; without the cut its lanes
// run one by one, with a remark. No cross tools needed.
// RUN: %clang-aarch64 -march=armv8-a+sve -O2 -fopenmp-simd -Rpass-missed=vecclone -Rpass-analysis=vecclone -S -emit-llvm %S/Inputs/sve-fns.c -o %t.ll 2>%t.err
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// RUN: %clang-aarch64 -march=armv8-a+sve -O0 -fopenmp-simd -S -emit-llvm %S/Inputs/sve-fns.c -o - 2>/dev/null | FileCheck %s --check-prefix=O0

// CHECK-DAG: define {{.*}}<vscale x 4 x float> @_ZGVsMxvv_ff(<vscale x 4 x float> {{.*}}, <vscale x 4 x float> {{.*}}, <vscale x 4 x i1> {{.*}})
// CHECK-DAG: define {{.*}}<vscale x 2 x double> @_ZGVsMxv_fd(<vscale x 2 x double> {{.*}}, <vscale x 2 x i1> {{.*}})
// CHECK-DAG: define {{.*}}<vscale x 4 x i32> @_ZGVsMxvv_fi(<vscale x 4 x i32> {{.*}}, <vscale x 4 x i32> {{.*}}, <vscale x 4 x i1> {{.*}})
// CHECK-DAG: define {{.*}}<vscale x 8 x i16> @_ZGVsMxvv_fs(<vscale x 8 x i16> {{.*}}, <vscale x 8 x i16> {{.*}}, <vscale x 8 x i1> {{.*}})
// CHECK-DAG: define {{.*}}<vscale x 16 x i8> @_ZGVsMxvv_fc(<vscale x 16 x i8> {{.*}}, <vscale x 16 x i8> {{.*}}, <vscale x 16 x i1> {{.*}})
// CHECK-DAG: define {{.*}}<vscale x 4 x float> @_ZGVsMxul_fu(ptr {{.*}}, i32 {{.*}}, <vscale x 4 x i1> {{.*}})
// CHECK-DAG: define {{.*}}void @_ZGVsMxulv_fw(ptr {{.*}}, i32 {{.*}}, <vscale x 4 x float> {{.*}}, <vscale x 4 x i1> {{.*}})
// CHECK-DAG: define {{.*}}<vscale x 4 x i32> @_ZGVsMxvv_fdiv(<vscale x 4 x i32> {{.*}}, <vscale x 4 x i32> {{.*}}, <vscale x 4 x i1> {{.*}})
// Mixed sizes: vscale x 2 lanes, the float argument an unpacked vector.
// CHECK-DAG: define {{.*}}<vscale x 2 x double> @_ZGVsMxvv_fm(<vscale x 2 x float> {{.*}}, <vscale x 2 x double> {{.*}}, <vscale x 2 x i1> {{.*}})
// CHECK-DAG: define {{.*}}<vscale x 4 x i32> @_ZGVsMxvv_mandel(<vscale x 4 x float> {{.*}}, <vscale x 4 x float> {{.*}}, <vscale x 4 x i1> {{.*}})
// CHECK-DAG: define {{.*}}<vscale x 4 x i32> @_ZGVsMxv_firstsq(<vscale x 4 x float> {{.*}}, <vscale x 4 x i1> {{.*}})
// CHECK-DAG: define {{.*}}<vscale x 4 x float> @_ZGVsMxvu_upow(<vscale x 4 x float> {{.*}}, i32 {{.*}}, <vscale x 4 x i1> {{.*}})
// CHECK-DAG: define internal aarch64_sve_vector_pcs <4 x float> @_ZGVsMxv_callloop.granule(<4 x float> {{.*}}, <4 x i32> {{.*}})
// CHECK-DAG: call aarch64_sve_vector_pcs <4 x float> @_ZGVsMxv_callloop.granule(
// CHECK-DAG: define internal aarch64_sve_vector_pcs <4 x float> @_ZGVsMxv_callflat.granule(<4 x float> {{.*}}, <4 x i32> {{.*}})
// CHECK-DAG: define internal aarch64_sve_vector_pcs <4 x i32> @_ZGVsMxuuv_search.granule(
// CHECK-DAG: define {{.*}}<vscale x 4 x float> @_ZGVsMxv_k(<vscale x 4 x float> {{.*}}, <vscale x 4 x i1> {{.*}})
// CHECK-DAG: call <vscale x 4 x float> @_ZGVsMxv_h(<vscale x 4 x float> {{.*}}, <vscale x 4 x i1> {{.*}})
// No fixed-length SVE variant, no AdvSIMD name (clang promises none with +sve).
// CHECK-NOT: define {{.*}}@_ZGVsMxvv_mandel.granule
// CHECK-NOT: define {{.*}}@_ZGVsM4v_fl
// CHECK-NOT: define {{.*}}@_ZGVn
// CHECK: attributes #{{[0-9]+}} = { {{.*}}"target-features"="{{.*}}+sve{{.*}}" {{.*}}"vecclone-variant-of"="ff"

// Straight-line bodies: the lane loop is gone, no lane array left.
// RUN: FileCheck %s --check-prefix=FF < %t.ll
// FF-LABEL: define {{.*}}@_ZGVsMxvv_ff(
// FF-NOT: alloca
// FF-NOT: br
// FF: fmuladd.nxv4f32
// FF: ret <vscale x 4 x float>
// RUN: FileCheck %s --check-prefix=FU < %t.ll
// FU-LABEL: define {{.*}}@_ZGVsMxul_fu(
// FU-NOT: alloca
// FU: call <vscale x 4 x float> @llvm.masked.load.nxv4f32.p0(ptr {{.*}}, <vscale x 4 x i1> %2,
// FU: ret <vscale x 4 x float>
// A read at a 12-byte stride under the mask (linear(a:3)): a masked gather,
// no lane loop left (as a masked interleave group missing its last member,
// the vectorizer wanted a scalar epilogue and left the lane loop scalar).
// RUN: FileCheck %s --check-prefix=LIN3 < %t.ll
// LIN3-LABEL: define {{.*}}<vscale x 4 x float> @_ZGVsMxl12_lin3(ptr {{.*}}, <vscale x 4 x i1> {{.*}})
// LIN3-NOT: br
// LIN3: call <vscale x 4 x i32> @llvm.masked.gather.nxv4i32.nxv4p0(
// LIN3-NOT: br
// LIN3: ret <vscale x 4 x float>
// RUN: FileCheck %s --check-prefix=FW < %t.ll
// FW-LABEL: define {{.*}}@_ZGVsMxulv_fw(
// FW-NOT: alloca
// FW: call void @llvm.masked.store.nxv4f32.p0(<vscale x 4 x float> {{.*}}, ptr {{.*}}, <vscale x 4 x i1> %3)
// FW: ret void

// DIAG-DAG: remark: variant _ZGVsMxvv_mandel runs its inner loops over all its vscale x 4 lanes (rounds at the run-time lane count)
// DIAG-DAG: remark: variant _ZGVsMxv_firstsq runs its inner loops over all its vscale x 4 lanes (rounds at the run-time lane count)
// DIAG-DAG: remark: variant _ZGVsMxvu_upow: lane loop cut at 1 inner loop(s) into innermost lane loops around 0 'while any lane is active' loop(s) and 1 uniform loop(s) (vplan-ext)
// A call run lane by lane needs a fixed lane count: the plan refuses its
// cut. In a loop, the lanes stay scalar by the costs (the lane loop of the
// loop's cut holds the call, which it runs one lane at a time); without a
// loop, by the refusal itself. Handed to the cut, it refuses them too.
// DIAG-DAG: remark: variant _ZGVsMxv_callloop runs its vscale x 4 lanes one 128-bit granule at a time, through an 4-lane variant (its lanes would stay scalar: its plan costs
// DIAG-DAG: remark: variant _ZGVsMxv_callflat runs its vscale x 4 lanes one 128-bit granule at a time, through an 4-lane variant (its lanes would stay scalar: no cut of it can be made (a call without a vector variant would run lane by lane, which needs a fixed lane count), and the vectorizer does not widen a loop with a call it must run lane by lane)
// RUN: %clang-aarch64 -march=armv8-a+sve -O2 -fopenmp-simd -mllvm -vplan-min-speedup=0 -Rpass-missed=vecclone -Rpass-analysis=vecclone -S -emit-llvm %S/Inputs/sve-fns.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=CUTALL
// CUTALL-DAG: remark: variant _ZGVsMxv_callloop runs its vscale x 4 lanes one 128-bit granule at a time, through an 4-lane variant (the cut at the run-time lane count refused: a call without a vector variant would run lane by lane, which needs a fixed lane count)
// CUTALL-DAG: remark: variant _ZGVsMxv_callflat runs its vscale x 4 lanes one 128-bit granule at a time, through an 4-lane variant (the cut at the run-time lane count refused: a call without a vector variant would run lane by lane, which needs a fixed lane count)
// DIAG-DAG: remark: variant _ZGVsMxuuv_search runs its vscale x 4 lanes one 128-bit granule at a time, through an 4-lane variant (its lanes would stay scalar: its plan costs {{.*}})
// DIAG-DAG: remark: variant _ZGVsMxvv_mandel: lane loop cut at 1 inner loop(s) into innermost lane loops around 1 'while any lane is active' loop(s)
// DIAG-DAG: warning: vecclone: ignoring vector variant attribute '_ZGVsM4v_fl' on 'fl': fixed-length SVE variants are not defined

// The plan knows the lane count is scalable: it prices vscale x N vectors
// (SVE's predicated select, not a fixed vector's i1 mask taken apart), and
// leaves out what counts lanes at compile time: round counters, steady
// copies, calls run lane by lane.
// Verify mode compares it with what the cut made.
// RUN: %clang-aarch64 -march=armv8-a+sve -O2 -fopenmp-simd -mllvm -vplan-ext-print-plan -mllvm -vplan-ext-verify-plan -S -emit-llvm %S/Inputs/sve-fns.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// PLAN-LABEL: vplan for lane loop {{.*}} in _ZGVsMxv_firstsq, VF vscale x 4:
// PLAN: divergent loop {{.*}}: run while any lane is active, trip count at most 100, per iteration cost scalar 28 vector {{[0-9]+}}; lanes resume through a dispatch
// PLAN-NEXT: blend: 1 instruction, cost scalar 0 vector 1
// PLAN-LABEL: vplan for lane loop {{.*}} in _ZGVsMxv_callflat, VF vscale x 4:
// PLAN: instantiate: call @novariant {{.*}}; not cut: a call without a vector variant would run lane by lane, which needs a fixed lane count
// PLAN-LABEL: vplan for lane loop {{.*}} in _ZGVsMxv_callflat.granule, VF 4:
// PLAN-NOT: verify

// The lane loop (here at -O0, before any vectorizer) runs vscale x N lanes
// at scalable width N.
// O0-LABEL: define {{.*}}@_ZGVsMxvv_ff(
// O0: %[[VS:[0-9]+]] = {{.*}}call i64 @llvm.vscale.i64()
// O0: %[[TC:[0-9]+]] = mul {{.*}}i64 %[[VS]], 4
// O0: %[[DONE:[0-9]+]] = icmp eq i64 %{{.*}}, %[[TC]]
// O0-NEXT: br i1 %[[DONE]], {{.*}} !llvm.loop ![[LOOP:[0-9]+]]
// O0: ![[LOOP]] = distinct !{![[LOOP]], !{{[0-9]+}}, ![[W:[0-9]+]], {{.*}}, ![[S:[0-9]+]]}
// O0-DAG: ![[W]] = !{!"llvm.loop.vectorize.width", i32 4}
// O0-DAG: ![[S]] = !{!"llvm.loop.vectorize.scalable.enable", i1 true}

// Without vplan-ext's cut there is no granule variant: the lanes run one by
// one over vscale x N, with a remark at the function.
// RUN: %clang-aarch64 -march=armv8-a+sve -O2 -fopenmp-simd -mllvm -vecclone-cut-lane-loops=false -Rpass-missed=vecclone -S -emit-llvm %S/Inputs/sve-fns.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCUT
// NOCUT: remark: variant _ZGVsMxvv_mandel runs its lanes one by one: the body has an inner loop, and the lowering of divergent inner loops (vplan-ext's cut into innermost lane loops) is off

// The rounds of Mandelbrot's escape loop over all vscale x 4 lanes: lane
// arrays promoted to scalable registers, the lanes' flags a scalable
// predicate reduced once per round, no per-lane scalar loop left.
// RUN: FileCheck %s --check-prefix=MANDEL < %t.ll
// MANDEL-LABEL: define {{.*}}@_ZGVsMxvv_mandel(
// MANDEL-NOT: alloca
// MANDEL-NOT: {{^}}define
// MANDEL: phi <vscale x 4 x i1>
// MANDEL: fmuladd.nxv4f32
// MANDEL: [[ANY:%[0-9]+]] = tail call i1 @llvm.vector.reduce.or.nxv4i1(
// MANDEL-NEXT: br i1 [[ANY]], label
// MANDEL: ret <vscale x 4 x i32>
// MANDEL-NEXT: }
// No lane counter is left in it (no per-lane scalar loop).
// RUN: FileCheck %s --check-prefix=NOLANES < %t.ll
// NOLANES-LABEL: define {{.*}}@_ZGVsMxvv_mandel(
// NOLANES-NOT: phi i64
// NOLANES: ret <vscale x 4 x i32>
// A uniform-count loop whose inactive lanes shadow the first active one
// (cttz.elts over the scalable lane flags).
// RUN: FileCheck %s --check-prefix=UPOW < %t.ll
// UPOW-LABEL: define {{.*}}@_ZGVsMxvu_upow(
// UPOW: call i64 @llvm.experimental.cttz.elts.i64.nxv4i1(
// UPOW: fmuladd.nxv4f32
// UPOW: ret <vscale x 4 x float>

// With -vecclone-sve-rounds=false every such body runs granule by granule.
// RUN: %clang-aarch64 -march=armv8-a+sve -O2 -fopenmp-simd -mllvm -vecclone-sve-rounds=false -Rpass-analysis=vecclone -S -emit-llvm %S/Inputs/sve-fns.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOROUNDS
// NOROUNDS: remark: variant _ZGVsMxvv_mandel runs its vscale x 4 lanes one 128-bit granule at a time, through an 4-lane variant (-vecclone-sve-rounds is off)
