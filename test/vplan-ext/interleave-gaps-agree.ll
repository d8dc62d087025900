; The plan says what InterleaveGapFill will do to a lane loop's strided
; reads, and the gap fill does it: both decide by its rules
; (fillsObjectGaps, gathersGappedReads) on the fields objectFieldOf finds.
; - @mixed reads a struct's float field and its int field: the vectorizer
;   groups neither with the fields the gap fill would add, so it adds none
;   and the float's group, its last member missing, becomes gathers.
; - @twice reads one field twice and another once: two of the three fields,
;   so the gap fill reads the third and the group is complete.
; - @slot reads a[3*lane] and a[3*lane+1] of a plain array and writes
;   a[3*lane] through the same address: the reads become gathers, each
;   through a copy of its address, and the store keeps its stride.
; RUN: %opt -passes='print<vplan-ext>' -disable-output < %s 2>&1 | FileCheck %s --check-prefix=PLAN
; RUN: %opt -passes=vplan-lane-prep -S < %s | FileCheck %s --check-prefix=PREP

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.FIF = type { float, i32, float }
%struct.P3 = type { float, float, float }

; PLAN-LABEL: vplan for lane loop %lane.header in mixed, VF 8:
; PLAN:         load %x (stride 12, factor 3, members 0: InterleaveGapFill turns it into gathers, the last member is missing and no whole struct is read
; PLAN-LABEL: vplan for lane loop %lane.header in twice, VF 8:
; PLAN:         interleave group: load %x, load %x2, load %y (stride 12, factor 3, members 0,1: InterleaveGapFill completes it with the struct's other fields)

; PREP-LABEL: define void @mixed(
; PREP-NOT:     gap.fill
; PREP:         %lane.gather = freeze i64 %lane
; PREP-NEXT:    %px = getelementptr inbounds %struct.FIF, ptr %p, i64 %lane.gather, i32 0
; PREP-NOT:     gap.fill
; PREP-LABEL: define void @twice(
; PREP-NOT:     freeze
; PREP:         %gap.elem = getelementptr inbounds %struct.P3, ptr %p, i64 %lane
; PREP-NEXT:    %gap.ptr = getelementptr inbounds i8, ptr %gap.elem, i64 8
; PREP-NEXT:    %gap.fill = load float, ptr %gap.ptr, align 4
; PREP-NOT:     freeze
; PREP-LABEL: define void @slot(
; PREP:         %k0.gather = freeze i64 %k0
; PREP-NEXT:    %a01 = getelementptr inbounds float, ptr %a, i64 %k0.gather
; PREP-NEXT:    %a0 = getelementptr inbounds float, ptr %a, i64 %k0
; PREP-NEXT:    %v0 = load float, ptr %a01, align 4
; PREP:         store float %s, ptr %a0, align 4

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

attributes #0 = { nounwind "target-cpu"="haswell" }
!0 = distinct !{!0, !1, !2}
!1 = !{!"vecclone.lane.loop"}
!2 = !{!"llvm.loop.vectorize.width", i32 8}
