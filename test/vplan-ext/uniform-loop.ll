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

attributes #0 = { nounwind "_ZGVdN8vuu_sum" "_ZGVdM8vuu_sum" }

; The bound widened before the loop (`%nw`, a value of A the loop reads) is
; the same in every lane: lane loop 2 reads it from lane 0, so the exit
; test is a scalar compare (read per lane, it was a <4 x i64> compare,
; three instructions per lane pair on SSE2: the b variant of n-body ran
; 1.4x slower than gcc's clone).
define float @sum64(float %x, ptr %p, i32 %n) #1 {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %pre, label %done
pre:
  %nw = zext nneg i32 %n to i64
  br label %loop
loop:
  %j = phi i64 [ 0, %pre ], [ %j.next, %loop ]
  %f = phi float [ 0.0, %pre ], [ %f.next, %loop ]
  %pj = getelementptr inbounds float, ptr %p, i64 %j
  %v = load float, ptr %pj, align 4
  %m = fmul float %v, %x
  %f.next = fadd float %f, %m
  %j.next = add nuw nsw i64 %j, 1
  %more = icmp ult i64 %j.next, %nw
  br i1 %more, label %loop, label %done
done:
  %r = phi float [ 0.0, %entry ], [ %f.next, %loop ]
  ret float %r
}

attributes #1 = { nounwind "_ZGVbN4vuu_sum64" }


; The masked variant: lanes the mask turns off skip the loop, so before it
; they take the first active lane's state and inputs (x here) and shadow
; it; the inner loop neither stores nor has side effects, so that cannot be
; seen, and lane loop 2 still needs no flag test.
; The index is read from lane 0 once per round, before lane loop 2 (which
; rewrites the state arrays lane by lane).
; CHECK-LABEL: define <8 x float> @_ZGVdM8vuu_sum(
; CHECK:       lane.any:
; CHECK:         [[M0:%.*]] = load <8 x i32>, ptr %j{{.*}}.lanes
; CHECK-NEXT:    %j{{.*}} = extractelement <8 x i32> [[M0]], i64 0
; CHECK:       lane.loop.active:
; CHECK-NOT:     br i1 %active
; CHECK:         br label %loop.i
; CHECK:       lane.shadow:
; CHECK:         [[IN:%.*]] = icmp ne <8 x i32> %{{.*}}, zeroinitializer
; CHECK:         [[BITS:%.*]] = bitcast <8 x i1> [[IN]] to i8
; CHECK:         [[CTZ:%.*]] = call i8 @llvm.cttz.i8(i8 [[BITS]], i1 false)
; CHECK:         %first = call i8 @llvm.umin.i8(i8 [[CTZ]], i8 7)
; CHECK:         [[ARG:%.*]] = load <8 x float>, ptr %lane.arg.lanes
; CHECK:         [[ONE:%.*]] = extractelement <8 x float> [[ARG]], i8 %first
; CHECK:         [[INS:%.*]] = insertelement <8 x float> poison, float [[ONE]], i64 0
; CHECK:         [[SPLAT:%.*]] = shufflevector <8 x float> [[INS]]
; CHECK:         [[SEL:%.*]] = select <8 x i1> [[IN]], <8 x float> [[ARG]], <8 x float> [[SPLAT]]
; CHECK:         store <8 x float> [[SEL]], ptr %lane.arg.lanes
; CHECK:         br label %lane.any
; A shadow lane keeps its own resume point when the loop ends, and stays
; out of the lanes that entered.
; CHECK:         %resume.shadow = select i1 [[ACT:%active[0-9]*]], i32 2, i32 %resume.old
; CHECK:         %act.i = phi i1 [ [[ACT]], %loop.i.next ], [ false, %loop.i.leave ]

; CHECK-LABEL: define <8 x float> @_ZGVdN8vuu_sum(
; CHECK:       lane.any:
; CHECK:         [[J0:%.*]] = load <8 x i32>, ptr %j{{.*}}.lanes
; CHECK-NEXT:    %j{{.*}} = extractelement <8 x i32> [[J0]], i64 0
; CHECK:       lane.loop.active:
; CHECK-NOT:     br i1 %active
; CHECK:         br label %loop.i

; VEC-LABEL: define <8 x float> @_ZGVdM8vuu_sum(
; VEC:         [[V:%.*]] = load float, ptr %{{.*}}, align 4
; VEC-NOT:     masked.load
; VEC-NOT:     masked.gather
; VEC:         insertelement <8 x float> poison, float [[V]], i64 0
; VEC:         ret <8 x float>

; VEC-LABEL: define <8 x float> @_ZGVdN8vuu_sum(
; VEC:         [[V:%.*]] = load float, ptr %{{.*}}, align 4
; VEC-NOT:     masked.load
; VEC-NOT:     masked.gather
; VEC:         insertelement <8 x float> poison, float [[V]], i64 0
; VEC:         ret <8 x float>

; sum64 (above): the exit test is scalar.
; CHECK-LABEL: define <4 x float> @_ZGVbN4vuu_sum64(
; CHECK:       lane.any:
; CHECK:       [[P:%.*]] = load <4 x i64>, ptr %nw.i.lanes
; CHECK-NEXT:  %nw.i{{[0-9]+}} = extractelement <4 x i64> [[P]], i64 0
; VEC-LABEL:   define <4 x float> @_ZGVbN4vuu_sum64(
; VEC-NOT:     icmp {{.*}} <4 x i64> %{{.*}}, %{{.*}}
; VEC:         icmp ult i64 %{{.*}}, %nw.i{{[0-9]*}}
; VEC:         ret <4 x float>
