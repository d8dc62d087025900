; A call without a vector variant is instantiated (run lane by lane, in
; lane order, as LaneLoopFission lowers it); a loop every lane runs the same
; number of times is a uniform loop, costed per iteration times its trip
; count.
; RUN: %opt -passes=vecclone -vecclone-cut-lane-loops=false -vplan-min-speedup=0 -S < %s \
; RUN:   | %opt -passes='print<vplan-ext>' -pass-remarks-analysis=vplan-ext -disable-output 2>&1 \
; RUN:   | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@c = external global [16 x float]

; A call without a vector variant: run lane by lane.
define float @logged(float %x) #0 {
entry:
  %y = fmul float %x, %x
  call void @log_value(float %y)
  %z = fadd float %y, 1.0
  ret float %z
}

; A uniform inner loop: 16 iterations for every lane.
define float @poly(float %x) #1 {
entry:
  br label %loop
loop:
  %j = phi i64 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %cp = getelementptr inbounds [16 x float], ptr @c, i64 0, i64 %j
  %cj = load float, ptr %cp, align 4
  %m = fmul float %acc, %x
  %acc.next = fadd float %m, %cj
  %j.next = add nuw nsw i64 %j, 1
  %more = icmp ult i64 %j.next, 16
  br i1 %more, label %loop, label %done
done:
  ret float %acc.next
}

declare void @log_value(float)

attributes #0 = { nounwind "_ZGVdN8v_logged" }
attributes #1 = { nounwind memory(read) "_ZGVdN8v_poly" }

; CHECK-LABEL: vplan for lane loop %lane.header in _ZGVdN8v_logged, VF 8:
; CHECK-NEXT:    widen memory: load %lane.arg (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    instantiate: call @log_value (no vector variant, lane by lane in lane order), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen memory: store %z.i (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    total:
; CHECK-NEXT:  remark: {{.*}} (VF 8): widen 2, widen memory 2, instantiate 1; BOSCC no (no if/else region); lane by lane: call @log_value; cost

; CHECK-LABEL: vplan for lane loop %lane.header in _ZGVdN8v_poly, VF 8:
; CHECK-NEXT:    widen memory: load %lane.arg (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    uniform loop %loop.i (the lanes run it together), trip count 16, per iteration cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      uniform: 1 instruction, cost scalar 0 vector 0
; CHECK-NEXT:      widen: 1 instruction, cost scalar 0 vector 0
; CHECK-NEXT:      uniform: 1 instruction (uniform address), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      widen: 2 instructions, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      uniform: 2 instructions, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen memory: store %acc.next.i (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    total:
; CHECK-NEXT:  remark: {{.*}} (VF 8): widen 3, widen memory 2, uniform 4, uniform loop 1; BOSCC no (no if/else region); cost
