; Caller loops calling `linear(ref)` variants (`R<step>`, step in bytes): LV
; passes a pointer `linear` (`l<step>`) argument exactly as the ABI passes a
; linear reference (lane 0's address, lane k's k*step bytes on), but refuses
; the `R` kind. vecclone-calls therefore offers each R variant under a
; mapping that spells the parameter `l` (only the parameter tokens change,
; not the scalar name `_Z3fooiR1SRi`), and lowers the vectorized call to the
; real `_ZGVdN8R4_` symbol with lane 0's address; a double callee of an
; 8-lane float loop is called twice, the second time 4 * 8 bytes on.
;
; Source (clang++ -O2 -fopenmp-simd -march=x86-64-v3 -fno-exceptions
; -fno-vectorize -fno-unroll-loops -S -emit-llvm):
;   struct S { int a; float w; };
;   #pragma omp declare simd linear(ref(r):1) notinbranch
;   int fr(int &r);
;   #pragma omp declare simd linear(ref(b, c):1) notinbranch
;   int foo(int a, S &b, int &c);
;   #pragma omp declare simd linear(ref(x):1) notinbranch
;   double fd(double &x);
;   int a[1024], b[1024];
;   void cr() {
;   #pragma omp simd
;     for (int i = 0; i < 1024; ++i) b[i] = fr(a[i]);
;   }
;   void cfoo(S *s) {
;   #pragma omp simd
;     for (int i = 0; i < 1024; ++i) b[i] = foo(i, s[i], a[i]);
;   }
;   void cfd(double *x, float *o) {
;   #pragma omp simd
;     for (int i = 0; i < 1024; ++i) o[i] = (float)fd(x[i]);
;   }
;
; RUN: %opt -passes=vecclone-calls -vecclone-calls-offer-only -S < %s | FileCheck %s --check-prefix=OFFER
; RUN: %opt -passes=vecclone-calls -pass-remarks=vecclone -S < %s 2>%t.rem | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.rem

; OFFER: call noundef i32 @_Z2frRi({{.*}}) #[[FR:[0-9]+]]
; OFFER: call noundef i32 @_Z3fooiR1SRi({{.*}}) #[[FOO:[0-9]+]]
; OFFER: call noundef double @_Z2fdRd({{.*}}) #[[FD:[0-9]+]]
; OFFER: attributes #[[FR]] = { {{.*}}"vector-function-abi-variant"="_ZGVdN8l4__Z2frRi(_ZGVdN8R4__Z2frRi.vecclone.lv),_ZGVcN4l4__Z2frRi(_ZGVcN4R4__Z2frRi.vecclone.lv),_ZGVbN4l4__Z2frRi(_ZGVbN4R4__Z2frRi.vecclone.lv)"
; OFFER: attributes #[[FOO]] = { {{.*}}"vector-function-abi-variant"="_ZGVdN8vl8l4__Z3fooiR1SRi(_ZGVdN8vR8R4__Z3fooiR1SRi.vecclone.lv),
; OFFER: attributes #[[FD]] = { {{.*}}"vector-function-abi-variant"="_ZGVdN4l8__Z2fdRd(_ZGVdN4R8__Z2fdRd.vecclone.lv),{{.*}},_ZGVdN8l8__Z2fdRd(_ZGVdN4R8__Z2fdRd.vecclone.lv.x2),

