; Malformed or unsupported _ZGV attributes: a warning naming the function and
; the attribute, the scalar function untouched, every valid variant of the
; same and other functions still defined.
; RUN: %opt -passes=vecclone -S < %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define float @f(float %x) #0 {
  %r = fadd float %x, 1.0
  ret float %r
}
define x86_fp80 @ld(x86_fp80 %x) #1 { ret x86_fp80 %x }
; Variadic: the variants take the named parameters, as gcc's clones do...
define i32 @va(i32 %n, ...) #2 { ret i32 %n }
; ...unless the body reads the others, which no variant receives.
define i32 @vs(i32 %n, ...) #9 {
  %ap = alloca [24 x i8]
  call void @llvm.va_start.p0(ptr %ap)
  %x = va_arg ptr %ap, i32
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %x
}
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
define i128 @wideint(i128 %x) #3 { ret i128 %x }
define <2 x float> @cplx(<2 x float> %z) #4 { ret <2 x float> %z }
define float @linfloat(float %x) #5 { ret float %x }
; The variable step refers to a vector parameter, not a uniform one.
define i32 @badstep(i32 %a, i32 %s) #6 { ret i32 %a }
; A variable step on a pointer whose pointee type nothing in the body says.
define void @opaque(ptr %p, i32 %s) #7 {
  call void @sink(ptr %p)
  ret void
}
declare void @sink(ptr)
; struct big { double d[4]; }; double sum(struct big b) -- byval
%struct.big = type { [4 x double] }
define double @sum(ptr byval(%struct.big) align 8 %b) #8 { ret double 0.0 }

attributes #0 = { nounwind "_ZGVqN4v_f" "_ZGVbX4v_f" "_ZGVbN3v_f" "_ZGVbNxv_f" "_ZGVbN4vv_f" "_ZGVbN4v_g" "_ZGVbN4v_f" "_ZGVdN8v_f" }
attributes #1 = { nounwind "_ZGVbN2v_ld" }
attributes #2 = { nounwind "_ZGVbN4u_va" }
attributes #3 = { nounwind "_ZGVbN2v_wideint" }
attributes #4 = { nounwind "_ZGVbN2v_cplx" }
attributes #5 = { nounwind "_ZGVbN4l_linfloat" }
attributes #6 = { nounwind "_ZGVbN4ls1v_badstep" }
attributes #7 = { nounwind "_ZGVbN4ls1u_opaque" }
attributes #8 = { nounwind "_ZGVbN2v_sum" }
attributes #9 = { nounwind "_ZGVbN4u_vs" }

; The scalar function is unchanged and keeps its attributes.
; CHECK-LABEL: define float @f(float %x) #0 {
; CHECK-NEXT:    %r = fadd float %x, 1.000000e+00
; CHECK-NEXT:    ret float %r
; The valid variants exist; nothing else was defined.
; CHECK:       define <4 x float> @_ZGVbN4v_f(<4 x float> %x)
; CHECK:       define <8 x float> @_ZGVdN8v_f(<8 x float> %x)
; CHECK:       define <4 x i32> @_ZGVbN4u_va(i32 %n)
; CHECK-NOT:   define {{.*}}@_ZGV
; CHECK:       attributes #0 = { nounwind "_ZGVbN3v_f" "_ZGVbN4v_f" "_ZGVbN4v_g" "_ZGVbN4vv_f" "_ZGVbNxv_f" "_ZGVbX4v_f" "_ZGVdN8v_f" "_ZGVqN4v_f" }

; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVqN4v_f' on 'f': ISA class 'q' is not a class of the vector ABI (x86: b, c, d, e; AArch64: n, s)
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbX4v_f' on 'f': mask token must be N or M
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN3v_f' on 'f': vector length 3 is not a power of two between 1 and 1024
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbNxv_f' on 'f': vector length must be a decimal number (scalable 'x' is not valid on x86)
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN4vv_f' on 'f': parameter tokens 'vv' do not describe the 1 parameter(s) of 'f'
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN4v_g' on 'f': names function 'g' but is attached to 'f'
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN2v_ld' on 'ld': return type has no vector form in the x86 vector ABI
; WARN-DAG: warning: {{.*}}vecclone: cannot define '_ZGVbN4u_vs' for 'vs': the body reads its variadic arguments (va_start), which a vector variant does not receive
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN2v_wideint' on 'wideint': return type has no vector form in the x86 vector ABI
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN2v_cplx' on 'cplx': return type has no vector form in the x86 vector ABI
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN4l_linfloat' on 'linfloat': parameter 1 is linear but has a floating-point type
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN4ls1v_badstep' on 'badstep': variable linear step refers to parameter 2, which is not a uniform integer parameter
; WARN-DAG: warning: {{.*}}vecclone: cannot define '_ZGVbN4ls1u_opaque' for 'opaque': cannot tell the type parameter 1 points to (its linear step is counted in that type)
; WARN-DAG: warning: {{.*}}vecclone: ignoring vector variant attribute '_ZGVbN2v_sum' on 'sum': parameter 1 is an aggregate passed in memory, which has no vector form
