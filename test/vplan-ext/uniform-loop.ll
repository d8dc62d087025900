; A uniform inner loop (bound and index the same in every lane, no lane
; can skip it): the cut keeps no lane flag test in lane loop 2, and the
; index is read from lane 0, so the load p[j] is a scalar address (one
; broadcast after vectorization, no per-lane predicated loads).
; RUN: %opt -passes=vecclone -S < %s | FileCheck %s
; RUN: %opt -passes='vecclone,function(loop-vectorize,sroa,instcombine,simplifycfg)' -S < %s | FileCheck %s --check-prefix=VEC

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; float sum(float x, const float *p, int n): for (j < n) f += p[j] * x
define float @sum(float %x, ptr %p, i32 %n) #0 {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %done
loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %f = phi float [ 0.0, %entry ], [ %f.next, %loop ]
  %w = zext i32 %j to i64
  %pj = getelementptr inbounds float, ptr %p, i64 %w
  %v = load float, ptr %pj, align 4
  %m = fmul float %v, %x
  %f.next = fadd float %f, %m
  %j.next = add nuw nsw i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi float [ 0.0, %entry ], [ %f.next, %loop ]
  ret float %r
}

attributes #0 = { nounwind "_ZGVdN8vuu_sum" }

; CHECK-LABEL: define <8 x float> @_ZGVdN8vuu_sum(
; CHECK:       lane.loop.active:
; CHECK:         [[J0:%.*]] = getelementptr inbounds [8 x i32], ptr %{{.*}}, i64 0, i64 0
; CHECK-NEXT:    %j{{.*}} = load i32, ptr [[J0]]
; CHECK-NOT:     br i1 %active
; CHECK:         br label %loop.i

; VEC-LABEL: define <8 x float> @_ZGVdN8vuu_sum(
; VEC:         [[V:%.*]] = load float, ptr %{{.*}}, align 4
; VEC-NOT:     masked.load
; VEC-NOT:     masked.gather
; VEC:         insertelement <8 x float> poison, float [[V]], i64 0
; VEC:         ret <8 x float>
