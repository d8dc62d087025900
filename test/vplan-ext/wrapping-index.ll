; A read through `tab[(c + lane) & 7]` in a lane loop of sixteen lanes: SCEV
; sees the 3-bit index as a recurrence of the lane only if it does not wrap,
; and over sixteen lanes it always does (|step| * 15 does not fit 3 bits).
; The loop vectorizer would add that check, find it always fails and give
; the loop up without a remark. The stride analysis calls the read a gather
; (the rule noWrapCheckAlwaysFails); vplan-lane-prep freezes its index
; (freezeWrappingIndices), after which the vectorizer widens the loop. With
; eight lanes the check can pass (c & 7 == 0): the read stays contiguous
; under the predicate and nothing is frozen.
; RUN: %opt -passes='print<vplan-stride>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=STRIDE
; RUN: %opt -passes=vplan-lane-prep -S < %s | FileCheck %s --check-prefix=PREP
; RUN: %opt -passes=vplan-lane-prep,loop-vectorize -S < %s | FileCheck %s --check-prefix=LV

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; STRIDE-LABEL: Lane strides for function 'ring16':
; STRIDE-NEXT:  lane loop %lane:
; STRIDE-NEXT:  gather (its index wraps within the lanes): %v = load float, ptr %p, align 4
; STRIDE-NEXT:  contiguous stride 4: store float %v, ptr %q, align 4
; STRIDE-LABEL: Lane strides for function 'ring8':
; STRIDE-NEXT:  lane loop %lane:
; STRIDE-NEXT:  contiguous stride 4 (no wrap): %v = load float, ptr %p, align 4

; PREP-LABEL: define void @ring16(
; PREP: %z.wraps = freeze i64 %z
; PREP: getelementptr inbounds float, ptr %tab, i64 %z.wraps
; PREP-LABEL: define void @ring8(
; PREP-NOT: freeze
; PREP-LABEL: define void @ring16_untagged(

; LV-LABEL: define void @ring16(
; LV: call <16 x float> @llvm.masked.gather.v16f32
define void @ring16(ptr noalias %tab, ptr noalias %out, i32 %c) #0 {
entry:
  br label %lane

lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %lane ]
  %t = trunc i64 %l to i32
  %i = add i32 %c, %t
  %m = and i32 %i, 7
  %z = zext i32 %m to i64
  %p = getelementptr inbounds float, ptr %tab, i64 %z
  %v = load float, ptr %p, align 4, !llvm.access.group !9
  %q = getelementptr inbounds float, ptr %out, i64 %l
  store float %v, ptr %q, align 4, !llvm.access.group !9
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 16
  br i1 %done, label %exit, label %lane, !llvm.loop !0

exit:
  ret void
}

define void @ring8(ptr noalias %tab, ptr noalias %out, i32 %c) #0 {
entry:
  br label %lane

lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %lane ]
  %t = trunc i64 %l to i32
  %i = add i32 %c, %t
  %m = and i32 %i, 7
  %z = zext i32 %m to i64
  %p = getelementptr inbounds float, ptr %tab, i64 %z
  %v = load float, ptr %p, align 4, !llvm.access.group !9
  %q = getelementptr inbounds float, ptr %out, i64 %l
  store float %v, ptr %q, align 4, !llvm.access.group !9
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !5

exit:
  ret void
}

; Not a lane loop: vplan-lane-prep leaves it alone.
define void @ring16_untagged(ptr noalias %tab, ptr noalias %out, i32 %c) #0 {
entry:
  br label %lane

lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %lane ]
  %t = trunc i64 %l to i32
  %i = add i32 %c, %t
  %m = and i32 %i, 7
  %z = zext i32 %m to i64
  %p = getelementptr inbounds float, ptr %tab, i64 %z
  %v = load float, ptr %p, align 4
  %q = getelementptr inbounds float, ptr %out, i64 %l
  store float %v, ptr %q, align 4
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 16
  br i1 %done, label %exit, label %lane

exit:
  ret void
}

attributes #0 = { "target-cpu"="x86-64-v4" "prefer-vector-width"="512" "min-legal-vector-width"="512" }

!0 = distinct !{!0, !1, !2, !3, !4, !8}
!1 = !{!"llvm.loop.vectorize.enable", i1 true}
!2 = !{!"llvm.loop.vectorize.width", i32 16}
!3 = !{!"vecclone.lane.loop"}
!4 = !{!"llvm.loop.parallel_accesses", !9}
!5 = distinct !{!5, !1, !6, !3, !4, !8}
!6 = !{!"llvm.loop.vectorize.width", i32 8}
!8 = !{!"llvm.loop.interleave.count", i32 1}
!9 = distinct !{}
