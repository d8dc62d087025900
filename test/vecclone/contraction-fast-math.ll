; The scalar function's target has no FMA, its variants' ISA has (AVX-512).
; Under -ffp-contract=fast (`contract` alone) the variant keeps nothing
; fusable: its flags go and it is tagged for the fences, so that every lane
; rounds as the scalar function does. Under -ffast-math (`fast`, with
; `reassoc`) the user lets rounding change, in variants as in scalar code:
; the variant keeps its flags and the backend fuses (vfmadd), as in gcc's
; clones.
; RUN: sed 's/FLAGS/contract/g' %s | %opt -passes=vecclone -S | FileCheck %s --check-prefix=CONTRACT
; RUN: sed 's/FLAGS/fast/g' %s | %opt -passes=vecclone -S | FileCheck %s --check-prefix=FAST
; RUN: sed 's/FLAGS/fast/g' %s | %opt -O3 -S | %llvm_tools/llc -O2 -o - | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define float @poly(float %x, float %k) #0 {
entry:
  %m = fmul FLAGS float %x, %k
  %a = fadd FLAGS float %m, 1.000000e+00
  %m2 = fmul FLAGS float %a, %k
  %r = fadd FLAGS float %m2, 2.500000e-01
  ret float %r
}

attributes #0 = { nounwind "target-features"="+sse2,+x87" "_ZGVeN16vv_poly" }

; CONTRACT-LABEL: define {{.*}} @_ZGVeN16vv_poly(
; CONTRACT-NOT: contract
; CONTRACT: attributes #{{[0-9]+}} = { {{.*}}"vecclone-no-contraction"

; FAST-LABEL: define {{.*}} @_ZGVeN16vv_poly(
; FAST: fmul fast
; FAST: fadd fast
; FAST-NOT: vecclone-no-contraction

; ASM-LABEL: _ZGVeN16vv_poly:
; ASM: vfmadd{{[0-9]+}}ps {{.*}}%zmm
