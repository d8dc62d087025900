; The plan says what InterleaveGapFill will do to a lane loop's strided
; reads, and the gap fill does it: both read one model of the vectorizer's
; interleave groups (formVectorizerGroups) and one rule for the objects
; whose missing fields the gap fill reads (findObjectFills).
; - @mixed reads a struct's float field and its int field: the vectorizer
;   groups fields of one size whatever their type, so the gap fill reads the
;   third field and the group is complete.
; - @twice reads one field twice and another once: the vectorizer gives the
;   group one member per field, so the second read of x joins y and the
;   added read of z (complete), and the first read of x is a group of its
;   own that misses its last member: a gather.
; - @slot reads a[3*lane] and a[3*lane+1] of a plain array and writes
;   a[3*lane] through the same address: the reads become gathers, each
;   through a copy of its address, and the store keeps its stride.
; - @pairs reads a[2*lane+k] for k = 0..3 (fuzz seeds 49312 and 49807):
;   the vectorizer makes two complete groups of factor 2, {k=0,1} and
;   {k=2,3}. The gap fill once took each read's neighbours within a stride
;   on both sides for its group, froze three of the four, and LV wanted a
;   scalar epilogue for the one left alone: the lane loop stayed scalar.
; The last RUN line hands the prepared loops to the vectorizer: @mixed,
; @twice and @pairs are vectorized with wide loads for their groups (none
; needs a scalar epilogue). (@slot's gathers and its store to the same
; array leave LV no bounds to check them against: it stays scalar.)
; RUN: %opt -passes='print<vplan-ext>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=PLAN
; RUN: %opt -passes=vplan-lane-prep -S < %s | FileCheck %s --check-prefix=PREP
; RUN: %opt -passes=vplan-lane-prep,loop-vectorize -S < %s | FileCheck %s --check-prefix=LV

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.FIF = type { float, i32, float }
%struct.P3 = type { float, float, float }

