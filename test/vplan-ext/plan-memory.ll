; Memory recipes of vecclone's lane loops (after InterleaveGapFill, which
; vecclone always runs): an AoS stride-12 read completed to a whole-struct
; group, a plain stride-3 read turned into gathers, a gather through an
; index array, a store under a divergent branch (masked memory) and a
; masked variant, whose whole body is a divergent region.
; RUN: %opt -passes=vecclone -vecclone-cut-lane-loops=false -S < %s \
; RUN:   | %opt -passes='print<vplan-ext>' -disable-output 2>&1 | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.P3 = type { float, float, float }

; p[i].x + p[i].y: a stride-12 read of a struct whose last field is unread;
; InterleaveGapFill completes the group with p[i].z.
define float @aos(ptr %p, i32 %i) #0 {
entry:
  %idx = sext i32 %i to i64
  %x.addr = getelementptr inbounds %struct.P3, ptr %p, i64 %idx, i32 0
  %x = load float, ptr %x.addr, align 4
  %y.addr = getelementptr inbounds %struct.P3, ptr %p, i64 %idx, i32 1
  %y = load float, ptr %y.addr, align 4
  %s = fadd float %x, %y
  ret float %s
}

; a[3*i] + a[3*i+1] of a plain float array: the group misses its last
; member and no struct vouches for it: InterleaveGapFill makes gathers.
define float @plain3(ptr %a, i32 %i) #1 {
entry:
  %i3 = mul nsw i32 %i, 3
  %k0 = sext i32 %i3 to i64
  %p0 = getelementptr inbounds float, ptr %a, i64 %k0
  %v0 = load float, ptr %p0, align 4
  %i31 = add nsw i32 %i3, 1
  %k1 = sext i32 %i31 to i64
  %p1 = getelementptr inbounds float, ptr %a, i64 %k1
  %v1 = load float, ptr %p1, align 4
  %s = fadd float %v0, %v1
  ret float %s
}

; t[idx[i]]: a gather through an index array.
define float @indirect(ptr %t, ptr %idx, i32 %i) #2 {
entry:
  %k = sext i32 %i to i64
  %ip = getelementptr inbounds i32, ptr %idx, i64 %k
  %j = load i32, ptr %ip, align 4
  %jk = sext i32 %j to i64
  %tp = getelementptr inbounds float, ptr %t, i64 %jk
  %v = load float, ptr %tp, align 4
  ret float %v
}

; if (x > 0) out[i] = x * y: a store under a divergent branch.
define void @cstore(ptr %out, i32 %i, float %x, float %y) #3 {
entry:
  %pos = fcmp ogt float %x, 0.0
  br i1 %pos, label %then, label %join
then:
  %k = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %out, i64 %k
  %v = fmul float %x, %y
  store float %v, ptr %p, align 4
  br label %join
join:
  ret void
}

attributes #0 = { nounwind memory(argmem: read) "_ZGVdN8ul_aos" }
attributes #1 = { nounwind memory(argmem: read) "_ZGVdN8ul_plain3" }
attributes #2 = { nounwind memory(argmem: read) "_ZGVdN8uul_indirect" }
attributes #3 = { nounwind memory(argmem: write) "_ZGVdN8ulvv_cstore" "_ZGVdM8ulvv_cstore" }

; CHECK-LABEL: vplan for lane loop %lane.header in _ZGVdN8ul_aos, VF 8:
; CHECK:         interleave group: load %x.i, load %gap.fill, load %y.i (stride 12, factor 3, members 0,1,2: complete, 1 unused read added by InterleaveGapFill), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NOT:     gather
; CHECK:         widen memory: store %s.i (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    total:

; CHECK-LABEL: vplan for lane loop %lane.header in _ZGVdN8ul_plain3, VF 8:
; CHECK:         gather: load %v0.i (stride 12 hidden by InterleaveGapFill: its group would miss the last member), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK:         gather: load %v1.i (stride 12 hidden by InterleaveGapFill: its group would miss the last member), cost scalar {{[0-9]+}} vector {{[0-9]+}}

; CHECK-LABEL: vplan for lane loop %lane.header in _ZGVdN8uul_indirect, VF 8:
; CHECK:         widen memory: load %j.i (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK:         gather: load %v.i (per-lane addresses), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK:         widen memory: store %v.i (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}

; The mask test of the masked variant opens a region up to the lane latch,
; which BOSCC leaves alone. Its argument loads read the variant's own lane
; arrays, which every lane may read: the vectorizer loads them unmasked
; (LV's isDereferenceableAndAlignedInLoop test); the store is masked.
; CHECK-LABEL: vplan for lane loop %lane.header in _ZGVdM8ulvv_cstore, VF 8:
; CHECK-NEXT:    widen memory: load %lane.mask (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    widen: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    divergent if %lane.header (then %lane.body): BOSCC no (the region joins at the lane loop's latch), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK:           widen memory: load %lane.arg (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      widen memory: load %lane.arg2 (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      widen: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      divergent if %lane.body (then %then.i): BOSCC no (region cost 3 < threshold 48), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:        widen: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:        masked memory: store %v.i (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    total:

; CHECK-LABEL: vplan for lane loop %lane.header in _ZGVdN8ulvv_cstore, VF 8:
; CHECK:         widen memory: load %lane.arg (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK:         divergent if %lane.body (then %then.i): BOSCC no (region cost 3 < threshold 48), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      widen: 1 instruction, cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:      masked memory: store %v.i (contiguous), cost scalar {{[0-9]+}} vector {{[0-9]+}}
; CHECK-NEXT:    total:
