; The cut at a run-time lane count: a lane loop whose ID asks for scalable
; width runs vscale x 4 lanes (the latch's bound `vscale * 4`). Its lane
; arrays are <vscale x 4 x T>, every lane loop the cut makes counts to the
; same bound, the round loop's any-lane test reduces a <vscale x 4 x i1>,
; and the vectorizer widens each lane loop at VF vscale x 4 (vecclone's
; SVE cleanup then folds the remainders and SROA promotes the arrays:
; test/aarch64/sve-ir.c).
; A call without a vector variant, which would run lane by lane, is
; refused there (missed remark LaneLoopNotCut).
; RUN: %opt -passes=vplan-lane-cut -vplan-min-speedup=0 -pass-remarks-output=%t.yaml -S < %s | FileCheck %s
; RUN: FileCheck %s --check-prefix=REM < %t.yaml
; RUN: %opt -passes=vplan-lane-cut -vplan-min-speedup=0 -S < %s | FileCheck %s --check-prefix=NOFIXED
; RUN: %opt -passes=vplan-lane-cut,loop-vectorize -vplan-min-speedup=0 -S < %s | FileCheck %s --check-prefix=LV

target datalayout = "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

declare void @sink(i32)

; Per lane: count the steps of a divergent loop (x halves until below 1).
; CHECK-LABEL: define void @steps(
; CHECK-DAG: %lane.act = alloca <vscale x 4 x i32>, align 16, !vecclone.lane.array
; CHECK-DAG: %v.lanes = alloca <vscale x 4 x float>, align 16, !vecclone.lane.array
; CHECK: %vl = mul nuw i64 %vs, 4
; CHECK: icmp eq i64 %lane.a.next, %vl
; CHECK: lane.any:
; CHECK-NEXT: %act = load <vscale x 4 x i32>, ptr %lane.act, align 16
; CHECK-NEXT: [[IN:%.*]] = icmp ne <vscale x 4 x i32> %act, zeroinitializer
; CHECK-NEXT: call i1 @llvm.vector.reduce.or.nxv4i1(<vscale x 4 x i1> [[IN]])
; CHECK: icmp eq i64 %lane.i.next, %vl
; CHECK: icmp eq i64 %lane.b.next, %vl
; NOFIXED-NOT: alloca [
; LV-LABEL: define void @steps(
; LV: lane.any:
; LV: load <vscale x 4 x float>, ptr %v.lanes
; LV: fmul <vscale x 4 x float> %{{.*}}, splat (float 5.000000e-01)
define void @steps(ptr %x, ptr %out) #0 {
entry:
  %vs = call i64 @llvm.vscale.i64()
  %vl = mul nuw i64 %vs, 4
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %px = getelementptr inbounds float, ptr %x, i64 %l
  %x0 = load float, ptr %px, align 4
  br label %inner
inner:
  %v = phi float [ %x0, %lane ], [ %v.next, %inner ]
  %k = phi i32 [ 0, %lane ], [ %k.next, %inner ]
  %v.next = fmul float %v, 5.000000e-01
  %k.next = add nuw nsw i32 %k, 1
  %more = fcmp ogt float %v.next, 1.000000e+00
  %room = icmp ult i32 %k.next, 64
  %go = and i1 %more, %room
  br i1 %go, label %inner, label %after
after:
  %po = getelementptr inbounds i32, ptr %out, i64 %l
  store i32 %k.next, ptr %po, align 4
  br label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, %vl
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}

; REM:      Name: LaneLoopNotCut
; REM-NEXT: Function: serial
; REM: - String: a call without a vector variant would run lane by lane, which needs a fixed lane count
define void @serial(ptr %a, i32 %n) #0 {
entry:
  %vs = call i64 @llvm.vscale.i64()
  %vl = mul nuw i64 %vs, 4
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %l32 = trunc i64 %l to i32
  call void @sink(i32 %l32)
  br label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, %vl
  br i1 %done, label %exit, label %lane, !llvm.loop !4
exit:
  ret void
}

declare i64 @llvm.vscale.i64()

attributes #0 = { "target-features"="+sve" vscale_range(1,16) }

!0 = distinct !{!0, !1, !2, !3, !5}
!4 = distinct !{!4, !1, !2, !3, !5}
!1 = !{!"llvm.loop.vectorize.enable", i1 true}
!2 = !{!"llvm.loop.vectorize.width", i32 4}
!3 = !{!"vecclone.lane.loop"}
!5 = !{!"llvm.loop.vectorize.scalable.enable", i1 true}
