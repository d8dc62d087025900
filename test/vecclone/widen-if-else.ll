; An if/else body is if-converted: both sides computed in vector form and
; blended with a select on the per-lane condition.
; BOSCC is off: the division's region is costly enough for BOSCC copies (see
; test/vplan-ext/boscc.ll); this test is about the predicated form.
; RUN: %opt -passes='vecclone,loop-vectorize,sroa,instcombine,simplifycfg' -vplan-boscc=false -S < %s | FileCheck %s
; RUN: %opt -passes='vecclone,loop-vectorize,sroa,instcombine,simplifycfg' -vplan-boscc=false -vplan-int-div-via-fp=false -S < %s | FileCheck %s --check-prefix=OFF
; RUN: %opt -passes='vecclone<no-boscc;no-int-div-via-fp>,loop-vectorize,sroa,instcombine,simplifycfg' -S < %s | FileCheck %s --check-prefix=OFF

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define float @ifelse(float %x, float %y) #0 {
entry:
  %c = fcmp ogt float %x, 0.0
  br i1 %c, label %then, label %else
then:
  %s = call float @llvm.sqrt.f32(float %x)
  %a = fmul float %s, %y
  br label %join
else:
  %b = fmul float %x, %x
  %d = fsub float %b, %y
  br label %join
join:
  %r = phi float [ %a, %then ], [ %d, %else ]
  ret float %r
}

; Integer division on one side only: the vectorizer must not divide by the
; lanes that take the other side (safe divisor or predication).
define i32 @guarded_div(i32 %a, i32 %b) #1 {
entry:
  %nz = icmp ne i32 %b, 0
  br i1 %nz, label %div, label %join
div:
  %q = sdiv i32 %a, %b
  br label %join
join:
  %r = phi i32 [ %q, %div ], [ -1, %entry ]
  ret i32 %r
}

declare float @llvm.sqrt.f32(float)
attributes #0 = { nounwind "target-features"="+sse2" "_ZGVdN8vv_ifelse" "_ZGVeN16vv_ifelse" }
attributes #1 = { nounwind "target-features"="+sse2" "_ZGVdN8vv_guarded_div" }

; CHECK-LABEL: define <8 x float> @_ZGVdN8vv_ifelse(<8 x float> %x, <8 x float> %y)
; CHECK-NOT:     alloca
; CHECK:         [[C:%.*]] = fcmp ogt <8 x float> %x, zeroinitializer
; CHECK:         [[S:%.*]] = call <8 x float> @llvm.sqrt.v8f32(<8 x float> %x)
; CHECK:         [[A:%.*]] = fmul <8 x float> [[S]], %y
; CHECK:         [[B:%.*]] = fmul <8 x float> %x, %x
; CHECK:         [[D:%.*]] = fsub <8 x float> [[B]], %y
; CHECK:         [[R:%.*]] = select <8 x i1> [[C]], <8 x float> [[A]], <8 x float> [[D]]
; CHECK-NEXT:    ret <8 x float> [[R]]

; CHECK-LABEL: define <16 x float> @_ZGVeN16vv_ifelse(
; CHECK:         select <16 x i1>
; CHECK-NEXT:    ret <16 x float>

; The division is exact in double precision (vplan-ext/WideIntDivision):
; no branch per lane, and the lanes whose divisor is zero compute a frozen
; value that the select discards instead of trapping.
; CHECK-LABEL: define <8 x i32> @_ZGVdN8vv_guarded_div(<8 x i32> %a, <8 x i32> %b)
; CHECK:         [[Z:%.*]] = icmp eq <8 x i32> %b, zeroinitializer
; CHECK-NOT:     sdiv
; CHECK:         [[Q:%.*]] = fdiv <8 x double>
; CHECK-NEXT:    [[QI:%.*]] = fptosi <8 x double> [[Q]] to <8 x i32>
; CHECK-NEXT:    [[F:%.*]] = freeze <8 x i32> [[QI]]
; CHECK-NEXT:    [[R:%.*]] = select <8 x i1> [[Z]], <8 x i32> splat (i32 -1), <8 x i32> [[F]]
; CHECK-NEXT:    ret <8 x i32> [[R]]

; Without it, the division only runs for lanes whose divisor is non-zero:
; each lane's sdiv sits in its own predicated block, entered on that lane's
; condition.
; OFF-LABEL: define <8 x i32> @_ZGVdN8vv_guarded_div(<8 x i32> %a, <8 x i32> %b)
; OFF:         [[NZ:%.*]] = icmp ne <8 x i32> %b, zeroinitializer
; OFF-NEXT:    [[C0:%.*]] = extractelement <8 x i1> [[NZ]], i64 0
; OFF-NEXT:    br i1 [[C0]], label %pred.sdiv.if, label %pred.sdiv.continue
; OFF:       pred.sdiv.if:
; OFF:         sdiv i32
; OFF-NOT:     sdiv <8 x i32>
; OFF:         [[R:%.*]] = select <8 x i1> [[NZ]], <8 x i32> {{%.*}}, <8 x i32> splat (i32 -1)
; OFF-NEXT:    ret <8 x i32> [[R]]
