; Variants follow the scalar's linkage (C++ inline functions, linkonce_odr:
; weak_odr, as gcc's, in a comdat of their own, since nothing in the file
; calls them and linkonce ones would be dropped), replace an existing declaration of their name, and
; keep valid debug info when the body is inlined.
; RUN: %opt -passes='vecclone,verify' -S < %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$_Z3sqrf = comdat any

define linkonce_odr float @_Z3sqrf(float %x) #0 comdat {
  %r = fmul float %x, %x
  ret float %r
}

define internal float @hidden(float %x) #1 {
  %r = fadd float %x, 1.0
  ret float %r
}

; Someone in this module already calls the variant through a declaration.
declare <4 x float> @_ZGVbN4v_dbg(<4 x float>)
define <4 x float> @user(<4 x float> %v) {
  %r = call <4 x float> @_ZGVbN4v_dbg(<4 x float> %v)
  ret <4 x float> %r
}

define float @dbg(float %x) #2 !dbg !5 {
  %r = fmul float %x, 2.0, !dbg !8
  ret float %r, !dbg !8
}

attributes #0 = { nounwind "_ZGVbN4v__Z3sqrf" }
attributes #1 = { nounwind "_ZGVbN4v_hidden" }
attributes #2 = { nounwind "_ZGVbN4v_dbg" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "dbg.c", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "dbg", scope: !1, file: !1, line: 3, type: !6, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 4, column: 3, scope: !5)

; CHECK: $_ZGVbN4v__Z3sqrf = comdat any
; CHECK-LABEL: define <4 x float> @user(
; CHECK-NEXT:    call <4 x float> @_ZGVbN4v_dbg(<4 x float> %v)
; CHECK-LABEL: define weak_odr <4 x float> @_ZGVbN4v__Z3sqrf(<4 x float> %x) #{{[0-9]+}} comdat {
; CHECK-LABEL: define internal <4 x float> @_ZGVbN4v_hidden(
; CHECK-LABEL: define <4 x float> @_ZGVbN4v_dbg(<4 x float> %x)
; CHECK-SAME:    !dbg [[VSP:![0-9]+]] {
; CHECK:         fmul float {{.*}}, !dbg [[INL:![0-9]+]]
; CHECK-NOT:   declare <4 x float> @_ZGVbN4v_dbg
; CHECK: [[VSP]] = distinct !DISubprogram(name: "_ZGVbN4v_dbg", linkageName: "_ZGVbN4v_dbg", {{.*}}flags: DIFlagArtificial
; CHECK: [[INL]] = !DILocation(line: 4, column: 3, scope: !{{[0-9]+}}, inlinedAt:
