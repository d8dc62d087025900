; Strided reads under the lane mask whose group would miss its last member
; (interleave-gaps.ll has the reads every lane makes). Where the target has
; masked interleaved accesses (SVE), the vectorizer groups such a read and,
; for the gap at the end, wants a scalar epilogue iteration, which a lane
; loop of exactly VL iterations has no room for: it left the whole lane
; loop scalar ("Created vector loop never executes due to insufficient trip
; count"). vplan-lane-prep freezes the read's index there, a gather; at a
; scalable lane count (an SVE variant's) and at a fixed one (its granule
; form) alike. Without masked interleaved accesses (AdvSIMD alone, x86) the
; vectorizer takes the read apart itself: nothing changes. A read every
; lane makes at the same stride in another block stays apart from the
; masked group, as the vectorizer keeps it.
; REQUIRES: aarch64-cross
; RUN: %opt -passes=vplan-lane-prep -S < %s | FileCheck %s
; RUN: %opt -passes=vplan-lane-prep,loop-vectorize -pass-remarks=loop-vectorize -pass-remarks-analysis=loop-vectorize -disable-output < %s 2>&1 | FileCheck %s --check-prefix=LV

; CHECK-LABEL: define void @sve_scalable(
; CHECK: %off.gather = freeze i64 %off
; CHECK-NEXT: getelementptr i8, ptr %a, i64 %off.gather
; CHECK-LABEL: define void @sve_fixed(
; CHECK: %off.gather = freeze i64 %off
; CHECK-NEXT: getelementptr i8, ptr %a, i64 %off.gather
; CHECK-LABEL: define void @neon_fixed(
; CHECK-NOT: freeze
; CHECK: ret void

; LV-NOT: never executes
; LV: vectorized loop (vectorization width: vscale x 4
; LV: vectorized loop (vectorization width: 4

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

define void @sve_scalable(ptr %a, ptr %flags, ptr %out) #0 {
entry:
  %vs = call i64 @llvm.vscale.i64()
  %n = shl nuw nsw i64 %vs, 2
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %fp = getelementptr inbounds nuw i32, ptr %flags, i64 %l
  %fl = load i32, ptr %fp, align 4, !llvm.access.group !1
  %act = icmp ne i32 %fl, 0
  br i1 %act, label %body, label %latch
body:
  %off = mul i64 %l, 12
  %p = getelementptr i8, ptr %a, i64 %off
  %v = load i32, ptr %p, align 4, !llvm.access.group !1
  %f = uitofp i32 %v to float
  br label %latch
latch:
  %r = phi float [ %f, %body ], [ 0.0, %lane ]
  %op = getelementptr inbounds nuw float, ptr %out, i64 %l
  store float %r, ptr %op, align 4, !llvm.access.group !1
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, %n
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}

define void @sve_fixed(ptr %a, ptr %flags, ptr %out) #0 {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %fp = getelementptr inbounds nuw i32, ptr %flags, i64 %l
  %fl = load i32, ptr %fp, align 4, !llvm.access.group !1
  %act = icmp ne i32 %fl, 0
  br i1 %act, label %body, label %latch
body:
  %off = mul i64 %l, 12
  %p = getelementptr i8, ptr %a, i64 %off
  %v = load i32, ptr %p, align 4, !llvm.access.group !1
  %f = uitofp i32 %v to float
  br label %latch
latch:
  %r = phi float [ %f, %body ], [ 0.0, %lane ]
  %op = getelementptr inbounds nuw float, ptr %out, i64 %l
  store float %r, ptr %op, align 4, !llvm.access.group !1
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 4
  br i1 %done, label %exit, label %lane, !llvm.loop !6
exit:
  ret void
}

define void @neon_fixed(ptr %a, ptr %flags, ptr %out) #1 {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %fp = getelementptr inbounds nuw i32, ptr %flags, i64 %l
  %fl = load i32, ptr %fp, align 4, !llvm.access.group !1
  %act = icmp ne i32 %fl, 0
  br i1 %act, label %body, label %latch
body:
  %off = mul i64 %l, 12
  %p = getelementptr i8, ptr %a, i64 %off
  %v = load i32, ptr %p, align 4, !llvm.access.group !1
  %f = uitofp i32 %v to float
  br label %latch
latch:
  %r = phi float [ %f, %body ], [ 0.0, %lane ]
  %op = getelementptr inbounds nuw float, ptr %out, i64 %l
  store float %r, ptr %op, align 4, !llvm.access.group !1
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 4
  br i1 %done, label %exit, label %lane, !llvm.loop !7
exit:
  ret void
}

declare i64 @llvm.vscale.i64()
attributes #0 = { vscale_range(1,16) "target-features"="+sve,+neon" }
attributes #1 = { "target-features"="+neon" }
!0 = distinct !{!0, !2, !3, !4, !5, !8, !9}
!1 = distinct !{}
!2 = !{!"llvm.loop.vectorize.enable", i1 true}
!3 = !{!"llvm.loop.vectorize.width", i32 4}
!4 = !{!"llvm.loop.vectorize.scalable.enable", i1 true}
!5 = !{!"llvm.loop.parallel_accesses", !1}
!6 = distinct !{!6, !2, !3, !5, !8, !9}
!7 = distinct !{!7, !2, !3, !5, !8, !9}
!8 = !{!"llvm.loop.interleave.count", i32 1}
!9 = !{!"vecclone.lane.loop"}
