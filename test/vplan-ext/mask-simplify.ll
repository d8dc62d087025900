; RUN: %opt -passes=vplan-mask-simplify -S %s | FileCheck %s
; The mask chains the loop vectorizer leaves in a cut lane loop
; (vplan-ext/LaneMaskSimplify.cpp): Mandelbrot's "while any lane" loop as
; clang -O3 left it before this pass. Its next mask, active & c1 & !c2, was
; seven dependent operations; rebuilt, the compares are combined first and
; the loop-carried phi comes in last.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: define <16 x i32> @mandel_mask(
; CHECK: loop:
; CHECK: %active = phi <16 x i1> [ splat (i1 true), %entry ], [ %[[NEXT:[0-9a-z.]+]], %loop ]
; CHECK: %c1 = fcmp olt <16 x float> %mag, splat (float 4.000000e+00)
; CHECK-NEXT: %[[F1:[0-9a-z.]+]] = freeze <16 x i1> %c1
; CHECK: %c2 = icmp eq <16 x i32> %n1, splat (i32 256)
; CHECK-NEXT: %[[F2:[0-9a-z.]+]] = freeze <16 x i1> %c2
; The exit mask the data select uses stays as it was (no shorter form).
; CHECK: %exitb = select <16 x i1> %cont, <16 x i1> %c2, <16 x i1> zeroinitializer
; CHECK-NEXT: %[[NOT2:[0-9a-z.]+]] = xor <16 x i1> %[[F2]], splat (i1 true)
; CHECK-NEXT: %[[BOTH:[0-9a-z.]+]] = and <16 x i1> %[[F1]], %[[NOT2]]
; CHECK-NEXT: %[[NEXT]] = and <16 x i1> %[[BOTH]], %active
define <16 x i32> @mandel_mask(<16 x float> %x) #0 {
entry:
  br label %loop

loop:
  %active = phi <16 x i1> [ splat (i1 true), %entry ], [ %next, %loop ]
  %n = phi <16 x i32> [ zeroinitializer, %entry ], [ %n1, %loop ]
  %z = phi <16 x float> [ zeroinitializer, %entry ], [ %z1, %loop ]
  %res = phi <16 x i32> [ zeroinitializer, %entry ], [ %res1, %loop ]
  %mag = fmul <16 x float> %z, %z
  %c1 = fcmp olt <16 x float> %mag, splat (float 4.000000e+00)
  %notc1 = xor <16 x i1> %c1, splat (i1 true)
  %exita = select <16 x i1> %active, <16 x i1> %notc1, <16 x i1> zeroinitializer
  %z1 = fadd <16 x float> %mag, %x
  %n1 = add nuw nsw <16 x i32> %n, splat (i32 1)
  %c2 = icmp eq <16 x i32> %n1, splat (i32 256)
  %notc2 = xor <16 x i1> %c2, splat (i1 true)
  %cont = select <16 x i1> %active, <16 x i1> %c1, <16 x i1> zeroinitializer
  %exitb = select <16 x i1> %cont, <16 x i1> %c2, <16 x i1> zeroinitializer
  %exits = select <16 x i1> %exita, <16 x i1> splat (i1 true), <16 x i1> %exitb
  %stay = xor <16 x i1> %exits, splat (i1 true)
  %s1 = and <16 x i1> %active, %stay
  %s2 = select <16 x i1> %s1, <16 x i1> %c1, <16 x i1> zeroinitializer
  %next = select <16 x i1> %s2, <16 x i1> %notc2, <16 x i1> zeroinitializer
  %res1 = select <16 x i1> %exitb, <16 x i32> %n1, <16 x i32> %res
  %bits = bitcast <16 x i1> %next to i16
  %done = icmp eq i16 %bits, 0
  br i1 %done, label %exit, label %loop

exit:
  ret <16 x i32> %res1
}

; Not a conjunction or disjunction of literals (an exclusive or): kept.
; CHECK-LABEL: define <8 x i1> @parity(
; CHECK: %s = select <8 x i1> %a, <8 x i1> %nb, <8 x i1> %b
; CHECK-NEXT: ret <8 x i1> %s
define <8 x i1> @parity(<8 x i1> %a, <8 x i1> %b) #0 {
  %nb = xor <8 x i1> %b, splat (i1 true)
  %s = select <8 x i1> %a, <8 x i1> %nb, <8 x i1> %b
  ret <8 x i1> %s
}

