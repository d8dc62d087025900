; The lane loop handed to the stock vectorizer: width VL, no interleaving,
; parallel accesses (OpenMP's declare simd promise), and every access of the
; loop in the access group.
; RUN: %opt -passes=vecclone -S < %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define float @dowork(ptr %p, i32 %i) #0 {
  %idx = sext i32 %i to i64
  %a = getelementptr inbounds float, ptr %p, i64 %idx
  %x = load float, ptr %a, align 4
  %r = fmul float %x, 2.0
  ret float %r
}

attributes #0 = { nounwind "_ZGVdN8ul_dowork" }

; CHECK-LABEL: define <8 x float> @_ZGVdN8ul_dowork(ptr %p, i32 %i)
; CHECK:       entry:
; CHECK-NEXT:    %ret = alloca [8 x float], align 32, !vecclone.lane.array
; CHECK-NEXT:    br label %lane.header
; CHECK:       lane.body:
; Linear: lane l sees i + l (wrapping like GCC's clone, which adds unsigned).
; CHECK-NEXT:    [[STEP:%.*]] = mul i64 %lane, 1
; CHECK-NEXT:    [[T:%.*]] = trunc i64 [[STEP]] to i32
; CHECK-NEXT:    [[I:%.*]] = add i32 %i, [[T]]
; CHECK-NEXT:    [[IDX:%.*]] = sext i32 [[I]] to i64
; CHECK-NEXT:    [[A:%.*]] = getelementptr inbounds float, ptr %p, i64 [[IDX]]
; CHECK-NEXT:    load float, ptr [[A]], align 4, !llvm.access.group [[AG:![0-9]+]]
; CHECK:       lane.latch:
; CHECK:         store float {{.*}}, !llvm.access.group [[AG]]
; CHECK:         %lane.next = add nuw nsw i64 %lane, 1
; CHECK-NEXT:    [[DONE:%.*]] = icmp eq i64 %lane.next, 8
; CHECK-NEXT:    br i1 [[DONE]], label %lane.exit, label %lane.header, !llvm.loop [[LOOP:![0-9]+]]
; CHECK:       lane.exit:
; CHECK-NEXT:    [[V:%.*]] = load <8 x float>, ptr %ret, align 32
; CHECK-NEXT:    ret <8 x float> [[V]]

; CHECK: [[AG]] = distinct !{}
; CHECK: [[LOOP]] = distinct !{[[LOOP]], [[EN:![0-9]+]], [[W:![0-9]+]], [[IC:![0-9]+]], [[PA:![0-9]+]], [[TAG:![0-9]+]]}
; CHECK: [[EN]] = !{!"llvm.loop.vectorize.enable", i1 true}
; CHECK: [[W]] = !{!"llvm.loop.vectorize.width", i32 8}
; CHECK: [[IC]] = !{!"llvm.loop.interleave.count", i32 1}
; CHECK: [[PA]] = !{!"llvm.loop.parallel_accesses", [[AG]]}
; CHECK: [[TAG]] = !{!"vecclone.lane.loop"}
