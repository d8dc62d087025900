; Masked (inbranch) variants: GCC's mask forms, and inactive lanes never touch
; memory (the store through the linear pointer becomes a masked store).
; RUN: %opt -passes='vecclone,loop-vectorize,sroa,instcombine,simplifycfg' -S < %s | FileCheck %s
; RUN: %opt -passes=vecclone -S < %s | FileCheck %s --check-prefix=LOOP

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; void st(int *p, int s) { *p = s; }  linear(p:1) uniform(s) inbranch
define void @st(ptr %p, i32 %s) #0 {
  store i32 %s, ptr %p, align 4
  ret void
}

; float scale(float x) { return x * 2; }  inbranch
define float @scale(float %x) #1 {
  %r = fmul float %x, 2.0
  ret float %r
}

attributes #0 = { nounwind "target-features"="+sse2" "_ZGVbM4l4u_st" "_ZGVdM8l4u_st" "_ZGVeM16l4u_st" }
attributes #1 = { nounwind "target-features"="+sse2" "_ZGVbM4v_scale" "_ZGVdM8v_scale" "_ZGVeM16v_scale" }

; b/c/d: the mask is a vector of the characteristic type; a lane is active
; when its bit pattern is non-zero. SSE2 has no masked store, so each lane's
; store sits in its own block, entered only for an active lane.
; CHECK-LABEL: define void @_ZGVbM4l4u_st(ptr %p, i32 %s, <4 x i32> %mask)
; CHECK:         [[ACT:%.*]] = icmp ne <4 x i32> %mask, zeroinitializer
; CHECK-NEXT:    [[A0:%.*]] = extractelement <4 x i1> [[ACT]], i64 0
; CHECK-NEXT:    br i1 [[A0]], label %pred.store.if, label %pred.store.continue
; CHECK:       pred.store.if:
; CHECK-NEXT:    store i32 %s, ptr %p, align 4

; AVX2: one masked store, with the lanes' activity as its mask.
; CHECK-LABEL: define void @_ZGVdM8l4u_st(ptr %p, i32 %s, <8 x i32> %mask)
; CHECK:         [[ACT:%.*]] = icmp ne <8 x i32> %mask, zeroinitializer
; CHECK:         call void @llvm.masked.store.v8i32.p0(<8 x i32> {{%.*}}, ptr {{.*}}%p, <8 x i1> [[ACT]])

; e: the mask is a 32-bit integer, bit i for lane i.
; CHECK-LABEL: define void @_ZGVeM16l4u_st(ptr %p, i32 %s, i32 %mask)
; CHECK:         [[BITS:%.*]] = trunc i32 %mask to i16
; CHECK:         [[ACT:%.*]] = bitcast i16 [[BITS]] to <16 x i1>
; CHECK:         call void @llvm.masked.store.v16i32.p0(<16 x i32> {{%.*}}, ptr {{.*}}%p, <16 x i1> [[ACT]])

; A body without side effects needs no mask at all: inactive lanes' results
; are unspecified, so the vectorized body runs on every lane.
; CHECK-LABEL: define <4 x float> @_ZGVbM4v_scale(<4 x float> %x, <4 x float> %mask)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[R:%.*]] = fmul <4 x float> %x, splat (float 2.000000e+00)
; CHECK-NEXT:    ret <4 x float> [[R]]
; CHECK-LABEL: define <16 x float> @_ZGVeM16v_scale(<16 x float> %x, i32 %mask)

; Before vectorization: the lane test branches around the body.
; LOOP-LABEL: define void @_ZGVdM8l4u_st(
; LOOP:       entry:
; LOOP:         [[MASK:%.*]] = alloca [8 x i32]
; LOOP:         store <8 x i32> %mask, ptr [[MASK]]
; LOOP:       lane.header:
; LOOP-NEXT:    %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.latch ]
; LOOP:         %lane.mask = load i32, ptr
; LOOP-NEXT:    %lane.active = icmp ne i32 %lane.mask, 0
; LOOP-NEXT:    br i1 %lane.active, label %lane.body, label %lane.latch
; LOOP:       lane.body:
; LOOP:         [[OFF:%.*]] = mul i64 %lane, 4
; LOOP-NEXT:    [[P:%.*]] = getelementptr i8, ptr %p, i64 [[OFF]]
; LOOP-NEXT:    store i32 %s, ptr [[P]], align 4, !llvm.access.group [[AG:![0-9]+]]

; A float mask carries all-ones/all-zeros bit patterns: the lane test reads
; the bits as an integer, so a -0.0 or NaN pattern counts as set.
; LOOP-LABEL: define <4 x float> @_ZGVbM4v_scale(<4 x float> %x, <4 x float> %mask)
; LOOP:         [[BITS:%.*]] = bitcast <4 x float> %mask to <4 x i32>
; LOOP-NEXT:    store <4 x i32> [[BITS]], ptr %mask1
; LOOP:         %lane.mask = load i32, ptr
; LOOP-NEXT:    %lane.active = icmp ne i32 %lane.mask, 0
; LOOP:       lane.latch:
; LOOP-NEXT:    %lane.ret = phi float [ {{%.*}}, %lane.body ], [ poison, %lane.header ]

