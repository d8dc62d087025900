//===- LaneCutSteady.cpp - The steady copy of a round ---------------------===//
//
/// \file
/// For a divergent loop whose exit tests compare round counters with shared
/// values (LockstepAccess::ExitTests, Mandelbrot's `n < maxit`): such a
/// test gives every lane still in the loop the same answer, and fires in
/// few rounds (there, the last). The round loop computes those tests once,
/// before its lane loops, and in the rounds where none fires runs a copy of
/// them (the steady copy) in which the tests never leave: vectorized, the
/// copy carries neither lane masks nor landing values for those exits.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopCutter.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumSteadyCopies,
          "Number of divergent loops given a steady copy of their rounds");

namespace vplanext {
namespace fission {

/// The blocks of one round, in function order: from the round loop's header
/// to its latch, both excluded (lane loop 2, a lane-stepped copy of it and
/// their dispatch).
SmallVector<BasicBlock *, 32> Cutter::roundBody() const {
  SmallPtrSet<BasicBlock *, 32> Seen = {N.WLatch};
  SmallVector<BasicBlock *, 32> Work = {N.W->getTerminator()->getSuccessor(0)};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (Seen.insert(BB).second)
      append_range(Work, successors(BB));
  }
  SmallVector<BasicBlock *, 32> Round;
  for (BasicBlock &BB : F)
    if (&BB != N.WLatch && Seen.count(&BB))
      Round.push_back(&BB);
  return Round;
}

/// Adds the steady copy of the round and the test that picks it; false
/// (nothing changed) when a test cannot be computed before the round.
bool Cutter::addSteadyCopy() {
  SmallVector<BasicBlock *, 32> Round = roundBody();
  SmallPtrSet<BasicBlock *, 32> InRound(Round.begin(), Round.end());
  // Lane arrays carry everything a round leaves; a value used after it
  // would need a phi to merge the two copies.
  for (BasicBlock *BB : Round)
    for (Instruction &I : *BB)
      for (const User *U : I.users())
        if (!InRound.count(cast<Instruction>(U)->getParent()))
          return false;
  // Each test, with the index of its successor that leaves (an edge block
  // of the cut), and the same test in the lane-stepped copy.
  SmallPtrSet<const BasicBlock *, 4> Leaves;
  for (const Redirect &R : N.Redirects)
    Leaves.insert(R.EdgeBB);
  SmallVector<std::pair<BranchInst *, unsigned>, 4> Tests;
  for (BranchInst *Br : D.Lockstep.ExitTests)
    Tests.push_back({Br, Leaves.count(Br->getSuccessor(0)) ? 0u : 1u});
  for (auto [K, Copy] : enumerate(N.SteppedExitTests))
    Tests.push_back({Copy, Tests[K].second});

  BasicBlock *Entry = N.W->getTerminator()->getSuccessor(0);
  BasicBlock *Test = newBlock("lane.steady.test", Entry);
  IRBuilder<> B(Test);
  // The tests read round counters (in the round loop's header), values
  // from outside the lane loop and the round's pure instructions on them.
  auto IsLeaf = [&](const Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return !I || isOutsideLaneLoop(I) || I->getParent() == N.W;
  };
  auto InRegion = [&](const Instruction *I) {
    return InRound.count(I->getParent()) != 0;
  };
  DenseMap<Value *, Value *> Done;
  Value *Fires = nullptr;
  for (auto [Br, LeaveIdx] : ArrayRef(Tests).take_front(
           D.Lockstep.ExitTests.size())) {
    Value *C = copyPure(B, Br->getCondition(), IsLeaf, InRegion, Done,
                        ".round");
    if (!C) {
      Test->dropAllReferences();
      Test->eraseFromParent();
      return false;
    }
    Value *Leaving = LeaveIdx == 0 ? C : B.CreateNot(C);
    Fires = Fires ? B.CreateOr(Fires, Leaving) : Leaving;
  }
  Fires = B.CreateFreeze(Fires, "steady.fires");

  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 32> Clones = cloneBlocks(Round, ".steady", VMap, SteadyCopy);
  // In the copy, the tests never leave: their exit blocks go unreachable.
  SmallVector<BasicBlock *, 4> Dead;
  for (auto [Br, LeaveIdx] : Tests) {
    auto *C = cast<BranchInst>(VMap[Br]);
    BasicBlock *Leave = C->getSuccessor(LeaveIdx);
    Leave->removePredecessor(C->getParent());
    BranchInst::Create(C->getSuccessor(1 - LeaveIdx), C->getIterator());
    C->eraseFromParent();
    if (pred_empty(Leave))
      Dead.push_back(Leave);
  }
  DeleteDeadBlocks(Dead);

  auto *ECopy = cast<BasicBlock>(VMap[Entry]);
  N.W->getTerminator()->replaceSuccessorWith(Entry, Test);
  B.CreateCondBr(Fires, Entry, ECopy);
  for (BasicBlock *BB : {Entry, ECopy})
    for (PHINode &PN : BB->phis())
      PN.replaceIncomingBlockWith(N.W, Test);
  // The copy's lane loops go before lane loop 3's header.
  SmallVector<BasicBlock *, 2> CopyHeaders;
  for (BasicBlock *H : NewHeaders)
    if (InRound.count(H))
      CopyHeaders.push_back(cast<BasicBlock>(VMap[H]));
  NewHeaders.insert(NewHeaders.end() - 1, CopyHeaders.begin(),
                    CopyHeaders.end());
  ++NumSteadyCopies;
  return true;
}

} // namespace fission
} // namespace vplanext
