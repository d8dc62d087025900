; Lane-affine values of A that the inner loop reads (`row = neigh + i`,
; `i = base + lane`, hoisted out of the loop as LICM leaves md's row
; pointer) are computed again in lane loop 2 from its own counter, not read
; per lane from a lane array: the vectorizer then sees `row[j * n]` as
; contiguous across lanes, as the plan prices it, where it gathered.
; A uniform loop without shadow lanes needs no lane-stepped copy for it; a
; divergent loop's lane loop 2 computes it for every lane (each active lane
; its own counter); with shadow lanes lane loop 2 still reads the arrays
; (a skipping lane must load what the lane it shadows loads: its own
; `neigh + i` may lie past the array) and a copy for rounds where every
; lane entered computes it again.
; RUN: %opt -passes=vplan-lane-cut -vplan-min-speedup=0 -S < %s | FileCheck %s
; RUN: %opt -passes='vplan-lane-cut,vplan-lane-prep,function(loop-vectorize)' -vplan-min-speedup=0 -S < %s | FileCheck %s --check-prefix=LV

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @uniform(
; CHECK-NOT: %row.lanes = alloca
; CHECK-NOT: lane.stepped
; CHECK: lane.loop.active:
; CHECK: [[I:%.*]] = add nuw nsw i64 %base, %lane.i
; CHECK-NEXT: [[ROW:%.*]] = getelementptr inbounds i32, ptr %neigh, i64 [[I]]
; CHECK: inner:
; CHECK: %pa = getelementptr inbounds i32, ptr [[ROW]], i64 %off
; CHECK-LABEL: define void @shadow(
; LV-LABEL: define void @uniform(
; LV-NOT: gather
; LV: [[R:%.*]] = getelementptr inbounds i32, ptr %neigh, i64
; LV: [[A:%.*]] = getelementptr inbounds i32, ptr [[R]], i64
; LV-NEXT: load <{{[0-9]+}} x i32>, ptr [[A]]
; LV-NOT: gather
; LV-LABEL: define void @shadow(
define void @uniform(ptr %neigh, ptr %out, i64 %base, i64 %n, i64 %m) #0 {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %i = add nuw nsw i64 %base, %l
  %row = getelementptr inbounds i32, ptr %neigh, i64 %i
  br label %inner
inner:
  %j = phi i64 [ 0, %lane ], [ %j.next, %inner ]
  %s = phi i32 [ 0, %lane ], [ %s.next, %inner ]
  %off = mul nsw i64 %j, %n
  %pa = getelementptr inbounds i32, ptr %row, i64 %off
  %v = load i32, ptr %pa, align 4
  %s.next = add i32 %s, %v
  %j.next = add nuw nsw i64 %j, 1
  %more = icmp slt i64 %j.next, %m
  br i1 %more, label %inner, label %after
after:
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %s.next, ptr %po, align 4
  br label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !0
exit:
  ret void
}

; CHECK: %row.lanes = alloca [8 x ptr]
; CHECK: lane.entered.dispatch:
; CHECK-NEXT: br i1 [[ALL:%.*]], label %lane.loop.entered, label %lane.loop
; CHECK: lane.loop.active:
; CHECK: [[ROWL:%.*]] = load ptr, ptr %{{.*}}
; CHECK: lane.shadow:
; CHECK: [[IN:%.*]] = icmp ne <8 x i64> %{{.*}}, zeroinitializer
; CHECK: [[ALL]] = call i1 @llvm.vector.reduce.and.v8i1(<8 x i1> [[IN]])
; CHECK: %pa = getelementptr inbounds i32, ptr [[ROWL]], i64 %off
; CHECK: lane.loop.active.entered:
; CHECK-NEXT: [[IE:%.*]] = add nuw nsw i64 %base, %lane.i.entered
; CHECK-NEXT: [[ROWE:%.*]] = getelementptr inbounds i32, ptr %neigh, i64 [[IE]]
; CHECK-NOT: %row.lanes
; CHECK: %pa.entered = getelementptr inbounds i32, ptr [[ROWE]], i64 %off.entered
; CHECK-LABEL: define void @divergent(
; LV: [[RE:%.*]] = getelementptr inbounds i32, ptr %neigh, i64
; LV: [[AE:%.*]] = getelementptr inbounds i32, ptr [[RE]], i64
; LV-NEXT: load <{{[0-9]+}} x i32>, ptr [[AE]]
; LV-LABEL: define void @divergent(
define void @shadow(ptr %neigh, ptr %out, i64 %base, i64 %n, i64 %m) #0 {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %i = add nuw nsw i64 %base, %l
  %in = icmp slt i64 %i, %n
  br i1 %in, label %pre, label %latch
pre:
  %row = getelementptr inbounds i32, ptr %neigh, i64 %i
  br label %inner
inner:
  %j = phi i64 [ 0, %pre ], [ %j.next, %inner ]
  %s = phi i32 [ 0, %pre ], [ %s.next, %inner ]
  %off = mul nsw i64 %j, %n
  %pa = getelementptr inbounds i32, ptr %row, i64 %off
  %v = load i32, ptr %pa, align 4
  %s.next = add i32 %s, %v
  %j.next = add nuw nsw i64 %j, 1
  %more = icmp slt i64 %j.next, %m
  br i1 %more, label %inner, label %after
after:
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %s.next, ptr %po, align 4
  br label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !4
exit:
  ret void
}

; CHECK-NOT: %q.lanes = alloca
; CHECK: lane.loop.active:
; CHECK: [[ID:%.*]] = add nuw nsw i64 %base, %lane.i
; CHECK-NEXT: [[Q:%.*]] = getelementptr inbounds float, ptr %p, i64 [[ID]]
; CHECK: inner:
; CHECK-NEXT: %w = load float, ptr [[Q]]
; LV-NOT: gather
; LV: call <{{[0-9]+}} x float> @llvm.masked.load.v{{[0-9]+}}f32.p0(
; LV-NOT: gather
define void @divergent(ptr %p, ptr %x, ptr %out, i64 %base) #0 {
entry:
  br label %lane
lane:
  %l = phi i64 [ 0, %entry ], [ %l.next, %latch ]
  %i = add nuw nsw i64 %base, %l
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %x0 = load float, ptr %px, align 4
  br label %inner
inner:
  %v = phi float [ %x0, %lane ], [ %v.next, %inner ]
  %k = phi i32 [ 0, %lane ], [ %k.next, %inner ]
  %w = load float, ptr %q, align 4
  %h = fmul float %v, 5.000000e-01
  %v.next = fadd float %h, %w
  %k.next = add nuw nsw i32 %k, 1
  %big = fcmp ogt float %v.next, 2.000000e+00
  %room = icmp ult i32 %k.next, 64
  %go = and i1 %big, %room
  br i1 %go, label %inner, label %after
after:
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %k.next, ptr %po, align 4
  br label %latch
latch:
  %l.next = add nuw nsw i64 %l, 1
  %done = icmp eq i64 %l.next, 8
  br i1 %done, label %exit, label %lane, !llvm.loop !5
exit:
  ret void
}

attributes #0 = { nounwind "target-cpu"="x86-64-v3" }

!0 = distinct !{!0, !1, !2, !3}
!4 = distinct !{!4, !1, !2, !3}
!5 = distinct !{!5, !1, !2, !3}
!1 = !{!"llvm.loop.vectorize.enable", i1 true}
!2 = !{!"llvm.loop.vectorize.width", i32 8}
!3 = !{!"vecclone.lane.loop"}
