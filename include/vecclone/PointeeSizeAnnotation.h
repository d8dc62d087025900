//===- PointeeSizeAnnotation.h - Declared pointee sizes, front end to IR
//---===//
//
/// \file
/// vfabia64's narrowest data size (NDS), which sizes the lanes of an AdvSIMD
/// mask, counts what a uniform or linear pointer parameter points to. The
/// IR's opaque pointers do not say it, and a body that never uses the
/// pointer does not show it, so the front-end plugin (frontend/) writes the
/// declared sizes into an implicit `annotate` attribute of each AArch64
/// `declare simd` function with pointer parameters; clang emits it into
/// `llvm.global.annotations`, and the pass plugin's first pass moves it into
/// function metadata and deletes the annotation, so nothing else sees it.
///
/// The annotation text is this prefix followed by `ARGNO=BITS` pairs
/// separated by commas: ARGNO the IR argument number of a pointer parameter
/// (the C++ `this` first), BITS the size vfabia64 counts for it: the
/// pointee's size for a pointee passed by value (an integer, a floating
/// point type or a pointer of 8 to 128 bits), else a pointer's (64).
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_POINTEESIZEANNOTATION_H
#define VECCLONE_POINTEESIZEANNOTATION_H

namespace vecclone {

inline constexpr const char *PointeeSizeAnnotationPrefix =
    "vecclone.private.pointee.bits:";

} // namespace vecclone

#endif // VECCLONE_POINTEESIZEANNOTATION_H
