//===- LaneInvariantHoist.cpp - Lane-invariant code out of lane loops ----===//

#include "vplan-ext/LaneInvariantHoist.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Support/Debug.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumHoisted, "Number of lane-invariant instructions hoisted out of "
                      "lane loops");

namespace vplanext {

unsigned hoistLaneInvariants(ArrayRef<Loop *> LaneLoops) {
  unsigned Hoisted = 0;
  for (Loop *L : LaneLoops) {
    if (!L->getLoopPreheader())
      continue;
    // Program order: a chain's operands come out before their users, so
    // each makeLoopInvariant call has little left to recurse into.
    SmallVector<Instruction *, 64> Insts;
    for (BasicBlock *BB : L->getBlocksVector())
      for (Instruction &I : *BB)
        if (!isa<PHINode>(I) && !I.isTerminator())
          Insts.push_back(&I);
    for (Instruction *I : Insts) {
      bool Changed = false;
      // Refuses anything that reads memory, has side effects or may trap.
      L->makeLoopInvariant(I, Changed);
      Hoisted += Changed;
    }
  }
  LLVM_DEBUG(dbgs() << "vplan-ext: hoisted " << Hoisted
                    << " lane-invariant instructions\n");
  NumHoisted += Hoisted;
  return Hoisted;
}

} // namespace vplanext
