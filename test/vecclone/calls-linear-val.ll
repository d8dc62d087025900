; Caller loops calling `linear(uval)` (`U`) and `linear(val)` (`L`)
; variants. Their arguments are references whose values are linear; a C++
; caller passes a local variable (`int t = i + 5; fu(t)`), which after SROA
; is one stack slot stored in each iteration. LV cannot pass the slot (every
; lane would see its one address), so vecclone-calls calls the value form
; `_Z2fuRi.vecclone.val1` with the stored value, whose mappings spell the
; parameter `l<step>` (value steps: `L3` is `l3`); LV proves the values
; linear. After LV the U call gets a slot holding lane 0's value and the L
; call an array of the 8 lanes' values and the vector of their addresses;
; the scalar calls left (none here) get their slot back. A loop that reads
; its variable again after the call (civ: `fu(i)`) keeps the scalar call.
;
; Source (clang++ -O2 -fopenmp-simd -march=x86-64-v3 -fno-exceptions
; -fno-vectorize -fno-unroll-loops -S -emit-llvm):
;   #pragma omp declare simd linear(uval(x)) notinbranch
;   int fu(int &x);
;   #pragma omp declare simd linear(val(x) : 3) uniform(k) notinbranch
;   int fv(int &x, int k);
;   #pragma omp declare simd linear(uval(x)) notinbranch
;   double fd(int &x);
;   int b[1024];
;   float o[1024];
;   void cu() {
;   #pragma omp simd
;     for (int i = 0; i < 1024; ++i) { int t = i + 5; b[i] = fu(t); }
;   }
;   void cv(int k) {
;   #pragma omp simd
;     for (int i = 0; i < 1024; ++i) { int t = 3 * i; b[i] = fv(t, k); }
;   }
;   void cd() {
;   #pragma omp simd
;     for (int i = 0; i < 1024; ++i) { int t = i; o[i] = (float)fd(t); }
;   }
;   void civ() {
;   #pragma omp simd
;     for (int i = 0; i < 1024; ++i) b[i] = fu(i);
;   }
;
; RUN: %opt -passes=vecclone-calls -vecclone-calls-offer-only -S < %s | FileCheck %s --check-prefix=OFFER
; RUN: %opt -passes=vecclone-calls -pass-remarks=vecclone -pass-remarks-analysis=vecclone -S < %s 2>%t.rem | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.rem

