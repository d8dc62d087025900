; Caller side: calls in loops get the best variant the caller's target can
; run, called with gcc's ABI; memory-touching callees vectorize in
; `omp simd` loops only; conditional memory-touching calls use masked
; variants; scalar calls left behind keep their real memory effects.
; RUN: %opt -passes=vecclone-calls -pass-remarks=vecclone -pass-remarks-missed=vecclone -pass-remarks-analysis=vecclone -S < %s 2>%t.rem | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.rem

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; float sq(float) -- no memory attribute (an external declaration)
declare float @sq(float) #10
; float rd(float *p, int i) uniform(p) linear(i) -- reads p[i]
declare float @rd(ptr, i32) #11
; double wide(double) simdlen(8)
declare double @wide(double) #12

; for (i) out[i] = sq(in[i]);   (omp simd, AVX2 caller)
define void @pure(ptr noalias %out, ptr noalias %in, i64 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr float, ptr %in, i64 %i
  %x = load float, ptr %pa, !llvm.access.group !0
  %r = call float @sq(float %x), !llvm.access.group !0
  %po = getelementptr float, ptr %out, i64 %i
  store float %r, ptr %po, !llvm.access.group !0
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !1
exit:
  ret void
}

; for (i) if (in[i] > 0) out[i] = rd(in, i);   (omp simd, AVX-512 caller)
define void @cond_read(ptr noalias %out, ptr noalias %in, i32 %n) #1 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %i64 = zext i32 %i to i64
  %pa = getelementptr float, ptr %in, i64 %i64
  %x = load float, ptr %pa, !llvm.access.group !3
  %c = fcmp ogt float %x, 0.0
  br i1 %c, label %then, label %latch
then:
  %r = call float @rd(ptr %in, i32 %i), !llvm.access.group !3
  %po = getelementptr float, ptr %out, i64 %i64
  store float %r, ptr %po, !llvm.access.group !3
  br label %latch
latch:
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !4
exit:
  ret void
}

; The same call in a loop without `omp simd`: the call's reads are not known
; to be safe, so the loop stays scalar and the call keeps its attributes.
define void @not_parallel(ptr %out, ptr %in, i32 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %r = call float @rd(ptr %in, i32 %i)
  %i64 = zext i32 %i to i64
  %po = getelementptr float, ptr %out, i64 %i64
  store float %r, ptr %po
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; simdlen(8) doubles on an SSE2 caller: 4 xmm pieces, result through memory.
define void @wide_ret(ptr noalias %out, ptr noalias %in, i64 %n) #2 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr double, ptr %in, i64 %i
  %x = load double, ptr %pa, !llvm.access.group !6
  %r = call double @wide(double %x), !llvm.access.group !6
  %po = getelementptr double, ptr %out, i64 %i
  store double %r, ptr %po, !llvm.access.group !6
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop, !llvm.loop !7
exit:
  ret void
}

attributes #0 = { nounwind "target-features"="+avx,+avx2,+sse2" }
attributes #1 = { nounwind "target-features"="+avx,+avx2,+avx512f,+sse2" "prefer-vector-width"="512" }
attributes #2 = { nounwind "target-features"="+sse2" }
attributes #10 = { "_ZGVbN4v_sq" "_ZGVbM4v_sq" "_ZGVdN8v_sq" "_ZGVdM8v_sq" "_ZGVeN16v_sq" "_ZGVeM16v_sq" }
attributes #11 = { "_ZGVbN4ul_rd" "_ZGVbM4ul_rd" "_ZGVdN8ul_rd" "_ZGVdM8ul_rd" "_ZGVeN16ul_rd" "_ZGVeM16ul_rd" }
attributes #12 = { memory(none) "_ZGVbN8v_wide" }

!0 = distinct !{}
!1 = distinct !{!1, !2, !8}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = distinct !{}
!4 = distinct !{!4, !5, !8, !9}
!5 = !{!"llvm.loop.parallel_accesses", !3}
!6 = distinct !{}
!7 = distinct !{!7, !10, !8, !11}
!8 = !{!"llvm.loop.vectorize.enable", i1 true}
!9 = !{!"llvm.loop.vectorize.width", i32 16}
!10 = !{!"llvm.loop.parallel_accesses", !6}
!11 = !{!"llvm.loop.vectorize.width", i32 8}

