; Interleave groups of a lane loop InterleaveGapFill has not seen yet (a
; hand-written lane loop as vecclone builds it): the plan says what the
; gap fill will do to each strided group.
; RUN: %opt -passes='print<vplan-ext>' -disable-output < %s 2>&1 | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.P3 = type { float, float, float }

define void @raw(ptr noalias %p, ptr noalias %a, ptr noalias %out) #0 {
entry:
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.header ]
  ; p[lane].x, p[lane].y: struct, last field unread
  %px = getelementptr inbounds %struct.P3, ptr %p, i64 %lane, i32 0
  %x = load float, ptr %px, align 4
  %py = getelementptr inbounds %struct.P3, ptr %p, i64 %lane, i32 1
  %y = load float, ptr %py, align 4
  ; a[3*lane], a[3*lane+1] of a plain array: last member missing
  %k0 = mul nuw nsw i64 %lane, 3
  %a0 = getelementptr inbounds float, ptr %a, i64 %k0
  %v0 = load float, ptr %a0, align 4
  %k1 = add nuw nsw i64 %k0, 1
  %a1 = getelementptr inbounds float, ptr %a, i64 %k1
  %v1 = load float, ptr %a1, align 4
  ; out[4*lane], out[4*lane+3]: gap inside, last member present
  %k4 = shl nuw nsw i64 %lane, 2
  %o0 = getelementptr inbounds float, ptr %out, i64 %k4
  %w0 = load float, ptr %o0, align 4
  %k7 = add nuw nsw i64 %k4, 3
  %o3 = getelementptr inbounds float, ptr %out, i64 %k7
  %w3 = load float, ptr %o3, align 4
  %s1 = fadd float %x, %y
  %s2 = fadd float %v0, %v1
  %s3 = fadd float %w0, %w3
  %s4 = fadd float %s1, %s2
  %s5 = fadd float %s4, %s3
  store float %s5, ptr %o0, align 4
  %lane.next = add nuw nsw i64 %lane, 1
  %done = icmp eq i64 %lane.next, 8
  br i1 %done, label %exit, label %lane.header, !llvm.loop !0

exit:
  ret void
}

; One field of a 64-byte struct: the vectorizer groups no factor above 8
; (-max-interleave-group-factor), so the gap fill adds no reads; LV loads
; the 8 floats one by one (the `d` variant of `p[i].f[3]` does: vmovss +
; vinsertps), and so does the plan.
%struct.S16 = type { [16 x float] }

define void @wide16(ptr noalias %p, ptr noalias %out) #0 {
entry:
  br label %lane.header

lane.header:
  %lane = phi i64 [ 0, %entry ], [ %lane.next, %lane.header ]
  %pf = getelementptr inbounds %struct.S16, ptr %p, i64 %lane, i32 0, i64 3
  %f = load float, ptr %pf, align 4
  %g = fmul float %f, 2.0
  %po = getelementptr inbounds float, ptr %out, i64 %lane
  store float %g, ptr %po, align 4
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

; CHECK-LABEL: vplan for lane loop %lane.header in raw, VF 8:
; The gap fill's read of p[lane].z completes the group (members 0,1,2).
; CHECK-NEXT:    interleave group: load %x, load %y (stride 12, factor 3, members 0,1,2: complete, 1 unused read added by InterleaveGapFill), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; Gathers or VF scalar loads each: LV takes the cheaper (here the loads).
; CHECK-NEXT:    per-lane memory: load %v0, load %v1 (stride 12, factor 3, members 0,1: the last member missing: InterleaveGapFill turns it into gathers; per-lane loads cheaper ({{[0-9]+}} < {{[0-9]+}})), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen: 2 instructions, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    interleave group: load %w0, load %w3 (stride 16, factor 4, members 0,3: gaps inside, last member present, LV keeps the group), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen: 6 instructions, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; A store group of one member in four: the vectorizer forms store groups
; with gaps only where the target has masked interleaved accesses (x86 has
; none), and scatters cost more than VF scalar stores.
; CHECK-NEXT:    per-lane memory: store %s5 (stride 16, factor 4, members 0: store group with gaps, no masked interleaved access on this target, scatters; per-lane stores cheaper ({{[0-9]+}} < {{[0-9]+}})), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    total:
!3 = distinct !{!3, !1, !2}
; CHECK-LABEL: vplan for lane loop %lane.header in wide16, VF 8:
; CHECK-NEXT:    per-lane memory: load %f (stride 64: factor 16, more than the vectorizer groups (8); per-lane loads cheaper ({{[0-9]+}} < {{[0-9]+}})), cost scalar {{[0-9]+}} vector {{[0-9]+}}
