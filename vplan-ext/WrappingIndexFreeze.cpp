//===- WrappingIndexFreeze.cpp - Gathers for indices that wrap ------------===//
//
// freezeWrappingIndices (LaneLoopPrep.h): a frozen index hides the
// recurrence from SCEV, so the vectorizer adds no no-wrap check that would
// always fail and makes a gather instead.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopPrep.h"
#include "vplan-ext/StrideAnalysis.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-lane-prep"

STATISTIC(NumWrappingFrozen,
          "Lane-loop accesses whose wrapping narrow index was frozen");

namespace vplanext {

Use *singleVaryingIndex(GetElementPtrInst &GEP, const Loop &L) {
  Use *Varying = nullptr;
  for (Use &U : GEP.indices()) {
    if (L.isLoopInvariant(U.get()))
      continue;
    if (Varying)
      return nullptr;
    Varying = &U;
  }
  return Varying;
}

/// The use to freeze so that SCEV no longer sees \p PtrUse's address as a
/// recurrence of \p L: the one index of its GEP that varies in the loop,
/// or the pointer operand itself.
static Use &indexToFreeze(Use &PtrUse, const Loop &L) {
  auto *GEP = dyn_cast<GetElementPtrInst>(PtrUse.get());
  if (!GEP || !L.contains(GEP) || !L.isLoopInvariant(GEP->getPointerOperand()))
    return PtrUse;
  Use *Varying = singleVaryingIndex(*GEP, L);
  return Varying ? *Varying : PtrUse;
}

unsigned freezeWrappingIndices(Function &F, DominatorTree &DT, LoopInfo &LI,
                               ArrayRef<Loop *> LaneLoops) {
  TargetLibraryInfoImpl TLII(F.getParent()->getTargetTriple());
  TargetLibraryInfo TLI(TLII, &F);
  AssumptionCache AC(F);
  ScalarEvolution SE(F, TLI, AC, DT, LI);
  SmallVector<Use *, 4> ToFreeze;
  for (Loop *L : LaneLoops)
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB) {
        if (!isa<LoadInst, StoreInst>(I))
          continue;
        // Each address on its own predicates, as the vectorizer's check
        // fails if any one of them does.
        unsigned PtrIdx = isa<LoadInst>(I) ? 0 : 1;
        bool Wraps = false;
        laneRecurrenceIfNoWrap(SE, *L, I.getOperand(PtrIdx), Wraps);
        if (Wraps)
          ToFreeze.push_back(&indexToFreeze(I.getOperandUse(PtrIdx), *L));
      }
  unsigned Frozen = 0;
  for (Use *U : ToFreeze) {
    if (isa<FreezeInst>(U->get()))
      continue; // a GEP two accesses share
    auto *User = cast<Instruction>(U->getUser());
    IRBuilder<> B(User);
    U->set(B.CreateFreeze(U->get(), U->get()->getName() + ".wraps"));
    ++Frozen;
  }
  NumWrappingFrozen += Frozen;
  return Frozen;
}

} // namespace vplanext
