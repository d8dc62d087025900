//===- PointeeSizes.cpp - Declared pointee sizes for the AdvSIMD mask -----===//

#include "frontend/PointeeSizes.h"
#include "vecclone/PointeeSizeAnnotation.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

/// The size vfabia64 counts for a uniform or linear parameter of pointer
/// type \p T: its pointee's when the pointee is passed by value (an
/// integer, floating-point or pointer type of 8, 16, 32, 64 or 128 bits),
/// else a pointer's, as clang 22 computes it for its own AdvSIMD lengths.
static uint64_t countedPointeeBits(ASTContext &Ctx, QualType T) {
  QualType Pointee = T->getPointeeType().getCanonicalType();
  uint64_t PointerBits = Ctx.getTypeSize(Ctx.getUIntPtrType());
  // void and forward-declared structs have no size; neither is passed by
  // value.
  if (Pointee->isIncompleteType() ||
      !(Pointee->isFloatingType() || Pointee->isIntegerType() ||
        Pointee->isPointerType()))
    return PointerBits;
  uint64_t Bits = Ctx.getTypeSize(Pointee);
  if (Bits != 8 && Bits != 16 && Bits != 32 && Bits != 64 && Bits != 128)
    return PointerBits;
  return Bits;
}

void vecclone::annotatePointeeSizes(ASTContext &Ctx, FunctionDecl *FD) {
  // Only AdvSIMD masks count pointees; a template's parameter types may
  // still depend on its arguments (each instantiation gets its own).
  if (!Ctx.getTargetInfo().getTriple().isAArch64() ||
      !FD->hasAttr<OMPDeclareSimdDeclAttr>() || FD->isDependentContext())
    return;
  for (const auto *A : FD->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation().starts_with(PointeeSizeAnnotationPrefix))
      return;
  // The IR passes `this` first.
  unsigned First = 0;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->isInstance())
    First = 1;
  std::string Text = PointeeSizeAnnotationPrefix;
  llvm::raw_string_ostream OS(Text);
  bool Any = false;
  for (const ParmVarDecl *P : FD->parameters()) {
    QualType T = P->getType().getCanonicalType();
    if (!T->isPointerType())
      continue;
    OS << (Any ? "," : "") << First + P->getFunctionScopeIndex() << '='
       << countedPointeeBits(Ctx, T);
    Any = true;
  }
  if (Any)
    FD->addAttr(AnnotateAttr::CreateImplicit(Ctx, OS.str(), nullptr, 0));
}
