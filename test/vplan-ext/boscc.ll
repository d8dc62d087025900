; BOSCC: a heavy divergent if/else region of a lane
; loop is cut out; its lane loop gets two more copies, with every lane active
; and the branch fixed to one side, and a uniform dispatch picks a copy when
; every lane takes the same side (all-true / all-false), the predicated loop
; otherwise.
; RUN: %opt -passes=vecclone -vplan-boscc-threshold=8 -pass-remarks-analysis=vecclone -S < %s 2>%t.rem | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.rem
; Off with -vplan-boscc=false, and for regions below the threshold (48 by
; default, in TTI units; this one costs 44 at VF 8 on AVX2).
; RUN: %opt -passes=vecclone -vplan-boscc=false -vplan-boscc-threshold=8 -S < %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -passes=vecclone -S < %s | FileCheck %s --check-prefix=OFF
; The same options as pass parameters (LaneLoweringOptions), which start
; from the command line's values.
; RUN: %opt -passes='vecclone<boscc-threshold=8>' -S < %s | FileCheck %s
; RUN: %opt -passes='vecclone<no-boscc;boscc-threshold=8>' -S < %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -passes='vecclone<no-boscc>' -vplan-boscc-threshold=8 -S < %s | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define float @f(float %x, float %y) #0 {
entry:
  %pos = fcmp ogt float %x, 0.0
  br i1 %pos, label %then, label %else
then:
  %s = call float @llvm.sqrt.f32(float %x)
  %a = fmul float %s, %y
  %d = fdiv float %a, %y
  br label %join
else:
  %n = fneg float %x
  %e = fdiv float %n, %y
  br label %join
join:
  %r = phi float [ %d, %then ], [ %e, %else ]
  ret float %r
}
declare float @llvm.sqrt.f32(float)

attributes #0 = { nounwind "_ZGVdN8vv_f" }

; CHECK-LABEL: define <8 x float> @_ZGVdN8vv_f(
; CHECK:       lane.boscc.dispatch:
; CHECK:         [[ACT:%.*]] = load <8 x i32>, ptr %lane.act
; CHECK:         [[COND:%.*]] = load <8 x i32>, ptr %{{.*}}
; CHECK:         freeze <8 x i32> [[COND]]
; CHECK:         [[ALLACT:%.*]] = call i1 @llvm.vector.reduce.and.v8i1(
; CHECK:         %all.then = and i1 [[ALLACT]],
; CHECK:         %all.else = and i1 [[ALLACT]],
; CHECK:         br i1 %all.then, label %lane.boscc.then, label %lane.boscc.dispatch.else
; CHECK:       lane.boscc.dispatch.else:
; CHECK-NEXT:    br i1 %all.else, label %lane.boscc.else, label %lane.boscc.mixed
; The copies: no lane flag, one side only.
; CHECK:       lane.loop.active.all.then:
; CHECK-NOT:     br i1 %active
; CHECK:         br label %lane.boscc.all.then
; CHECK:       lane.boscc.all.then:
; CHECK-NEXT:    br label %then.i.all.then
; CHECK:       lane.loop.active.all.else:
; CHECK:       lane.boscc.all.else:
; CHECK-NEXT:    br label %else.i.all.else

; REMARK: variant _ZGVdN8vv_f: 1 heavy if/else region(s) get unpredicated copies for when every lane takes the same side (BOSCC, vplan-ext)

; OFF-LABEL: define <8 x float> @_ZGVdN8vv_f(
; OFF-NOT:     lane.boscc
; OFF:         ret <8 x float>
