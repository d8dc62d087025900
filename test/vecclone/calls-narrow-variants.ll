; A callee with no variant of a lane loop's width VF but one of n lanes (n
; divides VF) is called VF/n times, once per slice of the lanes: vector
; arguments and masks are split, linear arguments advance by n * step per
; slice (bytes for pointers), uniform ones are passed as they are, and the
; results are put back together. A masked narrow variant is called only when
; some lane of its slice is active. The widest narrow variant wins; a width
; wider than VF still runs lane by lane.
; RUN: %opt -passes='vecclone,function(vecclone-calls,loop-vectorize)' -pass-remarks=vecclone -pass-remarks-missed=vecclone -S < %s 2>%t.rem | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.rem

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; float n(float) -- simdlen(4) for d, simdlen(2) for b; unmasked only
declare float @n(float) #1
; int q(int) -- simdlen(4) inbranch: masked only
declare i32 @q(i32) #2
; float rd(const float *p, int i) uniform(p) linear(i) simdlen(4)
declare float @rd(ptr, i32) #3
; void st(int *p) linear(p) simdlen(2): writes *p
declare void @st(ptr) #4
; float r3(float x, int i) linear(i:3) simdlen(4)
declare float @r3(float, i32) #5
; float w(float) simdlen(16): wider than 8
declare float @w(float) #6

declare float @c8(float, i8) #12

; float f(float x) { float y = n(x); if (y > 0) y += (float)q((int)y); return y; }
define float @f(float %x) #0 {
entry:
  %y = call float @n(float %x)
  %c = fcmp ogt float %y, 0.0
  br i1 %c, label %then, label %done
then:
  %yi = fptosi float %y to i32
  %z = call i32 @q(i32 %yi)
  %zf = sitofp i32 %z to float
  %s = fadd float %y, %zf
  br label %done
done:
  %r = phi float [ %s, %then ], [ %y, %entry ]
  ret float %r
}

; float lin(const float *p, int i) uniform(p) linear(i) { return rd(p, i); }
define float @lin(ptr %p, i32 %i) #7 {
entry:
  %v = call float @rd(ptr %p, i32 %i)
  ret float %v
}

; void mk(int *p) linear(p) { st(p); }
define void @mk(ptr %p) #8 {
entry:
  call void @st(ptr %p)
  ret void
}

; float s3(float x, int i) linear(i:3) { return r3(x, i); }
define float @s3(float %x, i32 %i) #9 {
entry:
  %v = call float @r3(float %x, i32 %i)
  ret float %v
}

; float s8(float x, signed char i) linear(i:40) { return c8(x, i); }
define float @s8(float %x, i8 %i) #11 {
entry:
  %v = call float @c8(float %x, i8 %i)
  ret float %v
}

; float u(float x) { return w(x); }
define float @u(float %x) #10 {
entry:
  %v = call float @w(float %x)
  ret float %v
}

attributes #0 = { nounwind "_ZGVdN8v_f" "_ZGVdM8v_f" "target-features"="+avx,+avx2,+sse,+sse2" }
attributes #1 = { nounwind willreturn memory(none) "_ZGVdN4v_n" "_ZGVbN2v_n" }
attributes #2 = { nounwind willreturn memory(none) "_ZGVdM4v_q" }
attributes #3 = { nounwind willreturn memory(argmem: read) "_ZGVdN4ul_rd" }
attributes #4 = { nounwind willreturn memory(argmem: readwrite) "_ZGVdN2l4_st" "_ZGVdM2l4_st" }
attributes #5 = { nounwind willreturn memory(none) "_ZGVdN4vl3_r3" }
attributes #6 = { nounwind willreturn memory(none) "_ZGVdN16v_w" }
attributes #7 = { nounwind "_ZGVdN8ul_lin" "target-features"="+avx,+avx2,+sse,+sse2" }
attributes #8 = { nounwind "_ZGVdN8l4_mk" "target-features"="+avx,+avx2,+sse,+sse2" }
attributes #9 = { nounwind "_ZGVdN8vl3_s3" "target-features"="+avx,+avx2,+sse,+sse2" }
attributes #11 = { nounwind "_ZGVdN8vl40_s8" "target-features"="+avx,+avx2,+sse,+sse2" }
attributes #12 = { nounwind willreturn memory(none) "_ZGVdN4vl40_c8" }
attributes #10 = { nounwind "_ZGVdN8v_u" "target-features"="+avx,+avx2,+sse,+sse2" }

