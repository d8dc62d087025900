//===- DeclareSimdRedecls.h - declare simd on every redeclaration ---------===//
//
/// \file
/// Clang attaches a function's `_ZGV` names when it first makes the LLVM
/// function, from the `declare simd` attributes of the declaration in hand at
/// that moment — and only the declarations that carry the pragma have them.
/// A definition after an in-class or header declaration (or a plain
/// redeclaration before a call) is usually that first declaration, so the
/// names were lost. This consumer runs ahead of code generation and gives
/// every redeclaration the clauses of the earlier ones, their parameter
/// references rewritten to its own parameters. It also has each AArch64
/// `declare simd` function annotated with its declared pointee sizes
/// (PointeeSizes.h), which the IR does not keep.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_FRONTEND_DECLARESIMDREDECLS_H
#define VECCLONE_FRONTEND_DECLARESIMDREDECLS_H

#include "clang/AST/ASTConsumer.h"
#include "llvm/ADT/DenseMap.h"

namespace clang {
class ASTContext;
class Attr;
class Decl;
class FunctionDecl;
class OMPDeclareSimdDeclAttr;
} // namespace clang

namespace vecclone {

class DeclareSimdRedeclsConsumer : public clang::ASTConsumer {
public:
  void Initialize(clang::ASTContext &Context) override { Ctx = &Context; }
  bool HandleTopLevelDecl(clang::DeclGroupRef DG) override;
  void HandleInlineFunctionDefinition(clang::FunctionDecl *FD) override;
  void HandleCXXImplicitFunctionInstantiation(clang::FunctionDecl *FD) override;

  /// How many attributes were copied (for tests and -print-stats).
  unsigned copied() const { return NumCopied; }

private:
  void visit(clang::Decl *D);
  void inherit(clang::FunctionDecl *FD);
  /// The attribute written in the source that \p A is (or is a copy of).
  const clang::Attr *origin(const clang::Attr *A) const {
    const clang::Attr *O = OriginOf.lookup(A);
    return O ? O : A;
  }
  clang::OMPDeclareSimdDeclAttr *
  cloneFor(const clang::OMPDeclareSimdDeclAttr *A, clang::FunctionDecl *FD);

  clang::ASTContext *Ctx = nullptr;
  /// Copy -> the attribute written in the source it stands for, so a
  /// declaration inherits each pragma once however long the chain.
  llvm::DenseMap<const clang::Attr *, const clang::Attr *> OriginOf;
  unsigned NumCopied = 0;
};

} // namespace vecclone

#endif
