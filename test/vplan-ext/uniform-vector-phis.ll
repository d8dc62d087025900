; A uniform loop's round loop after the vectorizer and SROA: its counter,
; resume point and "any lane active" flag go round as vector phis of splats,
; read back by extractelement and a bitcast of the flags. On every
; iteration the counter went from a general register into a vector one and
; back, on the loop's carried path: the n-body sum of bench/src ran 60%
; slower at SSE (53 -> 34 ns an element) and 30% at AVX-512. The pass
; computes such phis as scalars.
; RUN: %opt -passes=vplan-uniform-vector-phis -S < %s | FileCheck %s

; What the phis start from is computed once, before the loop: it stays, and
; its first lane is read.
; CHECK-LABEL: define <4 x float> @round(
; CHECK:       [[ACT0V:%.*]] = select i1 %has, <4 x i1> splat (i1 true), <4 x i1> zeroinitializer
; CHECK-NEXT:  [[ACT0:%.*]] = extractelement <4 x i1> [[ACT0V]], i64 0
; CHECK:       [[J:%.*]] = phi i64 [ 0, %entry ], [ [[NEXT:%.*]], %body ]
; CHECK-NEXT:  [[R:%.*]] = phi i64 [ 0, %entry ], [ 1, %body ]
; CHECK-NEXT:  [[ACT:%.*]] = phi i1 [ [[ACT0]], %entry ], [ [[ACT1:%.*]], %body ]
; CHECK-NOT:   phi <4 x i64>
; CHECK-NOT:   phi <4 x i1>
; CHECK:       [[SX:%.*]] = sext i1 [[ACT]] to i4
; CHECK-NEXT:  icmp eq i4 [[SX]], 0
; CHECK:       icmp eq i64 [[R]], 0
; CHECK:       [[NEXT]] = add nuw nsw i64 [[J]], 1
; CHECK-NOT:   extractelement
; CHECK-NOT:   shufflevector <4 x i64>
; CHECK:       br label %head
define <4 x float> @round(<4 x float> %x, ptr %p, i32 %n) #0 {
entry:
  %has = icmp sgt i32 %n, 0
  %act0 = select i1 %has, <4 x i1> splat (i1 true), <4 x i1> zeroinitializer
  %nn = zext nneg i32 %n to i64
  br label %head

head:
  %j = phi <4 x i64> [ zeroinitializer, %entry ], [ %j.next, %body ]
  %res = phi <4 x i64> [ zeroinitializer, %entry ], [ splat (i64 1), %body ]
  %act = phi <4 x i1> [ %act0, %entry ], [ %act1, %body ]
  %sum = phi <4 x float> [ zeroinitializer, %entry ], [ %sum1, %body ]
  %bits = bitcast <4 x i1> %act to i4
  %none = icmp eq i4 %bits, 0
  br i1 %none, label %exit, label %body

exit:
  %r0 = extractelement <4 x i64> %res, i64 0
  %skipped = icmp eq i64 %r0, 0
  %out = select i1 %skipped, <4 x float> zeroinitializer, <4 x float> %sum
  ret <4 x float> %out

body:
  %j0 = extractelement <4 x i64> %j, i64 0
  %j1 = add nuw nsw i64 %j0, 1
  %last = icmp eq i64 %j1, %nn
  %a = getelementptr float, ptr %p, i64 %j0
  %v = load float, ptr %a, align 4
  %vi = insertelement <4 x float> poison, float %v, i64 0
  %vs = shufflevector <4 x float> %vi, <4 x float> poison, <4 x i32> zeroinitializer
  %act1 = select i1 %last, <4 x i1> zeroinitializer, <4 x i1> splat (i1 true)
  %ji = insertelement <4 x i64> poison, i64 %j1, i64 0
  %j.next = shufflevector <4 x i64> %ji, <4 x i64> poison, <4 x i32> zeroinitializer
  %d = fsub <4 x float> %vs, %x
  %sum1 = fadd <4 x float> %sum, %d
  br label %head
}

; The flags tested with a reduction, and kept through a compare and a
; vector select: still one common value.
; CHECK-LABEL: define i1 @reduced(
; CHECK:       [[F:%.*]] = phi i1 [ true, %entry ], [ [[F1:%.*]], %body ]
; CHECK:       br i1 [[F]], label %body, label %exit
; CHECK-NOT:   <4 x i32>
; CHECK:       ret i1
define i1 @reduced(i32 %n) #0 {
entry:
  br label %head

head:
  %k = phi <4 x i32> [ zeroinitializer, %entry ], [ %k1, %body ]
  %f = phi <4 x i1> [ splat (i1 true), %entry ], [ %f1, %body ]
  %any = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %f)
  br i1 %any, label %body, label %exit

body:
  %k1 = add <4 x i32> %k, splat (i32 1)
  %ni = insertelement <4 x i32> poison, i32 %n, i64 0
  %ns = shufflevector <4 x i32> %ni, <4 x i32> poison, <4 x i32> zeroinitializer
  %lt = icmp slt <4 x i32> %k1, %ns
  %f1 = select <4 x i1> %lt, <4 x i1> splat (i1 true), <4 x i1> zeroinitializer
  br label %head

exit:
  %k0 = extractelement <4 x i32> %k, i64 2
  %odd = trunc i32 %k0 to i1
  ret i1 %odd
}

; A splat phi that vector arithmetic also reads stays a vector (a scalar
; phi would need a broadcast every iteration).
; CHECK-LABEL: define <4 x i32> @readbyvector(
; CHECK:       phi <4 x i32>
define <4 x i32> @readbyvector(<4 x i32> %v, i32 %n) #0 {
entry:
  br label %head

head:
  %k = phi <4 x i32> [ zeroinitializer, %entry ], [ %k1, %head ]
  %acc = phi <4 x i32> [ %v, %entry ], [ %acc1, %head ]
  %k1 = add <4 x i32> %k, splat (i32 1)
  %acc1 = add <4 x i32> %acc, %k
  %k0 = extractelement <4 x i32> %k1, i64 0
  %done = icmp eq i32 %k0, %n
  br i1 %done, label %exit, label %head

exit:
  ret <4 x i32> %acc1
}

; A phi whose lanes may differ stays.
; CHECK-LABEL: define i32 @lanes(
; CHECK:       phi <4 x i32>
define i32 @lanes(<4 x i32> %v, i32 %n) #0 {
entry:
  br label %head

head:
  %k = phi <4 x i32> [ %v, %entry ], [ %k1, %head ]
  %k1 = add <4 x i32> %k, splat (i32 1)
  %k0 = extractelement <4 x i32> %k1, i64 0
  %done = icmp sgt i32 %k0, %n
  br i1 %done, label %exit, label %head

exit:
  ret i32 %k0
}

; Only vecclone's variants and functions with vplan-ext lane loops.
; CHECK-LABEL: define i1 @user(
; CHECK:       phi <4 x i1>
define i1 @user(i32 %n) {
entry:
  br label %head

head:
  %f = phi <4 x i1> [ splat (i1 true), %entry ], [ zeroinitializer, %head ]
  %any = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %f)
  br i1 %any, label %head, label %exit

exit:
  ret i1 %any
}

attributes #0 = { "vecclone-variant-of"="f" }