; AVX2 caller: the AVX2 variant, never the AVX-512 one.
; CHECK-LABEL: define void @pure(
; CHECK:       vector.body:
; CHECK:         call <8 x float> @_ZGVdN8v_sq(<8 x float> {{%.*}})
; CHECK-NOT:     @_ZGVe
; One call per vector iteration (no interleaving: every vector register is
; caller-saved); the scalar remainder's call is as it was: no mapping, no
; memory override.
; CHECK-NOT:     call <8 x float> @_ZGVdN8v_sq
; CHECK:       middle.block:
; CHECK:         call float @sq(float %x), !llvm.access.group !{{[0-9]+}}{{$}}

; AVX-512 caller, conditional call that reads memory: masked variant only,
; mask passed as an integer (bit i = lane i).
; CHECK-LABEL: define void @cond_read(
; CHECK:       vector.body:
; CHECK:         [[C:%.*]] = fcmp ogt <16 x float> {{%.*}}, zeroinitializer
; CHECK:         [[BITS:%.*]] = bitcast <16 x i1> [[C]] to i16
; CHECK-NEXT:    [[MASK:%.*]] = zext i16 [[BITS]] to i32
; Called only when some lane is active; no lane: every result reads 0.
; CHECK-NEXT:    [[ANY:%.*]] = call i1 @llvm.vector.reduce.or.v16i1(<16 x i1> [[C]])
; CHECK-NEXT:    br i1 [[ANY]], label %[[CALL:.*]], label %[[JOIN:.*]]
; CHECK:       [[CALL]]:
; CHECK-NEXT:    [[V:%.*]] = call <16 x float> @_ZGVeM16ul_rd(ptr {{%.*}}, i32 {{%.*}}, i32 [[MASK]])
; CHECK:       [[JOIN]]:
; CHECK-NEXT:    [[R:%.*]] = phi <16 x float> [ [[V]], %[[CALL]] ], [ zeroinitializer, %vector.body ]
; CHECK-NOT:     @_ZGVeN16ul_rd
; Inactive lanes store nothing either.
; CHECK:         call void @llvm.masked.store.v16f32.p0(<16 x float> [[R]], ptr align 4 {{%.*}}, <16 x i1> [[C]])
; The scalar remainder's call has its memory effects back (no memory(none)).
; CHECK:         call float @rd(ptr %in, i32 %i), !llvm.access.group !{{[0-9]+}}{{$}}

; CHECK-LABEL: define void @not_parallel(
; CHECK-NOT:     @_ZGV
; CHECK:         call float @rd(ptr %in, i32 %i){{$}}

; CHECK-LABEL: define void @wide_ret(
; CHECK:       entry:
; CHECK:         [[SLOT:%.*]] = alloca [4 x <2 x double>], align 64
; CHECK:       vector.body:
; CHECK:         [[X:%.*]] = load <8 x double>
; CHECK:         [[P0:%.*]] = shufflevector <8 x double> [[X]], <8 x double> poison, <2 x i32> <i32 0, i32 1>
; CHECK:         [[P3:%.*]] = shufflevector <8 x double> [[X]], <8 x double> poison, <2 x i32> <i32 6, i32 7>
; CHECK-NEXT:    call void @_ZGVbN8v_wide(ptr noalias sret([4 x <2 x double>]) [[SLOT]], <2 x double> [[P0]], <2 x double> {{%.*}}, <2 x double> {{%.*}}, <2 x double> [[P3]])
; CHECK-NEXT:    load <8 x double>, ptr [[SLOT]], align 64

; The ABI declarations the calls use.
; CHECK-DAG: declare <8 x float> @_ZGVdN8v_sq(<8 x float>)
; CHECK-DAG: declare <16 x float> @_ZGVeM16ul_rd(ptr, i32, i32)
; CHECK-DAG: declare void @_ZGVbN8v_wide(ptr noalias sret([4 x <2 x double>]), <2 x double>, <2 x double>, <2 x double>, <2 x double>)
; Callers get a legal vector width covering the arguments they pass.
; CHECK-DAG: attributes #{{[0-9]+}} = { nounwind "min-legal-vector-width"="512" "prefer-vector-width"="512" "target-features"="+avx,+avx2,+avx512f,+sse2" }

; REMARK-DAG: remark: <unknown>:0:0: call to 'sq' vectorized as _ZGVdN8v_sq (AVX2, VF 8, unmasked)
; REMARK-DAG: remark: <unknown>:0:0: call to 'sq' cannot use _ZGVeN16v_sq: the caller's target lacks AVX-512
; REMARK-DAG: remark: <unknown>:0:0: call to 'rd' cannot use _ZGVeN16ul_rd: the call is conditional and touches memory, so it needs a masked variant
; REMARK-DAG: remark: <unknown>:0:0: call to 'rd' vectorized as _ZGVeM16ul_rd (AVX-512, VF 16, masked)
; REMARK-DAG: remark: <unknown>:0:0: call to 'rd' touches memory and its loop is not an 'omp simd' loop: the loop vectorizer can only use a variant if it proves the call safe itself
; REMARK-DAG: remark: <unknown>:0:0: call to 'rd' stays scalar: the loop vectorizer did not vectorize its loop (see -Rpass-analysis=loop-vectorize)
; REMARK-DAG: remark: <unknown>:0:0: call to 'wide' vectorized as _ZGVbN8v_wide (SSE2, VF 8, unmasked)
