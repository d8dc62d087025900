; Lane-invariant loads out of masked lane loops (LaneInvariantHoist): in a
; masked (inbranch) variant the body runs under the lane's mask bit, so a
; field of the uniform grid object is read only by active lanes. A load
; every active lane runs (on every path through the masked body) is read
; once before the lane loop, in a block the loop's preheader enters only
; when some lane's mask element is set ("gate.some", the mask tested whole);
; phis carry the values, poison where no lane is active, and then no lane
; uses them: a call with no lane active reads nothing. The vectorizer then
; sees `d[i + nx * n]` as consecutive: whole-vector masked loads and stores.
; The same for lane loop 3 of a cut (the resume point tested whole: the
; image's fields read by the store after the escape loop). A load only some
; active lanes run (under `i & 1`) stays in the loop. Inactive lanes'
; results stay what they were (poison for a double).
;
; struct G { double *d; int nx; };
; struct Img { int *d; int nx; };
; #pragma omp declare simd uniform(g, n) linear(i) inbranch
; double get(struct G *g, int i, int n) { return g->d[i + g->nx * n] * 2.0; }
; #pragma omp declare simd uniform(g, n) linear(i) inbranch
; void mstep(struct G *g, int i, int n) { g->d[i + g->nx * n] = g->d[i + g->nx * (n + 1)] * 0.5; }
; #pragma omp declare simd uniform(g, n) linear(i) inbranch
; void odd(struct G *g, int i, int n) { if (i & 1) g->d[i + g->nx * n] = 0; }
; static inline int escape(float cx, int max) {
;   float x = 0; int k = 0;
;   while (k < max && x * x < 4.0f) { x = x * x + cx; ++k; }
;   return k;
; }
; #pragma omp declare simd uniform(img, j, max) linear(i) inbranch
; void mimg(struct Img *img, int i, int j, int max) {
;   img->d[i + img->nx * j] = escape(i * 0.01f, max);
; }
; (clang -O3 -fopenmp-simd; only the d variants kept)
;
; RUN: %opt -passes=vecclone -S < %s | FileCheck %s
; RUN: %opt -passes='vecclone,function(loop-vectorize,sroa,instcombine,simplifycfg)' -S < %s | FileCheck %s --check-prefix=VEC

; CHECK-LABEL: define {{.*}} @_ZGVdM4ulu_get(
; CHECK:       lane.nowrap:
; CHECK:         [[LANES:%.*]] = load <4 x i64>, ptr %mask{{[0-9]*}}, align 32
; CHECK-NEXT:    [[ON:%.*]] = icmp ne <4 x i64> [[LANES]], zeroinitializer
; CHECK-NEXT:    [[SOME:%.*]] = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> [[ON]])
; CHECK:         br i1 [[SOME]], label %lane.header.some, label %lane.header.ph
; CHECK:       lane.header.some:
; CHECK-NEXT:    [[D:%.*]] = load ptr, ptr %0, align 8, !tbaa
; CHECK-NEXT:    [[NX:%.*]] = load i32, ptr %{{.*}}, align 8, !tbaa
; CHECK-NEXT:    br label %lane.header.ph
; CHECK:       lane.header.ph:
; CHECK-DAG:     [[NXP:%.*]] = phi i32 [ [[NX]], %lane.header.some ], [ poison, %lane.nowrap ]
; CHECK-DAG:     [[DP:%.*]] = phi ptr [ [[D]], %lane.header.some ], [ poison, %lane.nowrap ]
; CHECK:         mul nsw i32 [[NXP]], %2
; CHECK:       lane.header:
; CHECK:         %lane.active = icmp ne i64 %lane.mask, 0
; CHECK:       lane.body:
; CHECK-NOT:     load ptr
; CHECK-NOT:     load i32
; CHECK:         getelementptr inbounds double, ptr [[DP]]
; CHECK:       lane.latch:
; CHECK-NEXT:    %lane.ret = phi double [ %{{.*}}, %lane.body ], [ poison, %lane.header ]

; CHECK-LABEL: define {{.*}} @_ZGVdM8ulu_mstep(
; CHECK:         [[SOME:%.*]] = call i1 @llvm.vector.reduce.or.v8i1(
; CHECK:         br i1 [[SOME]], label %lane.header.some, label %lane.header.ph
; CHECK:       lane.header.some:
; CHECK-NEXT:    load ptr, ptr %0
; CHECK-NEXT:    load i32
; CHECK-NEXT:    br label %lane.header.ph
; CHECK:       lane.body:
; CHECK-NOT:     load ptr
; CHECK-NOT:     load i32
; CHECK:       lane.latch:

; CHECK-LABEL: define {{.*}} @_ZGVdM8ulu_odd(
; CHECK-NOT:     gate.some
; CHECK:       lane.body:
; CHECK:         and i32 %{{.*}}, 1
; CHECK:       {{^[0-9]+}}:
; CHECK-NEXT:    load ptr, ptr %0
; CHECK-NEXT:    load i32
; CHECK:       lane.latch:

; CHECK-LABEL: define {{.*}} @_ZGVdM8uluu_mimg(
; CHECK:       lane.post.preheader:
; CHECK:         [[R:%.*]] = load <8 x i32>, ptr %lane.resume, align 32
; CHECK-NEXT:    [[ON:%.*]] = icmp ne <8 x i32> [[R]], zeroinitializer
; CHECK-NEXT:    [[SOME:%.*]] = call i1 @llvm.vector.reduce.or.v8i1(<8 x i1> [[ON]])
; CHECK:         br i1 [[SOME]], label %lane.post.some, label %lane.post.ph
; CHECK:       lane.post.some:
; CHECK-NEXT:    load ptr, ptr %0
; CHECK-NEXT:    load i32
; CHECK:       lane.post:
; CHECK:       mimg.exit:
; CHECK-NOT:     load
; CHECK:         store i32
; CHECK:       lane.post.latch:

; VEC-LABEL: define {{.*}} @_ZGVdM4ulu_get(
; VEC:         icmp eq i4 %{{.*}}, 0
; VEC:         call <4 x double> @llvm.masked.load.v4f64.p0(
; VEC-NOT:     extractelement
; VEC:         ret <4 x double>
; VEC-LABEL: define {{.*}} @_ZGVdM8ulu_mstep(
; VEC:         icmp eq i8 %{{.*}}, 0
; VEC:         call <8 x double> @llvm.masked.load.v8f64.p0(
; VEC-NOT:     extractelement
; VEC:         call void @llvm.masked.store.v8f64.p0(
; VEC-NOT:     extractelement
; VEC:         ret void
; VEC-LABEL: define {{.*}} @_ZGVdM8uluu_mimg(
; VEC:         call void @llvm.masked.store.v8i32.p0(
; VEC-NOT:     extractelement
; VEC:         ret void

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local double @get(ptr noundef readonly captures(none) %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = load ptr, ptr %0, align 8, !tbaa !9
  %5 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %6 = load i32, ptr %5, align 8, !tbaa !13
  %7 = mul nsw i32 %6, %2
  %8 = add nsw i32 %7, %1
  %9 = sext i32 %8 to i64
  %10 = getelementptr inbounds double, ptr %4, i64 %9
  %11 = load double, ptr %10, align 8, !tbaa !14
  %12 = fmul double %11, 2.000000e+00
  ret double %12
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local void @mstep(ptr noundef readonly captures(none) %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #1 {
  %4 = load ptr, ptr %0, align 8, !tbaa !9
  %5 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %6 = load i32, ptr %5, align 8, !tbaa !13
  %7 = add nsw i32 %2, 1
  %8 = mul nsw i32 %6, %7
  %9 = add nsw i32 %8, %1
  %10 = sext i32 %9 to i64
  %11 = getelementptr inbounds double, ptr %4, i64 %10
  %12 = load double, ptr %11, align 8, !tbaa !14
  %13 = fmul double %12, 5.000000e-01
  %14 = mul nsw i32 %6, %2
  %15 = add nsw i32 %14, %1
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds double, ptr %4, i64 %16
  store double %13, ptr %17, align 8, !tbaa !14
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local void @odd(ptr noundef readonly captures(none) %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #2 {
  %4 = and i32 %1, 1
  %5 = icmp eq i32 %4, 0
  br i1 %5, label %14, label %6

6:                                                ; preds = %3
  %7 = load ptr, ptr %0, align 8, !tbaa !9
  %8 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %9 = load i32, ptr %8, align 8, !tbaa !13
  %10 = mul nsw i32 %9, %2
  %11 = add nsw i32 %10, %1
  %12 = sext i32 %11 to i64
  %13 = getelementptr inbounds double, ptr %7, i64 %12
  store double 0.000000e+00, ptr %13, align 8, !tbaa !14
  br label %14

14:                                               ; preds = %6, %3
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(write, argmem: readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local void @mimg(ptr noundef readonly captures(none) %0, i32 noundef %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #3 {
  %5 = sitofp i32 %1 to float
  %6 = fmul float %5, 0x3F847AE140000000
  %7 = icmp sgt i32 %3, 0
  br i1 %7, label %8, label %17

8:                                                ; preds = %4, %8
  %9 = phi i32 [ %12, %8 ], [ 0, %4 ]
  %10 = phi float [ %11, %8 ], [ 0.000000e+00, %4 ]
  %11 = tail call float @llvm.fmuladd.f32(float %10, float %10, float %6)
  %12 = add nuw nsw i32 %9, 1
  %13 = icmp slt i32 %12, %3
  %14 = fmul float %11, %11
  %15 = fcmp olt float %14, 4.000000e+00
  %16 = select i1 %13, i1 %15, i1 false
  br i1 %16, label %8, label %17, !llvm.loop !16

17:                                               ; preds = %8, %4
  %18 = phi i32 [ 0, %4 ], [ %12, %8 ]
  %19 = load ptr, ptr %0, align 8, !tbaa !18
  %20 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %21 = load i32, ptr %20, align 8, !tbaa !21
  %22 = mul nsw i32 %21, %2
  %23 = add nsw i32 %22, %1
  %24 = sext i32 %23 to i64
  %25 = getelementptr inbounds i32, ptr %19, i64 %24
  store i32 %18, ptr %25, align 4, !tbaa !5
  ret void
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #4

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "_ZGVdM4ulu_get" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "_ZGVdM8ulu_mstep" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "_ZGVdM8ulu_odd" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree norecurse nosync nounwind memory(write, argmem: readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "_ZGVdM8uluu_mimg" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.errno.tbaa = !{!5}

!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !11, i64 0}
!10 = !{!"G", !11, i64 0, !6, i64 8}
!11 = !{!"p1 double", !12, i64 0}
!12 = !{!"any pointer", !7, i64 0}
!13 = !{!10, !6, i64 8}
!14 = !{!15, !15, i64 0}
!15 = !{!"double", !7, i64 0}
!16 = distinct !{!16, !17}
!17 = !{!"llvm.loop.mustprogress"}
!18 = !{!19, !20, i64 0}
!19 = !{!"Img", !20, i64 0, !6, i64 8}
!20 = !{!"p1 int", !12, i64 0}
!21 = !{!19, !6, i64 8}
