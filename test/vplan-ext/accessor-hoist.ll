; Lane-invariant loads out of the lane loop (LaneInvariantHoist): the data
; pointer and row length of a uniform grid object are read once before the
; lane loop, so the vectorizer sees `d[i + nx * n]` (64-bit, no wrap in the
; guarded loop) as consecutive: one wide load and one wide store. A load
; after a store the lane itself made that may write the same memory (an int
; store and the int row length) stays in the loop.
;
; struct G { int *d; int nx; };
; void fwd(struct G *g, int i, int n) { g->d[i + g->nx * n] = g->d[i + g->nx * (n + 1)] + 1; }
; void reload(struct G *g, int i) { g->d[i] = 1; g->d[i + g->nx] = 2; }
;
;
; reload's two per-lane stores (scatters) cost more than its lanes one by
; one at VF 8 (estimated speedup 0.9): -vplan-min-speedup=0 keeps it on the
; vector path, where the hoisting happens.
; RUN: %opt -passes=vecclone -vplan-min-speedup=0 -S < %s | FileCheck %s
; RUN: %opt -passes='vecclone,function(loop-vectorize,sroa,instcombine,simplifycfg)' -S < %s | FileCheck %s --check-prefix=VEC

; CHECK-LABEL: define {{.*}} @_ZGVdN8ulu_fwd(
; CHECK:       lane.nowrap:
; CHECK:         [[D:%.*]] = load ptr, ptr %0, align 8, !tbaa
; CHECK:         [[NX:%.*]] = load i32, ptr %{{.*}}, align 8, !tbaa
; CHECK:         [[ROW1:%.*]] = mul nsw i32 [[NX]], %{{.*}}
; CHECK:         [[ROW1W:%.*]] = sext i32 [[ROW1]] to i64
; CHECK:       lane.header:
; CHECK-NOT:     load ptr
; CHECK-NOT:     load i32, ptr %{{[0-9]+}}, align 8
; CHECK:         %lane.lin64 = add nsw i64
; CHECK:         [[IDX:%.*]] = add nsw i64 [[ROW1W]], %lane.lin64
; CHECK:         getelementptr inbounds i32, ptr [[D]], i64 [[IDX]]
; CHECK:       lane.latch:

; CHECK-LABEL: define {{.*}} @_ZGVdN8ul_reload(
; CHECK:       lane.body:
; CHECK:         store i32 1,
; CHECK-NEXT:    load i32, ptr %{{.*}}, align 8
; CHECK:         store i32 2,

; VEC-LABEL: define {{.*}} @_ZGVdN8ulu_fwd(
; VEC:         load <8 x i32>
; VEC:         store <8 x i32>
; VEC-NOT:     extractelement
; VEC:         ret void

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local void @fwd(ptr noundef readonly captures(none) %0, i32 noundef %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = load ptr, ptr %0, align 8, !tbaa !9
  %5 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %6 = load i32, ptr %5, align 8, !tbaa !13
  %7 = add nsw i32 %2, 1
  %8 = mul nsw i32 %6, %7
  %9 = add nsw i32 %8, %1
  %10 = sext i32 %9 to i64
  %11 = getelementptr inbounds i32, ptr %4, i64 %10
  %12 = load i32, ptr %11, align 4, !tbaa !5
  %13 = add nsw i32 %12, 1
  %14 = mul nsw i32 %6, %2
  %15 = add nsw i32 %14, %1
  %16 = sext i32 %15 to i64
  %17 = getelementptr inbounds i32, ptr %4, i64 %16
  store i32 %13, ptr %17, align 4, !tbaa !5
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local void @reload(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #1 {
  %3 = load ptr, ptr %0, align 8, !tbaa !9
  %4 = sext i32 %1 to i64
  %5 = getelementptr inbounds i32, ptr %3, i64 %4
  store i32 1, ptr %5, align 4, !tbaa !5
  %6 = getelementptr inbounds nuw i8, ptr %0, i64 8
  %7 = load i32, ptr %6, align 8, !tbaa !13
  %8 = add nsw i32 %7, %1
  %9 = sext i32 %8 to i64
  %10 = getelementptr inbounds i32, ptr %3, i64 %9
  store i32 2, ptr %10, align 4, !tbaa !5
  ret void
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "_ZGVdN8ulu_fwd" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nofree norecurse nosync nounwind willreturn memory(write, argmem: readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "_ZGVdN8ul_reload" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !11, i64 0}
!10 = !{!"G", !11, i64 0, !6, i64 8}
!11 = !{!"p1 int", !12, i64 0}
!12 = !{!"any pointer", !7, i64 0}
!13 = !{!10, !6, i64 8}
