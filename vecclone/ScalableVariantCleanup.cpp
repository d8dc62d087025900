//===- ScalableVariantCleanup.cpp - SVE variants after LV -----------------===//

#include "vecclone/ScalableVariantCleanup.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumTripCountsFolded,
          "Number of SVE variant vector trip counts folded to vscale x N");

namespace vecclone {

/// True if \p S is C * vscale with C a power of two.
static bool isPow2TimesVScale(const SCEV *S) {
  if (isa<SCEVVScale>(S))
    return true;
  const auto *M = dyn_cast<SCEVMulExpr>(S);
  if (!M || M->getNumOperands() != 2)
    return false;
  const auto *C = dyn_cast<SCEVConstant>(M->getOperand(0));
  return C && C->getAPInt().isPowerOf2() && isa<SCEVVScale>(M->getOperand(1));
}

/// Replaces each `freeze (vscale)` of \p F with the vscale; returns
/// whether there was one.
static bool unfreezeVScale(Function &F) {
  SmallVector<Instruction *, 2> Frozen;
  for (Instruction &I : instructions(F))
    if (match(&I, m_Freeze(m_VScale())))
      Frozen.push_back(&I);
  for (Instruction *I : Frozen) {
    I->replaceAllUsesWith(I->getOperand(0));
    I->eraseFromParent();
  }
  return !Frozen.empty();
}

/// A function with a scalable argument or result: vecclone's SVE variants.
static bool isScalableVariant(const Function &F) {
  if (!F.hasFnAttribute(vplanext::VariantOfAttr))
    return false;
  if (isa<ScalableVectorType>(F.getReturnType()))
    return true;
  return any_of(F.args(), [](const Argument &A) {
    return isa<ScalableVectorType>(A.getType());
  });
}

PreservedAnalyses ScalableVariantCleanupPass::run(Function &F,
                                                  FunctionAnalysisManager &AM) {
  if (!isScalableVariant(F))
    return PreservedAnalyses::all();
  // The vectorizer wrote `tc & -VF` because the target says vscale is a
  // power of two; with tc == VF == C * vscale (C a power of two) that is tc.
  if (!AM.getResult<TargetIRAnalysis>(F).isVScaleKnownToBeAPowerOfTwo())
    return PreservedAnalyses::all();
  ScalarEvolution &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  SmallVector<std::pair<Instruction *, Value *>, 2> Folds;
  for (Instruction &I : instructions(F)) {
    Value *X, *Y;
    if (!match(&I, m_And(m_Value(X), m_Value(Y))) ||
        !I.getType()->isIntegerTy())
      continue;
    const SCEV *SX = SE.getSCEV(X);
    if (!isPow2TimesVScale(SX))
      std::swap(X, Y), SX = SE.getSCEV(X);
    if (isPow2TimesVScale(SX) && SE.getSCEV(Y) == SE.getNegativeSCEV(SX))
      Folds.push_back({&I, X});
  }
  if (Folds.empty())
    return PreservedAnalyses::all();
  for (auto [I, X] : Folds) {
    LLVM_DEBUG(dbgs() << "vecclone: SVE trip count " << *I << " -> " << *X
                      << " in " << F.getName() << "\n");
    I->replaceAllUsesWith(X);
    I->eraseFromParent();
  }
  NumTripCountsFolded += Folds.size();
  AM.invalidate(F, PreservedAnalyses::none());
  // The remainder loop is dead now; once it is gone every lane array is
  // read and written whole and SROA makes it a register.
  FunctionPassManager FPM;
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  FPM.run(F, AM);
  // vscale is never poison, but InstCombine may freeze it (a gather's
  // frozen index next to the remainder test): the frozen one hides that
  // the remainder runs no iteration.
  if (unfreezeVScale(F)) {
    AM.invalidate(F, PreservedAnalyses::none());
    FPM.run(F, AM);
  }
  return PreservedAnalyses::none();
}

} // namespace vecclone
