; print<vplan-ext> on Mandelbrot's uncut lane loop: the escape loop is a
; divergent loop (per-lane trip count) with blends for its state and a
; masked exit; the plan's summary is also a remark.
; RUN: %opt -passes=vecclone -vecclone-cut-lane-loops=false -S < %s \
; RUN:   | %opt -passes='print<vplan-ext>' -pass-remarks-analysis=vplan-ext -disable-output 2>&1 \
; RUN:   | FileCheck %s
; The printer changes nothing.
; RUN: %opt -passes=vecclone -vecclone-cut-lane-loops=false -S < %s > %t.ll
; RUN: %opt -passes='print<vplan-ext>' -S < %t.ll 2>/dev/null > %t.after.ll
; RUN: %opt -S < %t.ll > %t.before.ll
; RUN: diff %t.before.ll %t.after.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define i32 @mandel(float %cr, float %ci, i32 %max) #0 {
entry:
  br label %loop.i
loop.i:
  %n = phi i32 [ 0, %entry ], [ %n.next, %body ]
  %zr = phi float [ 0.0, %entry ], [ %zr.next, %body ]
  %zi = phi float [ 0.0, %entry ], [ %zi.next, %body ]
  %zr2 = fmul float %zr, %zr
  %zi2 = fmul float %zi, %zi
  %mag = fadd float %zr2, %zi2
  %esc = fcmp ogt float %mag, 4.0
  br i1 %esc, label %done, label %body
body:
  %t = fsub float %zr2, %zi2
  %zr.next = fadd float %t, %cr
  %p = fmul float %zr, %zi
  %p2 = fmul float %p, 2.0
  %zi.next = fadd float %p2, %ci
  %n.next = add nuw nsw i32 %n, 1
  %more = icmp slt i32 %n.next, %max
  br i1 %more, label %loop.i, label %done
done:
  %r = phi i32 [ %n, %loop.i ], [ %n.next, %body ]
  ret i32 %r
}
attributes #0 = { nounwind "_ZGVdN8vvu_mandel" }

; CHECK-LABEL: vplan for lane loop %lane.header in _ZGVdN8vvu_mandel, VF 8:
; CHECK-NEXT:    widen memory: load %lane.arg (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen memory: load %lane.arg1 (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; The counter %n is the same in every active lane, and its exit test
; compares it with the uniform %max: the lowering keeps it as a round
; counter, one scalar per round, and its increment and test are uniform.
; CHECK-NEXT:    divergent loop %loop.i.i (per-lane trip count): run while any lane is active, trip count unknown (assumed 8), per iteration cost scalar {{[0-9]+}} vector {{[0-9]+}}; lockstep: round counter %n.i, 1 exit test once per round, steady copy while it does not fire; lanes carry their values of %r.i{{$}}
; CHECK-NEXT:      uniform: 1 instruction, cost scalar 0 vector 0
; CHECK-NEXT:      blend: 2 instructions, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      widen: 4 instructions, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      widen: 5 instructions, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      uniform: 2 instructions, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; Per round, a leaving lane records which of the two exit edges it took
; and the two values it carries out (%n and %n.next).
; CHECK-NEXT:      masked exit: 2 exit tests clear the leaving lanes, loop while any lane is active, lanes that leave record 2 values, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    blend: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen memory: store %r.i (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    total: scalar {{[0-9]+}}, vector {{[0-9]+}} (estimated speedup {{[0-9]+\.[0-9]}})
; CHECK-NEXT:  remark: <unknown>:0:0: plan for lane loop 'lane.header' (VF 8): widen 9, widen memory 3, uniform 3, blend 3, divergent loop 1; BOSCC no (no if/else region); lockstep: %loop.i.i (round counter %n.i, 1 exit test once per round, steady copy while it does not fire); cost scalar {{[0-9]+}} vector {{[0-9]+}} (estimated speedup {{[0-9]+\.[0-9]}})
