; vplan-lane-prep runs the rewrites vecclone applies to innermost lane loops
; after the cut (LaneLoopPrep.h) on a hand-written lane loop: the 32-bit
; division by a variable goes through double (WideIntDivision), and the
; lane-invariant multiply and load move to the preheader
; (LaneInvariantHoist). A loop without the lane-loop tag is not touched.
; RUN: %opt -passes=vplan-lane-prep -S < %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; An innermost lane loop: out[l] = (a[l] / d) + n * 3 + p[0].
define void @prep(ptr noalias %a, ptr noalias %p, ptr noalias %out, i32 %n, i32 %d) {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %lane ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %l
  %x = load i32, ptr %pa, align 4
  %q = sdiv i32 %x, %d
  %inv = mul i32 %n, 3
  %base = load i32, ptr %p, align 4
  %s = add i32 %q, %inv
  %t = add i32 %s, %base
  %po = getelementptr inbounds i32, ptr %out, i64 %l
  store i32 %t, ptr %po, align 4
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}


; The same loop without the lane-loop tag is left alone.
define void @not_lane(ptr noalias %a, ptr noalias %p, ptr noalias %out, i32 %n, i32 %d) {
entry:
  br label %loop
loop:
  %l = phi i64 [ 0, %entry ], [ %l.next, %loop ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %l
  %x = load i32, ptr %pa, align 4
  %q = sdiv i32 %x, %d
  %inv = mul i32 %n, 3
  %s = add i32 %q, %inv
  %po = getelementptr inbounds i32, ptr %out, i64 %l
  store i32 %s, ptr %po, align 4
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: define void @prep(
; CHECK:       entry:
; CHECK-DAG:     %[[D:[0-9]+]] = sitofp i32 %d to double
; CHECK-DAG:     %inv = mul i32 %n, 3
; CHECK-DAG:     %base = load i32, ptr %p, align 4
; CHECK:       lane:
; CHECK:         %q.fpq = fdiv double %{{[0-9]+}}, %[[D]]
; CHECK-NOT:     sdiv
; CHECK:         br i1 %done

; CHECK-LABEL: define void @not_lane(
; CHECK:       loop:
; CHECK:         %q = sdiv i32 %x, %d
; CHECK-NEXT:    %inv = mul i32 %n, 3

!0 = distinct !{!0, !1, !2, !3}
!1 = !{!"llvm.loop.vectorize.enable", i1 true}
!2 = !{!"llvm.loop.vectorize.width", i32 8}
!3 = !{!"vecclone.lane.loop"}
