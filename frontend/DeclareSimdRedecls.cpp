//===- DeclareSimdRedecls.cpp - declare simd on every redeclaration -------===//

#include "frontend/DeclareSimdRedecls.h"
#include "frontend/PointeeSizes.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;
using llvm::SmallPtrSet;
using llvm::SmallVector;
using llvm::SmallVectorImpl;
using namespace vecclone;

bool DeclareSimdRedeclsConsumer::HandleTopLevelDecl(DeclGroupRef DG) {
  for (Decl *D : DG)
    visit(D);
  return true;
}

void DeclareSimdRedeclsConsumer::HandleInlineFunctionDefinition(
    FunctionDecl *FD) {
  inherit(FD);
}

void DeclareSimdRedeclsConsumer::HandleCXXImplicitFunctionInstantiation(
    FunctionDecl *FD) {
  inherit(FD);
}

void DeclareSimdRedeclsConsumer::visit(Decl *D) {
  if (auto *FTD = dyn_cast<FunctionTemplateDecl>(D))
    return inherit(FTD->getTemplatedDecl());
  if (auto *FD = dyn_cast<FunctionDecl>(D))
    return inherit(FD);
  // Out-of-class definitions inside a namespace or `extern "C++" {}` reach
  // the consumer as that one enclosing declaration.
  if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl>(D))
    for (Decl *Inner : cast<DeclContext>(D)->decls())
      visit(Inner);
}

/// The declarations whose pragmas \p FD must carry: its earlier
/// redeclarations, and for a member of a class template specialization the
/// member it was instantiated from (a template specialization takes its
/// pattern's attributes from Sema itself).
static SmallVector<const FunctionDecl *, 4>
pragmaSources(const FunctionDecl *FD) {
  SmallVector<const FunctionDecl *, 4> Sources;
  for (const FunctionDecl *P = FD->getPreviousDecl(); P;
       P = P->getPreviousDecl())
    Sources.push_back(P);
  if (const FunctionDecl *From = FD->getInstantiatedFromMemberFunction())
    for (const FunctionDecl *R : From->redecls())
      Sources.push_back(R);
  return Sources;
}

void DeclareSimdRedeclsConsumer::inherit(FunctionDecl *FD) {
  if (!FD)
    return;
  SmallPtrSet<const Attr *, 4> Have;
  for (const auto *A : FD->specific_attrs<OMPDeclareSimdDeclAttr>())
    Have.insert(origin(A));
  for (const FunctionDecl *Source : pragmaSources(FD)) {
    if (Source->getNumParams() != FD->getNumParams())
      continue;
    for (const auto *A : Source->specific_attrs<OMPDeclareSimdDeclAttr>()) {
      const Attr *Origin = origin(A);
      if (!Have.insert(Origin).second)
        continue;
      OMPDeclareSimdDeclAttr *Copy = cloneFor(A, FD);
      if (!Copy)
        continue;
      FD->addAttr(Copy);
      OriginOf[Copy] = Origin;
      ++NumCopied;
    }
  }
  // After the copies: a definition whose pragma sits on a header
  // declaration needs the sizes too.
  annotatePointeeSizes(*Ctx, FD);
}

/// \p E names a parameter of the declaration the pragma was written on;
/// return the same reference to \p FD's parameter at that position. Code
/// generation finds a clause's parameter by the declaration it names, so a
/// clause copied unchanged would point at nothing of \p FD's.
static Expr *retarget(ASTContext &Ctx, Expr *E, FunctionDecl *FD) {
  if (!E)
    return E;
  auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  auto *PVD = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!PVD)
    return E; // `this` and constants mean the same on every declaration.
  unsigned Index = PVD->getFunctionScopeIndex();
  if (Index >= FD->getNumParams())
    return nullptr;
  ParmVarDecl *Own = FD->getParamDecl(Index);
  return DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(),
                             Own, /*RefersToEnclosingVariableOrCapture=*/false,
                             DRE->getLocation(), Own->getType(), VK_LValue);
}

/// Whether a clause of \p A depends on a template parameter: the pragma of
/// a template's pattern (`aligned(a : N * 2)`), which Sema instantiates
/// for each specialization itself. Copied as it is, code generation would
/// evaluate `N * 2` and crash.
static bool isDependent(const OMPDeclareSimdDeclAttr *A) {
  auto Dependent = [](const Expr *E) {
    return E && E->isInstantiationDependent();
  };
  return Dependent(A->getSimdlen()) || any_of(A->uniforms(), Dependent) ||
         any_of(A->aligneds(), Dependent) ||
         any_of(A->alignments(), Dependent) ||
         any_of(A->linears(), Dependent) || any_of(A->steps(), Dependent);
}

OMPDeclareSimdDeclAttr *
DeclareSimdRedeclsConsumer::cloneFor(const OMPDeclareSimdDeclAttr *A,
                                     FunctionDecl *FD) {
  if (isDependent(A))
    return nullptr;
  auto Retarget = [&](auto Range, SmallVectorImpl<Expr *> &Out) {
    for (Expr *E : Range) {
      Expr *R = retarget(*Ctx, E, FD);
      if (E && !R)
        return false;
      Out.push_back(R);
    }
    return true;
  };
  SmallVector<Expr *, 4> Uniforms, Aligneds, Alignments, Linears, Steps;
  if (!Retarget(A->uniforms(), Uniforms) ||
      !Retarget(A->aligneds(), Aligneds) ||
      !Retarget(A->linears(), Linears) || !Retarget(A->steps(), Steps))
    return nullptr;
  Alignments.append(A->alignments_begin(), A->alignments_end());
  SmallVector<unsigned, 4> Modifiers(A->modifiers_begin(), A->modifiers_end());
  return OMPDeclareSimdDeclAttr::CreateImplicit(
      *Ctx, A->getBranchState(), A->getSimdlen(), Uniforms.data(),
      Uniforms.size(), Aligneds.data(), Aligneds.size(), Alignments.data(),
      Alignments.size(), Linears.data(), Linears.size(), Modifiers.data(),
      Modifiers.size(), Steps.data(), Steps.size(), A->getRange());
}
