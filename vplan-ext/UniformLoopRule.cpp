//===- UniformLoopRule.cpp - When the lanes run an inner loop together ----===//

#include "vplan-ext/UniformLoopRule.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace vplanext {

/// The recursion of isUniformLaneValue: \p Memo keeps each instruction's
/// answer, so an unrolled recurrence (`y = (y + c / y) / 2` four times,
/// each step reading y twice) costs its size, not two to the power of its
/// depth; \p Depth only bounds the stack.
static bool isUniformIn(const Value *V, const LaneBodyView &Body,
                        const SmallPtrSetImpl<PHINode *> &Phis,
                        DenseMap<const Instruction *, bool> &Memo,
                        unsigned Depth) {
  if (Body.IsOutside(V))
    return true;
  if (auto *PN = dyn_cast<PHINode>(V); PN && Phis.count(PN))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 256 || !Body.InAOrI(I) || isa<PHINode>(I) ||
      I->mayReadOrWriteMemory() || I->mayHaveSideEffects())
    return false;
  if (auto It = Memo.find(I); It != Memo.end())
    return It->second;
  bool Uniform = all_of(I->operands(), [&](const Value *Op) {
    return isUniformIn(Op, Body, Phis, Memo, Depth + 1);
  });
  Memo[I] = Uniform;
  return Uniform;
}

bool isUniformLaneValue(const Value *V, const LaneBodyView &Body,
                        const SmallPtrSetImpl<PHINode *> &Phis) {
  DenseMap<const Instruction *, bool> Memo;
  return isUniformIn(V, Body, Phis, Memo, 0);
}

/// A value one lane holds in one scalar register: what a state array
/// keeps per lane and lane 0's slot gives back.
static bool isLaneScalarType(const Type *T) {
  return T->isIntOrPtrTy() || T->isFloatingPointTy();
}

/// Lanes that skip the loop may shadow one that enters only when that
/// cannot be observed: the loop neither writes memory nor has side effects
/// nor reads the lane index (a shadow's own argument slot, its own element).
static bool canShadow(const Loop &Inner, const LaneBodyView &Body) {
  for (const BasicBlock *BB : Inner.blocks())
    for (const Instruction &I : *BB)
      if (I.mayWriteToMemory() || I.mayHaveSideEffects() ||
          is_contained(I.operands(), Body.Lane) || isa<AllocaInst>(I))
        return false;
  return true;
}

Value *loopEntryValue(const PHINode &PN,
                      function_ref<bool(const BasicBlock *)> InLoop) {
  Value *V = nullptr;
  for (unsigned K = 0; K < PN.getNumIncomingValues(); ++K) {
    if (InLoop(PN.getIncomingBlock(K)))
      continue;
    if (V && V != PN.getIncomingValue(K))
      return nullptr;
    V = PN.getIncomingValue(K);
  }
  return V;
}

UniformLoopShape findUniformLoop(Loop &Inner,
                                 ArrayRef<BasicBlock *> InnerLatches,
                                 const LaneBodyView &Body,
                                 const DominatorTree &DT) {
  UniformLoopShape S;
  // A start computed before the loop from uniform values (`y = c > 1 ? c :
  // 1`) is the same in every lane too; each lane's state slot holds it.
  const SmallPtrSet<PHINode *, 1> NoPhis;
  for (PHINode &PN : Inner.getHeader()->phis())
    if (const Value *Start = loopEntryValue(
            PN, [&](const BasicBlock *BB) { return Inner.contains(BB); });
        isLaneScalarType(PN.getType()) && Start &&
        isUniformLaneValue(Start, Body, NoPhis))
      S.UniformPhis.insert(&PN);
  // Optimistic fixpoint: drop phis whose next value is not uniform.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (PHINode *PN : SmallVector<PHINode *, 4>(S.UniformPhis.begin(),
                                                 S.UniformPhis.end()))
      for (BasicBlock *Latch : InnerLatches)
        if (!isUniformLaneValue(PN->getIncomingValueForBlock(Latch), Body,
                                S.UniformPhis)) {
          S.UniformPhis.erase(PN);
          Changed = true;
          break;
        }
  }
  auto UniformBranch = [&](const BasicBlock *BB) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    return Br && (!Br->isConditional() ||
                  isUniformLaneValue(Br->getCondition(), Body, S.UniformPhis));
  };
  // Every lane that goes on to the next iteration has passed every exit
  // test: an exit reached only on some paths (`if (v) { if (u) return; }`)
  // lets lanes leave at different iterations although each test is uniform,
  // unless every branch of the loop is uniform (`while (k < n && (a || b))`
  // unrolled): then the lanes take one path through each iteration.
  auto OnEveryIteration = [&](const BasicBlock *BB) {
    return all_of(InnerLatches,
                  [&](const BasicBlock *L) { return DT.dominates(BB, L); });
  };
  SmallVector<BasicBlock *, 8> Exiting;
  Inner.getExitingBlocks(Exiting);
  if (!all_of(Exiting, UniformBranch) ||
      (!all_of(Exiting, OnEveryIteration) &&
       !all_of(Inner.blocks(), UniformBranch))) {
    S.UniformPhis.clear();
    return S;
  }
  // Every lane takes the same path through A, so all enter the loop or
  // none; if not (a masked variant's mask test, a strip-mined loop's trip
  // count test), lanes that skip it shadow one that enters.
  if (!Body.DivergentEntry && all_of(Body.ABlocks, UniformBranch)) {
    S.Uniform = true;
    return S;
  }
  if (!canShadow(Inner, Body)) {
    S.UniformPhis.clear();
    return S;
  }
  S.Uniform = S.ShadowLanes = true;
  return S;
}

} // namespace vplanext
