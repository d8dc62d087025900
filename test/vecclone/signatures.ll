; Variant signatures follow GCC's x86-64 vector ABI: register-sized pieces,
; pointers as i64 vectors, wide returns through a hidden sret pointer,
; linear(val) as a vector of addresses, aligned(p:N) as `align N`.
; RUN: %opt -passes=vecclone -S < %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; double wide(double x, float y), simdlen(16)
define double @wide(double %x, float %y) #0 { ret double %x }
; long long *pick(long long *a) -- pointer CDT
define ptr @pick(ptr %a) #1 { ret ptr %a }
; int refs(int &a, int &b, int &c), linear(ref(a)) linear(val(b)) linear(uval(c))
define i32 @_Z4refsRiS_S_(ptr %a, ptr %b, ptr %c) #2 {
  %x = load i32, ptr %a
  %y = load i32, ptr %b
  %z = load i32, ptr %c
  %s = add i32 %x, %y
  %t = add i32 %s, %z
  ret i32 %t
}
; float lp(float *p, int s, float *q) linear(p:s) uniform(s) aligned(q:32) uniform(q)
define float @lp(ptr %p, i32 %s, ptr %q) #3 {
  %x = load float, ptr %p
  ret float %x
}
; signed char / _Bool types keep their extension attributes when scalar.
define zeroext i1 @flag(i8 signext %c, i1 zeroext %b) #4 { ret i1 %b }
; no parameters
define i32 @nothing() #5 { ret i32 7 }

attributes #0 = { nounwind "_ZGVbN16vv_wide" "_ZGVcM16vv_wide" "_ZGVeN16vv_wide" }
attributes #1 = { nounwind "_ZGVbN2v_pick" "_ZGVdN4v_pick" }
attributes #2 = { nounwind "_ZGVbN4R4LU__Z4refsRiS_S_" }
attributes #3 = { nounwind "_ZGVdN8ls1uua32_lp" }
attributes #4 = { nounwind "_ZGVbN16uv_flag" "_ZGVeM64uv_flag" }
attributes #5 = { nounwind "_ZGVbN4_nothing" "_ZGVdM8_nothing" }

; 16 doubles on SSE: 8 xmm pieces of x, 4 of y; the result is 8 xmm pieces,
; returned through a hidden pointer as GCC does.
; CHECK-LABEL: define void @_ZGVbN16vv_wide(ptr noalias sret([8 x <2 x double>]) %ret.out, <2 x double> %x, <2 x double> %x1, <2 x double> %x2, <2 x double> %x3, <2 x double> %x4, <2 x double> %x5, <2 x double> %x6, <2 x double> %x7, <4 x float> %y, <4 x float> %y8, <4 x float> %y9, <4 x float> %y10)
; AVX masked: double mask pieces in ymm, after all data pieces.
; CHECK-LABEL: define void @_ZGVcM16vv_wide(ptr noalias sret([4 x <4 x double>]) %ret.out, <4 x double> %x, <4 x double> %x1, <4 x double> %x2, <4 x double> %x3, <8 x float> %y, <8 x float> %y4, <4 x double> %mask, <4 x double> %mask5, <4 x double> %mask6, <4 x double> %mask7)
; CHECK-LABEL: define void @_ZGVeN16vv_wide(ptr noalias sret([2 x <8 x double>]) %ret.out, <8 x double> %x, <8 x double> %x1, <16 x float> %y)

; CHECK-LABEL: define <2 x i64> @_ZGVbN2v_pick(<2 x i64> %a)
; CHECK:         inttoptr i64 {{%.*}} to ptr
; CHECK:         ptrtoint ptr {{%.*}} to i64
; CHECK-LABEL: define <4 x i64> @_ZGVdN4v_pick(<4 x i64> %a)

; ref: lane l gets a + 4*l; val: lane l gets the address in b's vector;
; uval: c is uniform, each lane a private copy holding *c + l.
; CHECK-LABEL: define <4 x i32> @_ZGVbN4R4LU__Z4refsRiS_S_(ptr %a, <2 x i64> %b, <2 x i64> %b1, ptr %c)
; CHECK:       entry:
; CHECK:         %uval.copy2 = alloca [4 x i32]
; CHECK:         %vec.arg1 = alloca [4 x i64]
; CHECK:         [[BV:%.*]] = shufflevector <2 x i64> %b, <2 x i64> %b1, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT:    store <4 x i64> [[BV]], ptr %vec.arg1
; CHECK-NEXT:    %uval.base = load i32, ptr %c
; CHECK:       lane.body:
; CHECK:         [[AOFF:%.*]] = mul i64 %lane, 4
; CHECK-NEXT:    [[A:%.*]] = getelementptr i8, ptr %a, i64 [[AOFF]]
; CHECK:         [[BI:%.*]] = load i64, ptr {{%.*}}
; CHECK-NEXT:    [[B:%.*]] = inttoptr i64 [[BI]] to ptr
; CHECK-NEXT:    [[COFF:%.*]] = mul i64 %lane, 1
; CHECK-NEXT:    [[CT:%.*]] = trunc i64 [[COFF]] to i32
; CHECK-NEXT:    [[CV:%.*]] = add i32 %uval.base, [[CT]]
; CHECK-NEXT:    [[CSLOT:%.*]] = getelementptr inbounds [4 x i32], ptr %uval.copy2, i64 0, i64 %lane
; CHECK-NEXT:    store i32 [[CV]], ptr [[CSLOT]]
; CHECK:         load i32, ptr [[A]]
; CHECK:         load i32, ptr [[B]]
; CHECK:         load i32, ptr [[CSLOT]]

; linear(p:s) with s uniform: the step counts floats (4 bytes each). The
; step in bytes is the same in every lane: computed before the lane loop.
; CHECK-LABEL: define <8 x float> @_ZGVdN8ls1uua32_lp(ptr %p, i32 %s, ptr align 32 %q)
; CHECK:         [[S:%.*]] = sext i32 %s to i64
; CHECK-NEXT:    [[BYTES:%.*]] = mul i64 [[S]], 4
; CHECK:       lane.body:
; CHECK-NEXT:    [[OFF:%.*]] = mul i64 %lane, [[BYTES]]
; CHECK-NEXT:    getelementptr i8, ptr %p, i64 [[OFF]]

; _Bool vectors are byte vectors; char CDT masks on AVX-512 are 64-bit.
; CHECK-LABEL: define <16 x i8> @_ZGVbN16uv_flag(i8 signext %c, <16 x i8> %b)
; CHECK-LABEL: define <64 x i8> @_ZGVeM64uv_flag(i8 signext %c, <64 x i8> %b, i64 %mask)

; CHECK-LABEL: define <4 x i32> @_ZGVbN4_nothing()
; CHECK-LABEL: define <8 x i32> @_ZGVdM8_nothing(<8 x i32> %mask)
