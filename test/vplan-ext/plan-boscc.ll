; BOSCC in the plan: LaneLoopFission's rule (region cost: the TTI reciprocal
; throughput of the region's widened instructions,
; -vplan-boscc-threshold, -vplan-boscc), shared through LoweringRules.h. The
; heavy region (sqrt + 6 divisions: 99 in TTI units at VF 8 on x86-64-v3) gets BOSCC, the light one (1) not.
; RUN: %opt -passes=vecclone -vecclone-cut-lane-loops=false -S < %s > %t.ll
; RUN: %opt -passes='print<vplan-ext>' -pass-remarks-analysis=vplan-ext -disable-output < %t.ll 2>&1 | FileCheck %s
; RUN: %opt -passes='print<vplan-ext>' -vplan-boscc-threshold=100 -disable-output < %t.ll 2>&1 | FileCheck %s --check-prefix=HIGH
; RUN: %opt -passes='print<vplan-ext>' -vplan-boscc=false -disable-output < %t.ll 2>&1 | FileCheck %s --check-prefix=OFF
; The lowering agrees: only the heavy variant gets BOSCC copies.
; RUN: %opt -passes=vecclone -pass-remarks-analysis=vecclone -disable-output < %s 2>&1 | FileCheck %s --check-prefix=FISSION

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Heavy: the then side costs 8 (sqrt) + 8 * 5 (fdiv) + ... >= 48.
define float @heavy(float %x, float %y) #0 {
entry:
  %pos = fcmp ogt float %x, 0.0
  br i1 %pos, label %then, label %else
then:
  %s = call float @llvm.sqrt.f32(float %x)
  %a = fdiv float %s, %y
  %b = fdiv float %a, %x
  %c = fdiv float %b, %y
  %d = fdiv float %c, %x
  %e = fdiv float %d, %y
  br label %join
else:
  %n = fneg float %x
  %m = fdiv float %n, %y
  br label %join
join:
  %r = phi float [ %e, %then ], [ %m, %else ]
  ret float %r
}

; Light: one multiply under the branch.
define float @light(float %x, float %y) #1 {
entry:
  %pos = fcmp ogt float %x, 0.0
  br i1 %pos, label %then, label %join
then:
  %a = fmul float %x, %y
  br label %join
join:
  %r = phi float [ %a, %then ], [ %x, %entry ]
  ret float %r
}

declare float @llvm.sqrt.f32(float)

attributes #0 = { nounwind "_ZGVdN8vv_heavy" }
attributes #1 = { nounwind "_ZGVdN8vv_light" }

; CHECK-LABEL: vplan for lane loop %lane.header in _ZGVdN8vv_heavy, VF 8:
; CHECK-NEXT:    widen memory: load %lane.arg (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen memory: load %lane.arg1 (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    divergent if/else %lane.body (then %then.i, else %else.i): BOSCC yes (region cost 99 >= threshold 48), cost scalar {{[0-9]+}} vector {{[0-9]+}}; all lanes then: vector {{[0-9]+}}, all lanes else: vector {{[0-9]+}}
; CHECK-NEXT:      widen: 6 instructions, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      widen: 2 instructions, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    blend: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen memory: store %r.i (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    total:
; CHECK-NEXT:  remark: {{.*}} plan for lane loop 'lane.header' (VF 8): widen 9, widen memory 3, blend 1, divergent if 1; BOSCC yes for %lane.body (region cost 99 >= threshold 48); cost
; CHECK-LABEL: vplan for lane loop %lane.header in _ZGVdN8vv_light, VF 8:
; CHECK:         divergent if %lane.body (then %then.i): BOSCC no (region cost 1 < threshold 48), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      widen: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    blend: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK:       remark: {{.*}} BOSCC no for %lane.body (region cost 1 < threshold 48)

; HIGH: divergent if/else %lane.body (then %then.i, else %else.i): BOSCC no (region cost 99 < threshold 100)
; HIGH: divergent if %lane.body (then %then.i): BOSCC no (region cost 1 < threshold 100)

; OFF: divergent if/else %lane.body (then %then.i, else %else.i): BOSCC no (-vplan-boscc is off)

; FISSION-NOT: _ZGVdN8vv_light{{.*}}BOSCC
; FISSION:     variant _ZGVdN8vv_heavy: 1 heavy if/else region(s) get unpredicated copies
; FISSION-NOT: _ZGVdN8vv_light{{.*}}BOSCC
