; A straight-line declare-simd body becomes pure vector code at width VL once
; the stock vectorizer and SROA have run: no lane loop, no lane array left.
; RUN: %opt -passes='vecclone,loop-vectorize,sroa,instcombine,simplifycfg' -S < %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define float @axpb(float %x, float %y) #0 {
  %m = fmul float %x, %y
  %r = fadd float %m, 1.0
  ret float %r
}

define i32 @isq(i32 %x) #1 {
  %m = mul nsw i32 %x, %x
  ret i32 %m
}

attributes #0 = { nounwind "target-features"="+sse2" "_ZGVbN4vv_axpb" "_ZGVdN8vv_axpb" "_ZGVeN16vv_axpb" }
attributes #1 = { nounwind "target-features"="+sse2" "_ZGVbN4v_isq" "_ZGVdN8v_isq" }

; CHECK-LABEL: define <4 x float> @_ZGVbN4vv_axpb(<4 x float> %x, <4 x float> %y)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[M:%.*]] = fmul <4 x float> %x, %y
; CHECK-NEXT:    [[R:%.*]] = fadd <4 x float> [[M]], splat (float 1.000000e+00)
; CHECK-NEXT:    ret <4 x float> [[R]]
; CHECK-NEXT:  }

; CHECK-LABEL: define <8 x float> @_ZGVdN8vv_axpb(<8 x float> %x, <8 x float> %y)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[M:%.*]] = fmul <8 x float> %x, %y
; CHECK-NEXT:    [[R:%.*]] = fadd <8 x float> [[M]], splat (float 1.000000e+00)
; CHECK-NEXT:    ret <8 x float> [[R]]
; CHECK-NEXT:  }

; CHECK-LABEL: define <16 x float> @_ZGVeN16vv_axpb(<16 x float> %x, <16 x float> %y)
; CHECK-NOT:     alloca
; CHECK-NOT:     lane.header
; CHECK:         fmul <16 x float> %x, %y
; CHECK:         ret <16 x float>

; CHECK-LABEL: define <4 x i32> @_ZGVbN4v_isq(<4 x i32> %x)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[M:%.*]] = mul nsw <4 x i32> %x, %x
; CHECK-NEXT:    ret <4 x i32> [[M]]

; CHECK-LABEL: define <8 x i32> @_ZGVdN8v_isq(<8 x i32> %x)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[M:%.*]] = mul nsw <8 x i32> %x, %x
; CHECK-NEXT:    ret <8 x i32> [[M]]

; Each variant carries its ISA's features and a legal width for its vectors.
; CHECK-DAG: attributes #{{[0-9]+}} = { nounwind "min-legal-vector-width"="128" "prefer-vector-width"="128" "target-features"="+sse2,+sse2" "vecclone-variant-of"="axpb" }
; CHECK-DAG: attributes #{{[0-9]+}} = { nounwind "min-legal-vector-width"="256" "prefer-vector-width"="256" "target-features"="+sse2,+avx2" "vecclone-variant-of"="axpb" }
; CHECK-DAG: attributes #{{[0-9]+}} = { nounwind "min-legal-vector-width"="512" "prefer-vector-width"="512" "target-features"="+sse2,+avx512f" "vecclone-variant-of"="axpb" }
