; vplan-mask-phis: in a variant without AVX-512, the lane-mask network that
; crosses blocks (<8 x i1> phis, and/or/xor/select on them) is carried in the
; data's width (<8 x i32> for 8 lanes of a 256-bit variant); users read the
; sign bit back. With AVX-512 (mask registers) and in functions that are not
; variants nothing changes.
; RUN: %opt -passes=vplan-mask-phis -S < %s | FileCheck %s

define <8 x i32> @_ZGVdN8v_f(<8 x float> %x) #0 {
entry:
  br label %loop
loop:
  %act = phi <8 x i1> [ splat (i1 true), %entry ], [ %act.next, %loop ]
  %v = phi <8 x float> [ %x, %entry ], [ %v.next, %loop ]
  %lt = fcmp olt <8 x float> %v, splat (float 4.0)
  %live = and <8 x i1> %act, %lt
  %v.next = select <8 x i1> %live, <8 x float> %v, <8 x float> zeroinitializer
  %notlt = xor <8 x i1> %lt, splat (i1 true)
  %act.next = select <8 x i1> %notlt, <8 x i1> zeroinitializer, <8 x i1> %live
  %bits = bitcast <8 x i1> %act.next to i8
  %none = icmp eq i8 %bits, 0
  br i1 %none, label %done, label %loop
done:
  ret <8 x i32> zeroinitializer
}

define <16 x i32> @_ZGVeN16v_f(<16 x float> %x) #1 {
entry:
  br label %loop
loop:
  %act = phi <16 x i1> [ splat (i1 true), %entry ], [ %act.next, %loop ]
  %act.next = and <16 x i1> %act, zeroinitializer
  %bits = bitcast <16 x i1> %act.next to i16
  %none = icmp eq i16 %bits, 0
  br i1 %none, label %done, label %loop
done:
  ret <16 x i32> zeroinitializer
}

define void @not_a_variant(<8 x i1> %m) #2 {
entry:
  br label %loop
loop:
  %act = phi <8 x i1> [ %m, %entry ], [ %act.next, %loop ]
  %act.next = and <8 x i1> %act, zeroinitializer
  %bits = bitcast <8 x i1> %act.next to i8
  %none = icmp eq i8 %bits, 0
  br i1 %none, label %done, label %loop
done:
  ret void
}

attributes #0 = { "vecclone-variant-of"="f" "prefer-vector-width"="256" "target-features"="+avx,+avx2,+sse2" }
attributes #1 = { "vecclone-variant-of"="f" "prefer-vector-width"="512" "target-features"="+avx,+avx2,+avx512f,+sse2" }
attributes #2 = { "prefer-vector-width"="256" "target-features"="+avx,+avx2,+sse2" }

; CHECK-LABEL: define <8 x i32> @_ZGVdN8v_f(
; CHECK:       loop:
; CHECK-NEXT:    %act.w = phi <8 x i32> [ splat (i32 -1), %entry ], [ %act.next.w, %loop ]
; CHECK-NOT:     phi <8 x i1>
; CHECK:         %lt = fcmp olt <8 x float>
; CHECK-NEXT:    %lt.w = sext <8 x i1> %lt to <8 x i32>
; CHECK:         %live.w = and <8 x i32> %act.w, %lt.w
; CHECK-NEXT:    [[LIVE:%.*]] = icmp slt <8 x i32> %live.w, zeroinitializer
; CHECK-NEXT:    %v.next = select <8 x i1> [[LIVE]], <8 x float> %v
; CHECK:         %notlt.w = xor <8 x i32> %lt.w, splat (i32 -1)
; CHECK:         %act.next.w = select <8 x i1> {{%.*}}, <8 x i32> zeroinitializer, <8 x i32> %live.w
; CHECK-NEXT:    [[NEXT:%.*]] = icmp slt <8 x i32> %act.next.w, zeroinitializer
; CHECK-NEXT:    %bits = bitcast <8 x i1> [[NEXT]] to i8

; CHECK-LABEL: define <16 x i32> @_ZGVeN16v_f(
; CHECK:         %act = phi <16 x i1>
; CHECK-LABEL: define void @not_a_variant(
; CHECK:         %act = phi <8 x i1>
