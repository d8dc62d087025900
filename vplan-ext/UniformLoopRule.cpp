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

/// Whether \p BB ends in a branch every lane takes alike, by \p Uniform.
static bool isUniformBranch(const BasicBlock &BB,
                            function_ref<bool(const Value *)> Uniform) {
  auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
  return Br && (!Br->isConditional() || Uniform(Br->getCondition()));
}

/// Whether every lane that enters \p L leaves it in the same iteration
/// through the same exit, when \p UniformBranch says which branches every
/// lane takes alike. Every lane that goes on to the next iteration has
/// passed every exit test: an exit reached only on some paths (`if (v) {
/// if (u) return; }`) lets lanes leave at different iterations although
/// each test is uniform, unless every branch of the loop is uniform
/// (`while (k < n && (a || b))` unrolled): then the lanes take one path
/// through each iteration.
static bool leavesTogether(const Loop &L, ArrayRef<BasicBlock *> Latches,
                           function_ref<bool(const BasicBlock *)> UniformBranch,
                           const DominatorTree &DT) {
  auto OnEveryIteration = [&](const BasicBlock *BB) {
    return all_of(Latches,
                  [&](const BasicBlock *L) { return DT.dominates(BB, L); });
  };
  SmallVector<BasicBlock *, 8> Exiting;
  L.getExitingBlocks(Exiting);
  return all_of(Exiting, UniformBranch) && (all_of(Exiting, OnEveryIteration) ||
                                            all_of(L.blocks(), UniformBranch));
}

namespace {
/// A header phi that may be the same in every lane: of \p Inner or of a
/// loop nested in it, with the value it enters with and its back edges.
struct Recurrence {
  PHINode *PN;
  const Value *Start;
  const Loop *L;
  SmallVector<BasicBlock *, 2> Latches;
};
} // namespace

/// The header phis of \p Inner and of the loops nested in it that hold the
/// same value in every lane, by an optimistic fixpoint: a phi stays while
/// its start and its value on every back edge are uniform, and a nested
/// loop's phis while the lanes leave that loop together (a value computed
/// from them is read after it). Each lane's state slot holds a start
/// computed before the loop from uniform values (`y = c > 1 ? c : 1`).
static SmallPtrSet<PHINode *, 8>
uniformRecurrences(Loop &Inner, ArrayRef<BasicBlock *> InnerLatches,
                   const LaneBodyView &Body, const DominatorTree &DT) {
  SmallVector<Recurrence, 8> Cands;
  SmallVector<const Loop *, 4> Loops{&Inner};
  append_range(Loops, Inner.getLoopsInPreorder());
  for (const Loop *L : Loops)
    for (PHINode &PN : L->getHeader()->phis()) {
      const Value *Start = loopEntryValue(
          PN, [&](const BasicBlock *BB) { return L->contains(BB); });
      if (!isLaneScalarType(PN.getType()) || !Start)
        continue;
      Recurrence R{&PN, Start, L, {}};
      if (L == &Inner)
        R.Latches.assign(InnerLatches.begin(), InnerLatches.end());
      else
        L->getLoopLatches(R.Latches);
      Cands.push_back(std::move(R));
    }
  SmallPtrSet<PHINode *, 8> Phis;
  for (const Recurrence &R : Cands)
    Phis.insert(R.PN);
  // The phis where paths through the loop join (a guarded nested loop's
  // result): the same in every lane when their values are and every lane
  // takes the same path (every branch of the loop uniform).
  // A header's phi picks by how the lanes entered the loop, which A
  // decides: never a join.
  SmallPtrSet<const BasicBlock *, 4> Headers;
  for (const Loop *L : Loops)
    Headers.insert(L->getHeader());
  SmallVector<PHINode *, 8> Joins;
  for (BasicBlock *BB : Inner.blocks())
    if (!Headers.count(BB))
      for (PHINode &PN : BB->phis())
        if (isLaneScalarType(PN.getType()))
          Joins.push_back(&PN);
  Phis.insert(Joins.begin(), Joins.end());
  // One answer per instruction in each round: a round that drops a phi is
  // followed by another, and the last round drops none, so its answers all
  // hold for the final set.
  DenseMap<const Instruction *, bool> Memo;
  auto Uniform = [&](const Value *V) {
    return isUniformIn(V, Body, Phis, Memo, 0);
  };
  auto UniformBranch = [&](const BasicBlock *BB) {
    return isUniformBranch(*BB, Uniform);
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    Memo.clear();
    for (const Recurrence &R : Cands)
      if (Phis.count(R.PN) &&
          (!Uniform(R.Start) || any_of(R.Latches, [&](BasicBlock *Latch) {
            return !Uniform(R.PN->getIncomingValueForBlock(Latch));
          }))) {
        Phis.erase(R.PN);
        Changed = true;
      }
    for (PHINode *PN : Joins)
      if (Phis.count(PN) && !all_of(PN->incoming_values(), Uniform)) {
        Phis.erase(PN);
        Changed = true;
      }
    if (Changed)
      continue;
    if (any_of(Joins, [&](PHINode *PN) { return Phis.count(PN); }) &&
        !all_of(Inner.blocks(), UniformBranch)) {
      for (PHINode *PN : Joins)
        Phis.erase(PN);
      Changed = true;
      continue;
    }
    for (const Recurrence &R : Cands)
      if (R.L != &Inner && Phis.count(R.PN) &&
          !leavesTogether(*R.L, R.Latches, UniformBranch, DT)) {
        for (const Recurrence &Q : Cands)
          if (Q.L == R.L)
            Phis.erase(Q.PN);
        Changed = true;
      }
  }
  return Phis;
}

UniformLoopShape findUniformLoop(Loop &Inner,
                                 ArrayRef<BasicBlock *> InnerLatches,
                                 const LaneBodyView &Body,
                                 const DominatorTree &DT) {
  UniformLoopShape S;
  SmallPtrSet<PHINode *, 8> Phis =
      uniformRecurrences(Inner, InnerLatches, Body, DT);
  // The set is final: one answer per instruction for every branch test.
  DenseMap<const Instruction *, bool> Memo;
  auto UniformBranch = [&](const BasicBlock *BB) {
    return isUniformBranch(*BB, [&](const Value *V) {
      return isUniformIn(V, Body, Phis, Memo, 0);
    });
  };
  if (!leavesTogether(Inner, InnerLatches, UniformBranch, DT))
    return S;
  // The cuts read the inner loop's own phis (from lane 0); a nested loop's
  // are its own cut's.
  for (PHINode &PN : Inner.getHeader()->phis())
    if (Phis.count(&PN))
      S.UniformPhis.insert(&PN);
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
