; The price of per-lane addresses. A gather costs at least the lanes' own
; accesses; against a scalar loop of independent iterations (an omp simd
; loop, a kernel's work items) twice that on x86, against a variant's scalar
; lane loop (results through lane arrays) once. A load of one address under
; a lane mask, directly in the lane loop, is the gather of it the
; vectorizer makes.
; RUN: %opt -passes='print<vplan-ext>' -disable-output < %s 2>&1 | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: vplan for lane loop %lane in user
; CHECK: gather: load %v (per-lane addresses), cost scalar 4 vector 30
; CHECK: gather: load %w (uniform address, masked), cost scalar 4 vector 32
; CHECK-LABEL: vplan for lane loop %lane in variant
; CHECK: gather: load %v (per-lane addresses), cost scalar 4 vector 15
; CHECK: gather: load %w (uniform address, masked), cost scalar 4 vector 16
define void @user(ptr noalias %t, ptr noalias %idx, ptr noalias %w.p, ptr noalias %out) {
entry:
  br label %lane

lane:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %ip = getelementptr inbounds i32, ptr %idx, i64 %i
  %j = load i32, ptr %ip, align 4, !llvm.access.group !0
  %jk = sext i32 %j to i64
  %tp = getelementptr inbounds float, ptr %t, i64 %jk
  %v = load float, ptr %tp, align 4, !llvm.access.group !0
  %pos = fcmp ogt float %v, 0.0
  br i1 %pos, label %then, label %latch

then:
  %w = load float, ptr %w.p, align 4, !llvm.access.group !0
  %r = fmul float %v, %w
  %op = getelementptr inbounds float, ptr %out, i64 %i
  store float %r, ptr %op, align 4, !llvm.access.group !0
  br label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1024
  br i1 %done, label %exit, label %lane, !llvm.loop !1

exit:
  ret void
}

define void @variant(ptr noalias %t, ptr noalias %idx, ptr noalias %w.p, ptr noalias %out) #0 {
entry:
  br label %lane

lane:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %ip = getelementptr inbounds i32, ptr %idx, i64 %i
  %j = load i32, ptr %ip, align 4, !llvm.access.group !4
  %jk = sext i32 %j to i64
  %tp = getelementptr inbounds float, ptr %t, i64 %jk
  %v = load float, ptr %tp, align 4, !llvm.access.group !4
  %pos = fcmp ogt float %v, 0.0
  br i1 %pos, label %then, label %latch

then:
  %w = load float, ptr %w.p, align 4, !llvm.access.group !4
  %r = fmul float %v, %w
  %op = getelementptr inbounds float, ptr %out, i64 %i
  store float %r, ptr %op, align 4, !llvm.access.group !4
  br label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 1024
  br i1 %done, label %exit, label %lane, !llvm.loop !5

exit:
  ret void
}

attributes #0 = { "vecclone-variant-of"="f" }

!0 = distinct !{}
!1 = distinct !{!1, !2, !3}
!2 = !{!"llvm.loop.vectorize.enable", i1 true}
!3 = !{!"llvm.loop.parallel_accesses", !0}
!4 = distinct !{}
!5 = distinct !{!5, !2, !6}
!6 = !{!"llvm.loop.parallel_accesses", !4}
