; An `int` index in an inner loop that is affine in the work item for each
; inner iteration (md's column-major neighbour list, neigh[j * n + i] with
; `int i = get_global_id(0)`): the 32-bit sum is extended to 64 bits, so it
; is a recurrence of the lane loop only if it does not wrap. The cut runs
; the inner loop around the lane loop the vectorizer widens, which checks
; that once per inner iteration (its SCEV predicates), and widens the load
; as one contiguous vector: so does the stride analysis. The inner step
; must be the same in every lane (m[j * i] stays a gather).
; RUN: %opt -passes='print<vplan-stride>' -disable-output < %s 2>&1 | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: Lane strides for function 'neighbours':
; CHECK-NEXT:  lane loop %lane.header:
; CHECK-NEXT:  contiguous stride 4 (no wrap): %nb = load i32, ptr %nbp, align 4
; CHECK-NEXT:  gather: %pv = load float, ptr %pp, align 4
; CHECK-NEXT:  gather: %mv = load float, ptr %mp, align 4
; CHECK-NEXT:  contiguous stride 4 (no wrap): store float %acc, ptr %op, align 4
define void @neighbours(ptr noalias %neigh, ptr noalias %pos, ptr noalias %m,
                        ptr noalias %out, i64 %base, i64 %n, i64 %maxj) {
entry:
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
  %gid = add i64 %base, %lane
  %i = trunc i64 %gid to i32
  %iw = sext i32 %i to i64
  br label %inner

inner:
  %j = phi i64 [ 0, %lane.header ], [ %j.next, %inner ]
  %sum = phi float [ 0.0, %lane.header ], [ %sum.next, %inner ]
  %jn = mul nsw i64 %j, %n
  %k = add nsw i64 %jn, %iw
  %nbp = getelementptr inbounds i32, ptr %neigh, i64 %k
  %nb = load i32, ptr %nbp, align 4
  %nbw = sext i32 %nb to i64
  %pp = getelementptr inbounds float, ptr %pos, i64 %nbw
  %pv = load float, ptr %pp, align 4
  %ji = mul nsw i64 %j, %iw
  %mp = getelementptr inbounds float, ptr %m, i64 %ji
  %mv = load float, ptr %mp, align 4
  %t = fadd float %pv, %mv
  %sum.next = fadd float %sum, %t
  %j.next = add nsw i64 %j, 1
  %more = icmp slt i64 %j.next, %maxj
  br i1 %more, label %inner, label %lane.latch

lane.latch:
  %acc = phi float [ %sum.next, %inner ]
  %op = getelementptr inbounds float, ptr %out, i64 %iw
  store float %acc, ptr %op, align 4
  %lane.next = add nuw nsw i64 %lane, 1
  %last = icmp eq i64 %lane.next, 8
  br i1 %last, label %exit, label %lane.header, !llvm.loop !1

exit:
  ret void
}

!0 = distinct !{}
!1 = distinct !{!1, !2, !3}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!"kernel-wrap.work-items"}
