//===- PointeeSizes.h - Declared pointee sizes for the AdvSIMD mask -------===//
//
/// \file
/// Writes the sizes vfabia64's narrowest data size counts for the pointer
/// parameters of an AArch64 `declare simd` function into an annotation the
/// pass plugin reads (vecclone/PointeeSizeAnnotation.h): the source types
/// say what a pointer points to, which the IR may not.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_FRONTEND_POINTEESIZES_H
#define VECCLONE_FRONTEND_POINTEESIZES_H

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace vecclone {

/// Adds the annotation to \p FD when the target is AArch64, \p FD carries
/// `declare simd` and has a pointer parameter, and it has none yet.
void annotatePointeeSizes(clang::ASTContext &Ctx, clang::FunctionDecl *FD);

} // namespace vecclone

#endif
