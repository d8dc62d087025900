//===- PointeeTypes.cpp - What a pointer parameter points to --------------===//

#include "vecclone/PointeeTypes.h"
#include "vecclone/VariantSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumRecordedPointees,
          "Number of pointer parameters whose pointee type was recorded "
          "before optimization");

namespace vecclone {

static constexpr const char *PointeeMD = "vecclone.pointee.types";

/// The type \p A points to from how the body uses it; null when the uses
/// disagree or say nothing.
static Type *inferFromUses(const Argument *A) {
  Type *Found = nullptr;
  auto Note = [&](Type *T) {
    if (!T || (Found && Found != T))
      return false;
    Found = T;
    return true;
  };
  // At -O0 the argument is first spilled to its own stack slot: follow the
  // pointer through the slot's reloads.
  SmallVector<const Value *, 4> Work = {A};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *P = Work.pop_back_val();
    if (!Seen.insert(P).second)
      continue;
    for (const User *U : P->users()) {
      Type *T = nullptr;
      if (auto *L = dyn_cast<LoadInst>(U))
        T = L->getType();
      else if (auto *S = dyn_cast<StoreInst>(U);
               S && S->getPointerOperand() == P)
        T = S->getValueOperand()->getType();
      else if (auto *S = dyn_cast<StoreInst>(U);
               S && isa<AllocaInst>(S->getPointerOperand())) {
        for (const User *SU : S->getPointerOperand()->users())
          if (auto *Reload = dyn_cast<LoadInst>(SU);
              Reload && Reload->getType()->isPointerTy())
            Work.push_back(Reload);
        continue;
      } else if (auto *G = dyn_cast<GetElementPtrInst>(U);
                 G && G->getPointerOperand() == P) {
        if (G->getSourceElementType()->isIntegerTy(8)) {
          // An i8 GEP says nothing by itself, but `b[0]` on a `char *` is
          // the same address, whose loads and stores tell the type (fuzz
          // seed 190376's only use at -O0). Only char GEPs are followed: a
          // struct's first field must not stand for the struct.
          if (G->getNumIndices() == 1 && G->hasAllZeroIndices())
            Work.push_back(G);
          continue;
        }
        T = G->getSourceElementType();
      } else {
        continue;
      }
      if (!Note(T))
        return nullptr;
    }
  }
  return Found;
}

/// The type recorded for \p A before optimization, if any.
static Type *recorded(const Argument &A) {
  const MDNode *N = A.getParent()->getMetadata(PointeeMD);
  if (!N)
    return nullptr;
  for (unsigned I = 0; I + 1 < N->getNumOperands(); I += 2) {
    auto *No = mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(I));
    auto *Ty = dyn_cast_or_null<ConstantAsMetadata>(N->getOperand(I + 1));
    if (No && Ty && No->getZExtValue() == A.getArgNo())
      return Ty->getValue()->getType();
  }
  return nullptr;
}

Type *pointeeType(const Argument &A) {
  if (Type *T = recorded(A))
    return T;
  if (Type *T = inferFromUses(&A))
    return T;
  // No lane's value of an unused parameter is ever read: any unit will do
  // (a body that folded to a constant; fuzz seed 150143).
  if (A.use_empty())
    return Type::getInt8Ty(A.getContext());
  return nullptr;
}

PreservedAnalyses RecordPointeeTypesPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  for (Function &F : M) {
    if (F.isDeclaration() || !hasVariantAttributes(F) ||
        F.getMetadata(PointeeMD))
      continue;
    SmallVector<Metadata *, 8> Ops;
    LLVMContext &Ctx = F.getContext();
    for (Argument &A : F.args()) {
      if (!A.getType()->isPointerTy())
        continue;
      Type *T = inferFromUses(&A);
      if (!T)
        continue;
      Ops.push_back(ConstantAsMetadata::get(
          ConstantInt::get(Type::getInt32Ty(Ctx), A.getArgNo())));
      Ops.push_back(ConstantAsMetadata::get(PoisonValue::get(T)));
      ++NumRecordedPointees;
    }
    if (Ops.empty())
      continue;
    F.setMetadata(PointeeMD, MDNode::get(Ctx, Ops));
  }
  // Metadata only: no analysis sees it.
  return PreservedAnalyses::all();
}

} // namespace vecclone