; PLAN-LABEL: vplan for lane loop %lane.header in mixed, VF 8:
; PLAN-NEXT:    interleave group: load %x, load %n (stride 12, factor 3, members 0,1,2: complete, 1 unused read added by InterleaveGapFill)
; PLAN-LABEL: vplan for lane loop %lane.header in twice, VF 8:
; PLAN-NEXT:    per-lane memory: load %x (stride 12, factor 3, members 0: the last member missing: InterleaveGapFill turns it into gathers;
; PLAN-NEXT:    interleave group: load %x2, load %y (stride 12, factor 3, members 0,1,2: complete, 1 unused read added by InterleaveGapFill)

; PREP-LABEL: define void @mixed(
; PREP-NOT:     freeze
; PREP:         %x = load float, ptr %px, align 4
; PREP-NEXT:    %gap.elem = getelementptr inbounds %struct.FIF, ptr %p, i64 %lane
; PREP-NEXT:    %gap.ptr = getelementptr inbounds i8, ptr %gap.elem, i64 8
; PREP-NEXT:    %gap.fill = load float, ptr %gap.ptr, align 4
; PREP-NOT:     freeze
; PREP-LABEL: define void @twice(
; PREP:         %lane.gather = freeze i64 %lane
; PREP-NEXT:    %px1 = getelementptr inbounds %struct.P3, ptr %p, i64 %lane.gather, i32 0
; PREP-NEXT:    %px = getelementptr inbounds %struct.P3, ptr %p, i64 %lane, i32 0
; PREP-NEXT:    %x = load float, ptr %px1, align 4
; PREP-NEXT:    %gap.elem = getelementptr inbounds %struct.P3, ptr %p, i64 %lane
; PREP-NEXT:    %gap.ptr = getelementptr inbounds i8, ptr %gap.elem, i64 8
; PREP-NEXT:    %gap.fill = load float, ptr %gap.ptr, align 4
; PREP-NEXT:    %x2 = load float, ptr %px, align 4
; PREP-NOT:     freeze
; LV-LABEL: define void @mixed(
; LV:         load <24 x float>
; LV-LABEL: define void @twice(
; LV:         load <24 x float>
; LV-LABEL: define void @pairs(
; LV-COUNT-2: load <16 x float>
; LV-NOT:     freeze
; LV:         ret void

; PREP-LABEL: define void @slot(
; PREP:         %k0.gather = freeze i64 %k0
; PREP-NEXT:    %a01 = getelementptr inbounds float, ptr %a, i64 %k0.gather
; PREP-NEXT:    %a0 = getelementptr inbounds float, ptr %a, i64 %k0
; PREP-NEXT:    %v0 = load float, ptr %a01, align 4
; PREP:         store float %s, ptr %a0, align 4
; PREP-LABEL: define void @pairs(
; PREP-NOT:     freeze
; PREP:         ret void

define void @mixed(ptr noalias %p, ptr noalias %out) #0 {
entry:
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.header ]
  %px = getelementptr inbounds %struct.FIF, ptr %p, i64 %lane, i32 0
  %x = load float, ptr %px, align 4
  %pn = getelementptr inbounds %struct.FIF, ptr %p, i64 %lane, i32 1
  %n = load i32, ptr %pn, align 4
  %nf = sitofp i32 %n to float
  %s = fadd float %x, %nf
  %po = getelementptr inbounds float, ptr %out, i64 %lane
  store float %s, ptr %po, align 4
  %lane.next = add nuw nsw i64 %lane, 1
  %done = icmp eq i64 %lane.next, 8
  br i1 %done, label %exit, label %lane.header, !llvm.loop !0

exit:
  ret void
}

define void @twice(ptr noalias %p, ptr noalias %out) #0 {
entry:
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.header ]
  %px = getelementptr inbounds %struct.P3, ptr %p, i64 %lane, i32 0
  %x = load float, ptr %px, align 4
  %x2 = load float, ptr %px, align 4
  %py = getelementptr inbounds %struct.P3, ptr %p, i64 %lane, i32 1
  %y = load float, ptr %py, align 4
  %s = fadd float %x, %y
  %t = fmul float %s, %x2
  %po = getelementptr inbounds float, ptr %out, i64 %lane
  store float %t, ptr %po, align 4
  %lane.next = add nuw nsw i64 %lane, 1
  %done = icmp eq i64 %lane.next, 8
  br i1 %done, label %exit, label %lane.header, !llvm.loop !0

exit:
  ret void
}

define void @slot(ptr noalias %a) #0 {
entry:
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.header ]
  %k0 = mul nuw nsw i64 %lane, 3
  %a0 = getelementptr inbounds float, ptr %a, i64 %k0
  %v0 = load float, ptr %a0, align 4
  %k1 = add nuw nsw i64 %k0, 1
  %a1 = getelementptr inbounds float, ptr %a, i64 %k1
  %v1 = load float, ptr %a1, align 4
  %s = fadd float %v0, %v1
  store float %s, ptr %a0, align 4
  %lane.next = add nuw nsw i64 %lane, 1
  %done = icmp eq i64 %lane.next, 8
  br i1 %done, label %exit, label %lane.header, !llvm.loop !0

exit:
  ret void
}

define void @pairs(ptr noalias %a, ptr noalias %out) #0 {
entry:
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.header ]
  %k0 = shl nuw nsw i64 %lane, 1
  %a0 = getelementptr inbounds float, ptr %a, i64 %k0
  %v0 = load float, ptr %a0, align 4
  %a1 = getelementptr inbounds i8, ptr %a0, i64 4
  %v1 = load float, ptr %a1, align 4
  %a2 = getelementptr inbounds i8, ptr %a0, i64 8
  %v2 = load float, ptr %a2, align 4
  %a3 = getelementptr inbounds i8, ptr %a0, i64 12
  %v3 = load float, ptr %a3, align 4
  %s0 = fadd float %v0, %v1
  %s1 = fadd float %v2, %v3
  %s = fmul float %s0, %s1
  %po = getelementptr inbounds float, ptr %out, i64 %lane
  store float %s, ptr %po, align 4
  %lane.next = add nuw nsw i64 %lane, 1
  %done = icmp eq i64 %lane.next, 8
  br i1 %done, label %exit, label %lane.header, !llvm.loop !3

exit:
  ret void
}

attributes #0 = { nounwind "target-cpu"="haswell" }
!0 = distinct !{!0, !1, !2}
!1 = !{!"vecclone.lane.loop"}
!2 = !{!"llvm.loop.vectorize.width", i32 8}
!3 = distinct !{!3, !1, !2}