; CHECK-LABEL: define dso_local void @_Z2crv(
; CHECK: [[PTRS:%.*]] = getelementptr inbounds nuw i32, ptr @a, <8 x i64> %vec.ind
; CHECK-NEXT: [[LANE0:%.*]] = extractelement <8 x ptr> [[PTRS]], i32 0
; CHECK-NEXT: call <8 x i32> @_ZGVdN8R4__Z2frRi(ptr noundef [[LANE0]])
; CHECK-LABEL: define dso_local void @_Z4cfooP1S(
; CHECK: call <8 x i32> @_ZGVdN8vR8R4__Z3fooiR1SRi(<8 x i32> %{{.*}}, ptr noundef %{{.*}}, ptr noundef %{{.*}})
; CHECK-LABEL: define dso_local void @_Z3cfdPdPf(
; CHECK: [[X0:%.*]] = extractelement <8 x ptr> %{{.*}}, i32 0
; CHECK-NEXT: [[X4:%.*]] = getelementptr i8, ptr [[X0]], i64 32
; CHECK-NEXT: call <4 x double> @_ZGVdN4R8__Z2fdRd(ptr noundef [[X0]])
; CHECK-NEXT: call <4 x double> @_ZGVdN4R8__Z2fdRd(ptr noundef [[X4]])
; CHECK-NOT: call {{.*}}.vecclone.lv
; CHECK-NOT: vector-function-abi-variant

; REMARK: call to '_Z2frRi' vectorized as _ZGVdN8R4__Z2frRi (AVX2, VF 8, unmasked)
; REMARK: call to '_Z3fooiR1SRi' vectorized as _ZGVdN8vR8R4__Z3fooiR1SRi (AVX2, VF 8, unmasked)
; REMARK: call to '_Z2fdRd' vectorized as 2 calls of _ZGVdN4R8__Z2fdRd (AVX2, VF 4, unmasked) per 8 lanes

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, float }

@a = dso_local global [1024 x i32] zeroinitializer, align 16
@b = dso_local local_unnamed_addr global [1024 x i32] zeroinitializer, align 16

; Function Attrs: mustprogress nounwind uwtable
define dso_local void @_Z2crv() local_unnamed_addr #0 {
  br label %1

1:                                                ; preds = %0, %1
  %2 = phi i64 [ 0, %0 ], [ %6, %1 ]
  %3 = getelementptr inbounds nuw i32, ptr @a, i64 %2
  %4 = tail call noundef i32 @_Z2frRi(ptr noundef nonnull align 4 dereferenceable(4) %3) #4, !llvm.access.group !9
  %5 = getelementptr inbounds nuw i32, ptr @b, i64 %2
  store i32 %4, ptr %5, align 4, !tbaa !5, !llvm.access.group !9
  %6 = add nuw nsw i64 %2, 1
  %7 = icmp eq i64 %6, 1024
  br i1 %7, label %8, label %1, !llvm.loop !10

8:                                                ; preds = %1
  ret void
}

declare noundef i32 @_Z2frRi(ptr noundef nonnull align 4 dereferenceable(4)) local_unnamed_addr #1

; Function Attrs: mustprogress nounwind uwtable
define dso_local void @_Z4cfooP1S(ptr noundef %0) local_unnamed_addr #0 {
  br label %2

2:                                                ; preds = %1, %2
  %3 = phi i64 [ 0, %1 ], [ %9, %2 ]
  %4 = getelementptr inbounds nuw %struct.S, ptr %0, i64 %3
  %5 = getelementptr inbounds nuw i32, ptr @a, i64 %3
  %6 = trunc nuw nsw i64 %3 to i32
  %7 = tail call noundef i32 @_Z3fooiR1SRi(i32 noundef %6, ptr noundef nonnull align 4 dereferenceable(8) %4, ptr noundef nonnull align 4 dereferenceable(4) %5) #4, !llvm.access.group !13
  %8 = getelementptr inbounds nuw i32, ptr @b, i64 %3
  store i32 %7, ptr %8, align 4, !tbaa !5, !llvm.access.group !13
  %9 = add nuw nsw i64 %3, 1
  %10 = icmp eq i64 %9, 1024
  br i1 %10, label %11, label %2, !llvm.loop !14

11:                                               ; preds = %2
  ret void
}

declare noundef i32 @_Z3fooiR1SRi(i32 noundef, ptr noundef nonnull align 4 dereferenceable(8), ptr noundef nonnull align 4 dereferenceable(4)) local_unnamed_addr #2

; Function Attrs: mustprogress nounwind uwtable
define dso_local void @_Z3cfdPdPf(ptr noundef %0, ptr noundef writeonly captures(none) %1) local_unnamed_addr #0 {
  br label %3

3:                                                ; preds = %2, %3
  %4 = phi i64 [ 0, %2 ], [ %9, %3 ]
  %5 = getelementptr inbounds nuw double, ptr %0, i64 %4
  %6 = tail call noundef double @_Z2fdRd(ptr noundef nonnull align 8 dereferenceable(8) %5) #4, !llvm.access.group !16
  %7 = fptrunc double %6 to float
  %8 = getelementptr inbounds nuw float, ptr %1, i64 %4
  store float %7, ptr %8, align 4, !tbaa !17, !llvm.access.group !16
  %9 = add nuw nsw i64 %4, 1
  %10 = icmp eq i64 %9, 1024
  br i1 %10, label %11, label %3, !llvm.loop !19

11:                                               ; preds = %3
  ret void
}

declare noundef double @_Z2fdRd(ptr noundef nonnull align 8 dereferenceable(8)) local_unnamed_addr #3

attributes #0 = { mustprogress nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { "_ZGVbN4R4__Z2frRi" "_ZGVcN8R4__Z2frRi" "_ZGVdN8R4__Z2frRi" "_ZGVeN16R4__Z2frRi" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #2 = { "_ZGVbN4vR8R4__Z3fooiR1SRi" "_ZGVcN8vR8R4__Z3fooiR1SRi" "_ZGVdN8vR8R4__Z3fooiR1SRi" "_ZGVeN16vR8R4__Z3fooiR1SRi" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { "_ZGVbN2R8__Z2fdRd" "_ZGVcN4R8__Z2fdRd" "_ZGVdN4R8__Z2fdRd" "_ZGVeN8R8__Z2fdRd" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #4 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"clang version 22"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{}
!10 = distinct !{!10, !11, !12}
!11 = !{!"llvm.loop.parallel_accesses", !9}
!12 = !{!"llvm.loop.vectorize.enable", i1 true}
!13 = distinct !{}
!14 = distinct !{!14, !15, !12}
!15 = !{!"llvm.loop.parallel_accesses", !13}
!16 = distinct !{}
!17 = !{!18, !18, i64 0}
!18 = !{!"float", !7, i64 0}
!19 = distinct !{!19, !20, !12}
!20 = !{!"llvm.loop.parallel_accesses", !16}
