; Caller loops wider than every variant (issue 20, item 3): a float loop of
; 8 lanes (simdlen(8)) calls `double g(double)`, whose variants have 4
; lanes. vecclone-calls offers LV an 8-lane mapping composed of two 4-lane
; calls (`_ZGVdN8v_g(_ZGVdN4v_g.vecclone.lv.x2)`, one per ISA class) and
; lowers the widened call to two calls of the real variant, each on its
; half of the lanes; no vectorizer form survives.
; RUN: %opt -passes=vecclone-calls -pass-remarks=vecclone -S < %s 2>%t.rem | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.rem
; CHECK-LABEL: define dso_local void @caller(
; CHECK: [[LO:%.*]] = shufflevector <8 x double> [[W:%.*]], <8 x double> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT: [[HI:%.*]] = shufflevector <8 x double> [[W]], <8 x double> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT: [[R0:%.*]] = call <4 x double> @_ZGVdN4v_g(<4 x double> [[LO]])
; CHECK-NEXT: [[R1:%.*]] = call <4 x double> @_ZGVdN4v_g(<4 x double> [[HI]])
; CHECK-NEXT: shufflevector <4 x double> [[R0]], <4 x double> [[R1]], <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-NOT: call {{.*}}.vecclone.lv
; CHECK-NOT: vector-function-abi-variant
; REMARK: call to 'g' vectorized as 2 calls of _ZGVdN4v_g (AVX2, VF 4, unmasked) per 8 lanes

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nounwind uwtable
define dso_local void @caller(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %17

5:                                                ; preds = %3
  %6 = zext nneg i32 %2 to i64
  br label %7

7:                                                ; preds = %5, %7
  %8 = phi i64 [ 0, %5 ], [ %15, %7 ]
  %9 = getelementptr inbounds nuw float, ptr %1, i64 %8
  %10 = load float, ptr %9, align 4, !tbaa !9, !llvm.access.group !11
  %11 = fpext float %10 to double
  %12 = tail call double @g(double noundef %11) #2, !llvm.access.group !11
  %13 = fptrunc double %12 to float
  %14 = getelementptr inbounds nuw float, ptr %0, i64 %8
  store float %13, ptr %14, align 4, !tbaa !9, !llvm.access.group !11
  %15 = add nuw nsw i64 %8, 1
  %16 = icmp eq i64 %15, %6
  br i1 %16, label %17, label %7, !llvm.loop !12

17:                                               ; preds = %7, %3
  ret void
}

declare double @g(double noundef) local_unnamed_addr #1

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { "_ZGVbN4v_g" "_ZGVcN4v_g" "_ZGVdN4v_g" "_ZGVeN4v_g" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #2 = { nounwind }


!llvm.errno.tbaa = !{!5}

!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
!11 = distinct !{}
!12 = distinct !{!12, !13, !14, !15}
!13 = !{!"llvm.loop.parallel_accesses", !11}
!14 = !{!"llvm.loop.vectorize.width", i32 8}
!15 = !{!"llvm.loop.vectorize.enable", i1 true}