; Only vecclone's variants and functions with vplan-ext lane loops.
; CHECK-LABEL: define <8 x i1> @not_ours(
; CHECK: %t = select <8 x i1> %a, <8 x i1> %b, <8 x i1> zeroinitializer
; CHECK-NEXT: %u = select <8 x i1> %t, <8 x i1> %a, <8 x i1> zeroinitializer
define <8 x i1> @not_ours(<8 x i1> %a, <8 x i1> %b) {
  %t = select <8 x i1> %a, <8 x i1> %b, <8 x i1> zeroinitializer
  %u = select <8 x i1> %t, <8 x i1> %a, <8 x i1> zeroinitializer
  ret <8 x i1> %u
}

; A redundant chain over arguments folds to one and; the frozen leaves
; keep it exact where the select chain hid a poison operand.
; CHECK-LABEL: define <8 x i1> @redundant(
; CHECK: %[[FB:[0-9a-z.]+]] = freeze <8 x i1> %b
; CHECK: %[[FA:[0-9a-z.]+]] = freeze <8 x i1> %a
; CHECK: %[[R:[0-9a-z.]+]] = and <8 x i1> %[[FA]], %[[FB]]
; CHECK-NEXT: ret <8 x i1> %[[R]]
define <8 x i1> @redundant(<8 x i1> %a, <8 x i1> %b) #0 {
  %t = select <8 x i1> %a, <8 x i1> %b, <8 x i1> zeroinitializer
  %u = select <8 x i1> %t, <8 x i1> %a, <8 x i1> zeroinitializer
  ret <8 x i1> %u
}

; Lane flags kept in i32 arrays, after SROA: the round loop's flag phi and
; the phi joining a round's two copies (steady and general) merge zexts of
; masks and constants; both become <16 x i1> phis, the test reads the phi,
; other users (the store, the add) a zext of it.
; CHECK-LABEL: define void @flag_phis(
; CHECK: head:
; CHECK-NEXT: %act.flag = phi <16 x i1> [ splat (i1 true), %entry ], [ %join.flag, %latch ]
; A phi of data that is no flag stays.
; CHECK-NEXT: %data = phi <16 x i32> [ undef, %entry ], [ %d.next, %latch ]
; CHECK: %act = zext <16 x i1> %act.flag to <16 x i32>
; CHECK-NEXT: %bits = bitcast <16 x i1> %act.flag to i16
; CHECK: latch:
; CHECK-NEXT: %join.flag = phi <16 x i1> [ zeroinitializer, %last ], [ %stay, %steady ]
; CHECK-NEXT: %join = zext <16 x i1> %join.flag to <16 x i32>
; CHECK-NEXT: %d.next = add <16 x i32> %data, %act
; CHECK-NEXT: store <16 x i32> %join, ptr %p
define void @flag_phis(<16 x i1> %c, ptr %p) #0 {
entry:
  br label %head

head:
  %act = phi <16 x i32> [ splat (i32 1), %entry ], [ %join, %latch ]
  %data = phi <16 x i32> [ undef, %entry ], [ %d.next, %latch ]
  %round = phi i32 [ 0, %entry ], [ %round.next, %latch ]
  %in = icmp ne <16 x i32> %act, zeroinitializer
  %bits = bitcast <16 x i1> %in to i16
  %any = icmp ne i16 %bits, 0
  br i1 %any, label %body, label %exit

body:
  %fires = icmp eq i32 %round, 255
  br i1 %fires, label %last, label %steady

steady:
  %stay = and <16 x i1> %in, %c
  %stay.z = zext <16 x i1> %stay to <16 x i32>
  br label %latch

last:
  br label %latch

latch:
  %join = phi <16 x i32> [ zeroinitializer, %last ], [ %stay.z, %steady ]
  %d.next = add <16 x i32> %data, %act
  store <16 x i32> %join, ptr %p
  %round.next = add i32 %round, 1
  br label %head

exit:
  ret void
}

attributes #0 = { "vecclone-variant-of"="f" }