; In the masked f every call is conditional and n has no masked variant:
; n runs lane by lane, q's masked variant is called per half.
; CHECK-LABEL: define <8 x float> @_ZGVdM8v_f(
; CHECK: call <4 x i32> @_ZGVdM4v_q(
; CHECK: call <4 x i32> @_ZGVdM4v_q(
; CHECK: call float @n(

; Unmasked f: n's 4-lane variant twice (low, high half); q's masked 4-lane
; variant twice, each behind its own half's "any lane" test.
; CHECK-LABEL: define <8 x float> @_ZGVdN8v_f(
; CHECK: [[LO:%.*]] = shufflevector <8 x float> [[X:%.*]], <8 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK: [[HI:%.*]] = shufflevector <8 x float> [[X]], <8 x float> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
; CHECK: [[RLO:%.*]] = call <4 x float> @_ZGVdN4v_n(<4 x float> [[LO]])
; CHECK: [[RHI:%.*]] = call <4 x float> @_ZGVdN4v_n(<4 x float> [[HI]])
; CHECK: shufflevector <4 x float> [[RLO]], <4 x float> [[RHI]], <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-NOT: @_ZGVbN2v_n
; CHECK: [[M0:%.*]] = shufflevector <8 x i1> [[MASK:%.*]], <8 x i1> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK: [[M1:%.*]] = shufflevector <8 x i1> [[MASK]], <8 x i1> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
; CHECK: call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> [[M0]])
; CHECK: call <4 x i32> @_ZGVdM4v_q(<4 x i32> %{{.*}}, <4 x i32> %{{.*}})
; CHECK: call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> [[M1]])
; CHECK: call <4 x i32> @_ZGVdM4v_q(<4 x i32> %{{.*}}, <4 x i32> %{{.*}})
; CHECK-NOT: call float @n(
; CHECK-NOT: call i32 @q(
; CHECK: ret <8 x float>

; linear(i): the second slice starts at i + 4; p is the same for both.
; CHECK-LABEL: define <8 x float> @_ZGVdN8ul_lin(
; CHECK: call <4 x float> @_ZGVdN4ul_rd(ptr [[P:%.*]], i32 [[I:%.*]])
; CHECK: call <4 x float> @_ZGVdN4ul_rd(ptr [[P]], i32 [[I4:%.*]])
; CHECK-NOT: call float @rd(

; linear(p) int*: four slices of two lanes, 8 bytes apart.
; CHECK-LABEL: define void @_ZGVdN8l4_mk(
; CHECK: [[Q8:%.*]] = getelementptr i8, ptr [[Q:%[0-9a-z.]+]], i64 8
; CHECK: [[Q16:%.*]] = getelementptr i8, ptr [[Q]], i64 16
; CHECK: [[Q24:%.*]] = getelementptr i8, ptr [[Q]], i64 24
; CHECK: call void @_ZGVdN2l4_st(ptr [[Q]])
; CHECK-NEXT: call void @_ZGVdN2l4_st(ptr [[Q8]])
; CHECK-NEXT: call void @_ZGVdN2l4_st(ptr [[Q16]])
; CHECK-NEXT: call void @_ZGVdN2l4_st(ptr [[Q24]])
; CHECK-NOT: call void @st(

; linear(i:3): the second slice starts 12 further on.
; CHECK-LABEL: define <8 x float> @_ZGVdN8vl3_s3(
; CHECK: [[J1:%.*]] = add i32 [[J:%.*]], 12
; CHECK: call <4 x float> @_ZGVdN4vl3_r3(<4 x float> %{{.*}}, i32 [[J]])
; CHECK: call <4 x float> @_ZGVdN4vl3_r3(<4 x float> %{{.*}}, i32 [[J1]])

; A narrow linear parameter wraps like the scalar loop's: 4 lanes * 40 =
; 160, which is -96 in i8.
; CHECK-LABEL: define <8 x float> @_ZGVdN8vl40_s8(
; CHECK: [[K1:%.*]] = add i8 [[K:%.*]], -96
; CHECK: call <4 x float> @_ZGVdN4vl40_c8(<4 x float> %{{.*}}, i8 [[K]])
; CHECK: call <4 x float> @_ZGVdN4vl40_c8(<4 x float> %{{.*}}, i8 [[K1]])

; simdlen(16) is wider than 8: lane by lane.
; CHECK-LABEL: define <8 x float> @_ZGVdN8v_u(
; CHECK-NOT: @_ZGVdN16v_w
; CHECK: call float @w(

; REMARK-DAG: call to 'n' vectorized as 2 calls of _ZGVdN4v_n (AVX2, VF 4, unmasked) per 8 lanes in variant _ZGVdN8v_f of 'f'
; REMARK-DAG: variant _ZGVdM8v_f: call to 'n' runs lane by lane, no vector variant fits (_ZGVdN4v_n: the call does not run on every lane, and an unmasked variant would run it on the inactive lanes too)
; REMARK-DAG: call to 'q' vectorized as 2 calls of _ZGVdM4v_q (AVX2, VF 4, masked) per 8 lanes in variant _ZGVdN8v_f of 'f'
; REMARK-DAG: call to 'rd' vectorized as 2 calls of _ZGVdN4ul_rd (AVX2, VF 4, unmasked) per 8 lanes in variant _ZGVdN8ul_lin of 'lin'
; REMARK-DAG: call to 'st' vectorized as 4 calls of _ZGVdN2l4_st (AVX2, VF 2, unmasked) per 8 lanes in variant _ZGVdN8l4_mk of 'mk'
; REMARK-DAG: call to 'r3' vectorized as 2 calls of _ZGVdN4vl3_r3 (AVX2, VF 4, unmasked) per 8 lanes in variant _ZGVdN8vl3_s3 of 's3'
; REMARK-DAG: call to 'c8' vectorized as 2 calls of _ZGVdN4vl40_c8 (AVX2, VF 4, unmasked) per 8 lanes in variant _ZGVdN8vl40_s8 of 's8'
; REMARK-DAG: variant _ZGVdN8v_u: call to 'w' runs lane by lane, no vector variant fits ('w' has no variant of 8 lanes)