; OFFER-LABEL: define dso_local void @_Z2cuv(
; OFFER-NOT: store i32
; OFFER: call noundef i32 @_Z2fuRi.vecclone.val1(i32 %{{.*}}) #[[FU:[0-9]+]]
; OFFER-LABEL: define dso_local void @_Z2cvi(
; OFFER: call noundef i32 @_Z2fvRii.vecclone.val1(i32 %{{.*}}, i32 noundef %0) #[[FV:[0-9]+]]
; OFFER-LABEL: define dso_local void @_Z2cdv(
; OFFER: call noundef double @_Z2fdRi.vecclone.val1(i32 %{{.*}}) #[[FD:[0-9]+]]
; OFFER-LABEL: define dso_local void @_Z3civv(
; OFFER: store i32
; OFFER-NEXT: call noundef i32 @_Z2fuRi(ptr
; OFFER: declare noundef i32 @_Z2fuRi.vecclone.val1(i32) #[[FORM:[0-9]+]]
; OFFER: attributes #[[FORM]] = { {{.*}}"vecclone-value-form-of"="_Z2fuRi" "vecclone-value-params"="1" }
; OFFER: attributes #[[FU]] = { {{.*}}"vector-function-abi-variant"="_ZGVdN8l__Z2fuRi.vecclone.val1(_ZGVdN8U__Z2fuRi.vecclone.lv.val1),_ZGVcN4l__Z2fuRi.vecclone.val1(_ZGVcN4U__Z2fuRi.vecclone.lv.val1),_ZGVbN4l__Z2fuRi.vecclone.val1(_ZGVbN4U__Z2fuRi.vecclone.lv.val1)"
; OFFER: attributes #[[FV]] = { {{.*}}"vector-function-abi-variant"="_ZGVdN8l3u__Z2fvRii.vecclone.val1(_ZGVdN8L3u__Z2fvRii.vecclone.lv.val1),
; OFFER: attributes #[[FD]] = { {{.*}}"vector-function-abi-variant"="_ZGVdN4l__Z2fdRi.vecclone.val1(_ZGVdN4U__Z2fdRi.vecclone.lv.val1),{{.*}},_ZGVdN8l__Z2fdRi.vecclone.val1(_ZGVdN4U__Z2fdRi.vecclone.lv.x2.val1),

; CHECK-LABEL: define dso_local void @_Z2cuv(
; CHECK: [[SLOT:%vecclone.val]] = alloca i32, align 4
; CHECK: vector.body:
; CHECK: [[LANE0:%.*]] = extractelement <8 x i32> %{{.*}}, i32 0
; CHECK-NEXT: store i32 [[LANE0]], ptr [[SLOT]], align 4
; CHECK-NEXT: call <8 x i32> @_ZGVdN8U__Z2fuRi(ptr noundef [[SLOT]])
; CHECK-LABEL: define dso_local void @_Z2cvi(
; CHECK: [[VALS:%vecclone.vals]] = alloca [8 x i32], align 32
; CHECK: vector.body:
; CHECK: [[SPLAT:%.*]] = shufflevector <8 x i32> %{{.*}}, <8 x i32> poison, <8 x i32> zeroinitializer
; CHECK-NEXT: [[LANES:%.*]] = add <8 x i32> [[SPLAT]], <i32 0, i32 3, i32 6, i32 9, i32 12, i32 15, i32 18, i32 21>
; CHECK-NEXT: store <8 x i32> [[LANES]], ptr [[VALS]], align 32
; CHECK-NEXT: [[REFS:%.*]] = getelementptr i32, ptr [[VALS]], <8 x i64> <i64 0, i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7>
; CHECK: call <8 x i32> @_ZGVdN8L3u__Z2fvRii(<4 x i64> %{{.*}}, <4 x i64> %{{.*}}, i32 noundef %{{.*}})
; CHECK-LABEL: define dso_local void @_Z2cdv(
; CHECK: vector.body:
; CHECK: [[V4:%.*]] = add i32 [[V0:%.*]], 4
; CHECK: store i32 [[V0]], ptr [[S0:%.*]], align 4
; CHECK-NEXT: call <4 x double> @_ZGVdN4U__Z2fdRi(ptr noundef [[S0]])
; CHECK-NEXT: store i32 [[V4]], ptr [[S4:%.*]], align 4
; CHECK-NEXT: call <4 x double> @_ZGVdN4U__Z2fdRi(ptr noundef [[S4]])
; CHECK-LABEL: define dso_local void @_Z3civv(
; CHECK: call noundef i32 @_Z2fuRi(ptr
; CHECK-NOT: call {{.*}}.vecclone.
; CHECK-NOT: vector-function-abi-variant

; REMARK-DAG: call to '_Z2fuRi' vectorized as _ZGVdN8U__Z2fuRi (AVX2, VF 8, unmasked)
; REMARK-DAG: call to '_Z2fvRii' vectorized as _ZGVdN8L3u__Z2fvRii (AVX2, VF 8, unmasked)
; REMARK-DAG: call to '_Z2fdRi' vectorized as 2 calls of _ZGVdN4U__Z2fdRi (AVX2, VF 4, unmasked) per 8 lanes
; REMARK-DAG: call to '_Z2fuRi' cannot use _ZGVdN8U__Z2fuRi: parameter 1 is linear(uval), which the loop vectorizer cannot pass (only the value of a local variable stored just before the call, as in 'int t = i; f(t)')


source_filename = "ir.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@b = dso_local local_unnamed_addr global [1024 x i32] zeroinitializer, align 16
@o = dso_local local_unnamed_addr global [1024 x float] zeroinitializer, align 16

; Function Attrs: mustprogress nounwind uwtable
define dso_local void @_Z2cuv() local_unnamed_addr #0 {
  %1 = alloca i32, align 4
  br label %2

2:                                                ; preds = %0, %2
  %3 = phi i64 [ 0, %0 ], [ %8, %2 ]
  call void @llvm.lifetime.start.p0(ptr nonnull %1) #5, !llvm.access.group !9
  %4 = trunc i64 %3 to i32
  %5 = add i32 %4, 5
  store i32 %5, ptr %1, align 4, !tbaa !5, !llvm.access.group !9
  %6 = call noundef i32 @_Z2fuRi(ptr noundef nonnull align 4 dereferenceable(4) %1) #5, !llvm.access.group !9
  %7 = getelementptr inbounds nuw i32, ptr @b, i64 %3
  store i32 %6, ptr %7, align 4, !tbaa !5, !llvm.access.group !9
  call void @llvm.lifetime.end.p0(ptr nonnull %1) #5, !llvm.access.group !9
  %8 = add nuw nsw i64 %3, 1
  %9 = icmp eq i64 %8, 1024
  br i1 %9, label %10, label %2, !llvm.loop !10

10:                                               ; preds = %2
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

declare noundef i32 @_Z2fuRi(ptr noundef nonnull align 4 dereferenceable(4)) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; Function Attrs: mustprogress nounwind uwtable
define dso_local void @_Z2cvi(i32 noundef %0) local_unnamed_addr #0 {
  %2 = alloca i32, align 4
  br label %3

3:                                                ; preds = %1, %3
  %4 = phi i64 [ 0, %1 ], [ %9, %3 ]
  call void @llvm.lifetime.start.p0(ptr nonnull %2) #5, !llvm.access.group !13
  %5 = trunc i64 %4 to i32
  %6 = mul i32 %5, 3
  store i32 %6, ptr %2, align 4, !tbaa !5, !llvm.access.group !13
  %7 = call noundef i32 @_Z2fvRii(ptr noundef nonnull align 4 dereferenceable(4) %2, i32 noundef %0) #5, !llvm.access.group !13
  %8 = getelementptr inbounds nuw i32, ptr @b, i64 %4
  store i32 %7, ptr %8, align 4, !tbaa !5, !llvm.access.group !13
  call void @llvm.lifetime.end.p0(ptr nonnull %2) #5, !llvm.access.group !13
  %9 = add nuw nsw i64 %4, 1
  %10 = icmp eq i64 %9, 1024
  br i1 %10, label %11, label %3, !llvm.loop !14

11:                                               ; preds = %3
  ret void
}

declare noundef i32 @_Z2fvRii(ptr noundef nonnull align 4 dereferenceable(4), i32 noundef) local_unnamed_addr #3

; Function Attrs: mustprogress nounwind uwtable
define dso_local void @_Z2cdv() local_unnamed_addr #0 {
  %1 = alloca i32, align 4
  br label %2

2:                                                ; preds = %0, %2
  %3 = phi i64 [ 0, %0 ], [ %8, %2 ]
  call void @llvm.lifetime.start.p0(ptr nonnull %1) #5, !llvm.access.group !16
  %4 = trunc nuw nsw i64 %3 to i32
  store i32 %4, ptr %1, align 4, !tbaa !5, !llvm.access.group !16
  %5 = call noundef double @_Z2fdRi(ptr noundef nonnull align 4 dereferenceable(4) %1) #5, !llvm.access.group !16
  %6 = fptrunc double %5 to float
  %7 = getelementptr inbounds nuw float, ptr @o, i64 %3
  store float %6, ptr %7, align 4, !tbaa !17, !llvm.access.group !16
  call void @llvm.lifetime.end.p0(ptr nonnull %1) #5, !llvm.access.group !16
  %8 = add nuw nsw i64 %3, 1
  %9 = icmp eq i64 %8, 1024
  br i1 %9, label %10, label %2, !llvm.loop !19

10:                                               ; preds = %2
  ret void
}

declare noundef double @_Z2fdRi(ptr noundef nonnull align 4 dereferenceable(4)) local_unnamed_addr #4

; Function Attrs: mustprogress nounwind uwtable
define dso_local void @_Z3civv() local_unnamed_addr #0 {
  %1 = alloca i32, align 4
  call void @llvm.lifetime.start.p0(ptr nonnull %1) #5
  br label %2

2:                                                ; preds = %0, %2
  %3 = phi i32 [ 0, %0 ], [ %8, %2 ]
  store i32 %3, ptr %1, align 4, !tbaa !5, !llvm.access.group !21
  %4 = call noundef i32 @_Z2fuRi(ptr noundef nonnull align 4 dereferenceable(4) %1) #5, !llvm.access.group !21
  %5 = load i32, ptr %1, align 4, !tbaa !5, !llvm.access.group !21
  %6 = sext i32 %5 to i64
  %7 = getelementptr inbounds i32, ptr @b, i64 %6
  store i32 %4, ptr %7, align 4, !tbaa !5, !llvm.access.group !21
  %8 = add nuw nsw i32 %3, 1
  %9 = icmp eq i32 %8, 1024
  br i1 %9, label %10, label %2, !llvm.loop !22

10:                                               ; preds = %2
  call void @llvm.lifetime.end.p0(ptr nonnull %1) #5
  ret void
}

attributes #0 = { mustprogress nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { "_ZGVbN4U__Z2fuRi" "_ZGVcN8U__Z2fuRi" "_ZGVdN8U__Z2fuRi" "_ZGVeN16U__Z2fuRi" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #3 = { "_ZGVbN4L3u__Z2fvRii" "_ZGVcN8L3u__Z2fvRii" "_ZGVdN8L3u__Z2fvRii" "_ZGVeN16L3u__Z2fvRii" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #4 = { "_ZGVbN2U__Z2fdRi" "_ZGVcN4U__Z2fdRi" "_ZGVdN4U__Z2fdRi" "_ZGVeN8U__Z2fdRi" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
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
!21 = distinct !{}
!22 = distinct !{!22, !23, !12}
!23 = !{!"llvm.loop.parallel_accesses", !21}
