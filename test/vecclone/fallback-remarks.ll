; Bodies the stock vectorizer cannot widen yet still get every variant (a
; correct scalar lane loop), and the remarks say why.
; RUN: %opt -passes='vecclone,function(loop-vectorize,vecclone-report)' -pass-remarks=vecclone -pass-remarks-missed=vecclone -pass-remarks-analysis=vecclone -S < %s 2>%t.rem | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.rem

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; A loop calling a function with side effects and no variant: cutting the
; lane loop would interleave the lanes' calls, so the plan refuses the cut
; and keeps the variant a scalar lane loop (the vectorizer cannot widen it
; with the loop inside).
define i32 @steps(i32 %n0) #0 {
entry:
  br label %loop
loop:
  %n = phi i32 [ %n0, %entry ], [ %next, %loop ]
  %c = phi i32 [ 0, %entry ], [ %c1, %loop ]
  call void @log_step(i32 %n)
  %h = lshr i32 %n, 1
  %next = add i32 %h, 1
  %c1 = add i32 %c, 1
  %more = icmp ugt i32 %next, 2
  br i1 %more, label %loop, label %exit
exit:
  ret i32 %c1
}
declare void @log_step(i32)

; An atomic update: the vectorizer refuses it.
@hits = global i32 0
define float @logged(float %x) #1 {
  %old = atomicrmw add ptr @hits, i32 1 seq_cst
  %r = fmul float %x, 2.0
  ret float %r
}

; noinline keeps callers from inlining the scalar function; its variants
; are copies of its body all the same (issue 19 item 16), as gcc's clones.
define float @kept(float %x) #2 {
  %r = fmul float %x, %x
  ret float %r
}

; Label addresses name the scalar function's own blocks: a copy of the body
; would jump into it, so each lane calls the scalar function.
@targets = internal constant [2 x ptr] [ptr blockaddress(@jumps, %a), ptr blockaddress(@jumps, %b)]
define i32 @jumps(i32 %x) #4 {
entry:
  %i = and i32 %x, 1
  %slot = getelementptr [2 x ptr], ptr @targets, i32 0, i32 %i
  %t = load ptr, ptr %slot
  indirectbr ptr %t, [label %a, label %b]
a:
  ret i32 %x
b:
  %y = mul i32 %x, 3
  ret i32 %y
}

; Widens fine: the report says so.
define float @easy(float %x) #3 {
  %r = fmul float %x, 3.0
  ret float %r
}

attributes #0 = { nounwind "_ZGVdN8v_steps" }
attributes #1 = { nounwind "_ZGVdN8v_logged" }
attributes #2 = { nounwind noinline "_ZGVdN8v_kept" }
attributes #3 = { nounwind "_ZGVdN8v_easy" }
attributes #4 = { nounwind "_ZGVdN8v_jumps" }

; The fallback variants are lane loops around the scalar code.
; CHECK-LABEL: define <8 x i32> @_ZGVdN8v_steps(<8 x i32> %n0)
; CHECK:       lane.header:
; CHECK:       loop.i:
; CHECK:         br i1 {{%.*}}, label %loop.i, label %steps.exit
; CHECK:         br i1 {{%.*}}, label %lane.done, label %lane.header, !llvm.loop
; CHECK-LABEL: define <8 x float> @_ZGVdN8v_logged(<8 x float> %x)
; CHECK:       lane.body:
; CHECK:         atomicrmw add ptr @hits, i32 1 seq_cst
; CHECK-LABEL: define <8 x float> @_ZGVdN8v_kept(<8 x float> %x)
; CHECK-NOT:     call float @kept
; CHECK:         fmul <8 x float>
; CHECK-LABEL: define <8 x i32> @_ZGVdN8v_jumps(<8 x i32> %x)
; CHECK:       lane.body:
; CHECK:         call i32 @jumps(i32 {{%.*}}) #[[NOBUILTIN:[0-9]+]]
; CHECK-LABEL: define <8 x float> @_ZGVdN8v_easy(<8 x float> %x)
; CHECK:         fmul <8 x float>
; CHECK:       attributes #[[NOBUILTIN]] = { nobuiltin }

; REMARK-DAG: remark: <unknown>:0:0: defined vector variant _ZGVdN8v_steps of 'steps' (AVX2, VF 8, unmasked)
; REMARK-DAG: remark: <unknown>:0:0: variant _ZGVdN8v_steps runs its lanes one by one: no cut of it can be made (the inner loop calls a function with side effects and no vector variant; cutting the lane loop would change the order of its calls), and the vectorizer does not widen a loop with a loop inside
; REMARK-DAG: remark: <unknown>:0:0: body of 'logged' performs an atomic operation; its variants may stay scalar
; REMARK-DAG: remark: <unknown>:0:0: variant _ZGVdN8v_logged runs its lanes one by one: the vectorizer declines it (it holds an atomic read-modify-write); its plan costs {{[0-9]+}} for the vector lane loop and {{[0-9]+}} for the scalar one
; REMARK-DAG: remark: <unknown>:0:0: variant _ZGVdN8v_kept of 'kept' is vectorized
; REMARK-DAG: remark: <unknown>:0:0: variant _ZGVdN8v_jumps calls 'jumps' once per lane: the body jumps to a label address (computed goto)
; REMARK-DAG: remark: <unknown>:0:0: variant _ZGVdN8v_jumps of 'jumps' stays a scalar lane loop: the body calls 'jumps', which has no vector variant the loop vectorizer can use
; REMARK-DAG: remark: <unknown>:0:0: variant _ZGVdN8v_easy of 'easy' is vectorized
