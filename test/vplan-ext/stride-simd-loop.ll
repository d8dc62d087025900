; Strides in user `omp simd` loops (llvm.loop.vectorize.enable +
; llvm.loop.parallel_accesses): the lane index is the loop's induction, one
; iteration is one lane.
; RUN: %opt -passes='print<vplan-stride>' -disable-output < %s 2>&1 | FileCheck %s
; RUN: %opt -passes='print<vplan-divergence>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=DIV
; RUN: %opt -passes='print<vplan-stride>,print<vplan-divergence>' -S < %s 2>/dev/null > %t.after
; RUN: %opt -passes=verify -S < %s > %t.before
; RUN: diff %t.before %t.after

; DIV-LABEL: Lane divergence for function 'simd_user':
; DIV-NEXT:  lane loop %loop (simd loop, lane %i):
; DIV-NEXT:  varying: %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; DIV:       varying: br i1 %done, label %exit, label %loop, !llvm.loop
; DIV-NOT:   divergent
; DIV-LABEL: Lane divergence for function 'clang_simd':
; DIV-NEXT:  lane loop %8 (simd loop, lane %indvars.iv):
; DIV:       uniform: br label %17
; DIV-NEXT:  varying: %18 = phi float [ %16, %13 ], [ %2, %8 ]
; DIV:       divergent branch in %8
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; #pragma omp simd: for (int i = 0; i < n; ++i) { y[2*i] = x[i]; y[2*i+1] = 0; }
; CHECK-LABEL: Lane strides for function 'simd_user':
; CHECK-NEXT:  lane loop %loop:
; CHECK-NEXT:  contiguous stride 4: %xv = load float, ptr %xp, align 4, !llvm.access.group !0
; CHECK-NEXT:  strided stride 8: store float %xv, ptr %yp, align 4, !llvm.access.group !0
; CHECK-NEXT:  strided stride 8: store float 0.000000e+00, ptr %yp1, align 4, !llvm.access.group !0
define void @simd_user(ptr noalias %y, ptr noalias %x, i32 %n) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %iw = sext i32 %i to i64
  %xp = getelementptr inbounds float, ptr %x, i64 %iw
  %xv = load float, ptr %xp, align 4, !llvm.access.group !2
  %i2 = shl nsw i32 %i, 1
  %i2w = sext i32 %i2 to i64
  %yp = getelementptr inbounds float, ptr %y, i64 %i2w
  store float %xv, ptr %yp, align 4, !llvm.access.group !2
  %yp1 = getelementptr inbounds float, ptr %yp, i64 1
  store float 0.0, ptr %yp1, align 4, !llvm.access.group !2
  %i.next = add nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !3

exit:
  ret void
}

; The same kind of loop as clang -O2 -fopenmp-simd makes it (before the loop
; vectorizer; clang's loop metadata order, induction widened by indvars):
;   #pragma omp simd
;   for (int i = 0; i < n; ++i) y[i] = x[i * s] > t ? x[3 * i + 1] : t;
; CHECK-LABEL: Lane strides for function 'clang_simd':
; CHECK-NEXT:  lane loop %8:
; CHECK-NEXT:  unknown-stride stride (4 * (sext i32 %4 to i64))<nsw>: %11 = load float, ptr %10, align 4, !llvm.access.group !0
; CHECK-NEXT:  strided stride 12: %16 = load float, ptr %15, align 4, !llvm.access.group !0
; CHECK-NEXT:  contiguous stride 4: store float %18, ptr %19, align 4, !llvm.access.group !0
define void @clang_simd(ptr noalias noundef %0, ptr noalias noundef %1, float noundef %2, i32 noundef %3, i32 noundef %4) {
  %6 = icmp sgt i32 %3, 0
  br i1 %6, label %.preheader, label %20

.preheader:                                       ; preds = %5
  %7 = sext i32 %4 to i64
  %wide.trip.count = zext nneg i32 %3 to i64
  br label %8

8:                                                ; preds = %.preheader, %17
  %indvars.iv = phi i64 [ 0, %.preheader ], [ %indvars.iv.next, %17 ]
  %9 = mul nsw i64 %indvars.iv, %7
  %10 = getelementptr inbounds float, ptr %1, i64 %9
  %11 = load float, ptr %10, align 4, !llvm.access.group !2
  %12 = fcmp ogt float %11, %2
  br i1 %12, label %13, label %17

13:                                               ; preds = %8
  %.idx = mul nuw nsw i64 %indvars.iv, 12
  %14 = getelementptr inbounds nuw i8, ptr %1, i64 %.idx
  %15 = getelementptr inbounds nuw i8, ptr %14, i64 4
  %16 = load float, ptr %15, align 4, !llvm.access.group !2
  br label %17

17:                                               ; preds = %8, %13
  %18 = phi float [ %16, %13 ], [ %2, %8 ]
  %19 = getelementptr inbounds nuw float, ptr %0, i64 %indvars.iv
  store float %18, ptr %19, align 4, !llvm.access.group !2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %.loopexit, label %8, !llvm.loop !7

.loopexit:                                        ; preds = %17
  br label %20

20:                                               ; preds = %.loopexit, %5
  ret void
}

!0 = !{}
!1 = distinct !{!1, !4, !5}
!2 = distinct !{}
!3 = distinct !{!3, !4, !6}
!4 = !{!"llvm.loop.vectorize.enable", i1 true}
!5 = !{!"vecclone.lane.loop"}
!6 = !{!"llvm.loop.parallel_accesses", !2}
!7 = distinct !{!7, !6, !4}
