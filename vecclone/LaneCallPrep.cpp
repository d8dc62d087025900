//===- LaneCallPrep.cpp - Calls of an inlined variant body ----------------===//
//
/// \file
/// Hoisting uses Loop::makeLoopInvariant, which moves only instructions that
/// are safe to execute speculatively and read no memory (with their operands
/// when those qualify too): a call there is a `speculatable` intrinsic, so
/// running it once before the lanes, also for a masked variant whose lanes
/// are all inactive, changes nothing but the cost. Calls inside an inner
/// loop of the lane loop count as conditional: after fission they run in a
/// lane loop predicated on the lanes still iterating.
//
//===----------------------------------------------------------------------===//

#include "vecclone/LaneCallPrep.h"
#include "vecclone/LaneCalls.h"
#include "vecclone/VariantSet.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumHoistedCalls, "Number of lane-invariant calls run once per "
                           "variant call instead of once per lane");
STATISTIC(NumNoLaneVariant, "Number of calls of declare-simd functions left "
                            "to run lane by lane inside variants");

namespace vecclone {

static unsigned hoistInvariantCalls(Loop &Lane, ArrayRef<CallBase *> Calls,
                                    SetVector<StringRef> &Callees) {
  unsigned N = 0;
  for (CallBase *CB : Calls) {
    Function *Callee = CB->getCalledFunction();
    if (!Callee || CB->getType()->isVoidTy())
      continue;
    bool Changed = false;
    if (Lane.makeLoopInvariant(CB, Changed) && Changed) {
      ++N;
      Callees.insert(Callee->getName());
    }
  }
  return N;
}

LaneCallPrep prepareLaneCalls(Function &V, BasicBlock *LaneHeader, unsigned VF,
                              const TargetLibraryInfo &TLI) {
  LaneCallPrep Out;
  DominatorTree DT(V);
  LoopInfo LI(DT);
  Loop *Lane = LI.getLoopFor(LaneHeader);
  if (!Lane || Lane->getHeader() != LaneHeader || !Lane->getLoopLatch())
    return Out;
  SmallVector<CallBase *, 16> Calls;
  for (BasicBlock *BB : Lane->blocks())
    for (Instruction &I : *BB)
      if (auto *CB = dyn_cast<CallBase>(&I); CB && !isa<DbgInfoIntrinsic>(CB))
        Calls.push_back(CB);

  SetVector<StringRef> Hoisted;
  Out.NumHoisted = hoistInvariantCalls(*Lane, Calls, Hoisted);
  NumHoistedCalls += Out.NumHoisted;
  for (StringRef C : Hoisted)
    Out.HoistedCallees += (Out.HoistedCallees.empty() ? "'" : ", '") +
                          C.str() + "'";

  BasicBlock *Latch = Lane->getLoopLatch();
  for (CallBase *CB : Calls) {
    Function *Callee = CB->getCalledFunction();
    // The lane loop's own per-lane call of a body it could not inline is
    // nobuiltin: it must never be mapped back onto a variant.
    if (!Callee || isa<IntrinsicInst>(CB) || CB->isNoBuiltin() ||
        !Lane->contains(CB) || !hasVariantAttributes(*Callee))
      continue;
    BasicBlock *BB = CB->getParent();
    bool Conditional = LI.getLoopFor(BB) != Lane || !DT.dominates(BB, Latch);
    std::string Why = whyNoLaneVariant(*CB, VF, Conditional, TLI);
    if (Why.empty())
      continue;
    CB->addFnAttr(
        Attribute::get(V.getContext(), vplanext::NoLaneVariantAttr));
    ++NumNoLaneVariant;
    Out.NoVariant.push_back({CB->getDebugLoc(), Callee->getName().str(),
                             std::move(Why)});
  }
  return Out;
}

} // namespace vecclone
