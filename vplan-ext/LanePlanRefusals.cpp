//===- LanePlanRefusals.cpp - The cuts the lowering refuses ---------------===//
//
/// \file
/// Plan transform: the cuts the lowering refuses for a rule of the body
/// (LoweringRules.h), decided on the plan's view of each cut (CutView).
/// The lane loop as a whole is not cut when a call run lane by lane may
/// write what every lane reads at one address, or when the body allocates
/// stack memory (PlanDecisions::NoCut). The cut at an inner loop is
/// refused when the loop calls a function with side effects and no vector
/// variant, a value of A or of the loop is read outside the body or is a
/// token read later, or an entry-block local is used on two sides of the
/// cut (InnerLoopDecision::Refused). The lane loop the refused cut would
/// divide stays whole (WholeBlocks): the loops after it there are never
/// reached, and the cost model runs that lane loop scalar
/// (costRefusedCuts).
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LanePlanBuilder.h"
#include "vplan-ext/LockstepAccess.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include <functional>

using namespace llvm;

namespace vplanext {

/// The part of the body the cut at \p C puts the block \p BB in, as the
/// cut's IR has it: the loop (I), its A, the rest of the parent's body
/// (B); not in the body are the parts of earlier cuts and what lies
/// outside the parent.
CutPart LanePlanBuilder::blockPartAtCut(const Loop &C,
                                        const BasicBlock &BB) const {
  if (C.contains(&BB))
    return CutI;
  const CutView &CV = CutViews.at(&C);
  if (CV.InA.count(&BB))
    return CutA;
  if (CV.Gone.count(&BB) || !C.getParentLoop()->contains(&BB))
    return CutNotInBody;
  return CutB;
}

/// The part of \p I: its block's, except that the lane loop's own control
/// (lane index, increment, exit test) is not in the body, and the pure
/// values of an earlier cut's A are computed again in this cut's A.
CutPart LanePlanBuilder::partAtCut(const Loop &C, const Instruction &I) const {
  if (Control.count(&I))
    return CutNotInBody;
  if (CutViews.at(&C).RecomputedA.count(I.getParent()) && isPureToRecompute(I))
    return CutA;
  return blockPartAtCut(C, *I.getParent());
}

/// Where the cut at \p C reads the use \p U of a value of part \p DefPart
/// (the cut's partOfUse): a phi reads on its incoming edge, except that
/// a phi of B reads a value from before B there, unless it is a landing
/// phi (read on the edge). A nested cut's value read after its parent P
/// reaches that read through P's lane arrays, stored at the end of P's
/// lane loop 2 on the edges that leave P (the last part of this cut; the
/// cut's buildLatch2): a value of P's body on each edge from a block it
/// dominates, the value a landing phi of P's cut takes on an edge from P;
/// any other where it is computed.
CutPart LanePlanBuilder::usePartAtCut(const Loop &C, const Use &U,
                                      CutPart DefPart) const {
  auto *UI = cast<Instruction>(U.getUser());
  const Loop &P = *C.getParentLoop();
  if (&P != &L && !P.contains(UI)) {
    if (auto *PN = dyn_cast<PHINode>(UI);
        PN && CutViews.at(&P).LandingPhis.count(PN) &&
        P.contains(PN->getIncomingBlock(U)))
      return CutB;
    auto *Def = dyn_cast<Instruction>(U.get());
    if (!Def || !P.contains(Def))
      return DefPart;
    SmallVector<BasicBlock *, 4> Exiting;
    P.getExitingBlocks(Exiting);
    return any_of(Exiting,
                  [&](const BasicBlock *E) {
                    return DT.dominates(Def, E->getTerminator());
                  })
               ? CutB
               : DefPart;
  }
  auto *PN = dyn_cast<PHINode>(UI);
  if (!PN)
    return partAtCut(C, *UI);
  // The lane loop's latch, once the cut's normal form splits the body off
  // it, is its control alone (a phi after the lane loop reads there).
  if (&P == &L && PN->getIncomingBlock(U) == L.getLoopLatch())
    return CutNotInBody;
  CutPart From = blockPartAtCut(C, *PN->getIncomingBlock(U));
  if (partAtCut(C, *PN) == CutB && From != CutB)
    return CutViews.at(&C).LandingPhis.count(PN) ? From : CutB;
  return From;
}

/// The rule that refuses an edge or a terminator of the body at the cut
/// at \p C. The lane loop's latch and the parent's back edge and exits
/// are the lane loop's own control once cut (the last part, B).
CutRefusal LanePlanBuilder::findEdgeRefusal(const Loop &C) const {
  const Loop &P = *C.getParentLoop();
  for (const BasicBlock *BB : Blocks) {
    CutPart K = blockPartAtCut(C, *BB);
    if (K == CutNotInBody || (&P == &L && BB == L.getLoopLatch()))
      continue;
    const Instruction *T = BB->getTerminator();
    if (const char *Why = whyTerminatorRefusesCut(*T))
      return {T, Why};
    for (const BasicBlock *S : successors(BB)) {
      CutPart SK = blockPartAtCut(C, *S);
      if (&P == &L ? S == L.getLoopLatch()
                   : S == P.getHeader() || !P.contains(S))
        SK = CutB;
      if (const char *Why = whyEdgeRefusesCut(K, SK, S == C.getHeader()))
        return {T, Why};
    }
  }
  return {};
}

/// The rule that refuses the cut at \p C, on the plan's view of it, in the
/// cut's order of checks.
CutRefusal LanePlanBuilder::findCutRefusal(const Loop &C) const {
  if (const char *Why = whyLoopEntryRefusesCut(C))
    return {&C.getHeader()->front(), Why};
  if (CutRefusal R = findEdgeRefusal(C))
    return R;
  for (const BasicBlock *BB : C.blocks())
    for (const Instruction &I : *BB)
      if (const char *Why = whyInstructionRefusesCut(I, true))
        return {&I, Why};
  const CutView &CV = CutViews.at(&C);
  for (const BasicBlock *BB : Blocks)
    if (CV.InA.count(BB) || C.contains(BB))
      for (const Instruction &I : *BB) {
        CutPart K = partAtCut(C, I);
        if (K == CutNotInBody)
          continue;
        if (const char *Why = whyValueRefusesCut(
                I, K, [&](const Use &U) { return usePartAtCut(C, U, K); }))
          return {&I, Why};
      }
  if (const AllocaInst *AI = findSharedLocal(
          *L.getHeader()->getParent(),
          [&](const Instruction &I) { return partAtCut(C, I); }))
    return {AI, SharedLocalReason};
  return {};
}

/// Plan transform: the cuts refused, in the cut's order (findCutShapes):
/// a loop in or after a refused loop of the same lane loop is never cut.
void LanePlanBuilder::planCutRefusals() {
  // Asked of the uncut loop, where every lane still computes a shared
  // address itself (`__errno_location()` is a call the cut would move into
  // a lane loop of its own).
  if (const Instruction *Shared = findSerialCallClobber(L))
    P.NoCut = {Shared, SerialCallClobberReason};
  // Every cut of a lane loop with inner loops sees its allocas.
  if (!P.NoCut && !L.isInnermost())
    for (const BasicBlock *BB : Blocks)
      for (const Instruction &I : *BB)
        if (const char *Why = whyInstructionRefusesCut(I, false);
            Why && !P.NoCut)
          P.NoCut = {&I, Why};
  // Not cut at all: the lane loop runs as it is, scalar if a loop is
  // inside (the vectorizer widens innermost loops only).
  if (P.NoCut) {
    WholeBlocks.insert(Blocks.begin(), Blocks.end());
    return;
  }
  std::function<void(const Loop &)> Visit = [&](const Loop &Parent) {
    for (const Loop *C : childrenInCutOrder(Parent)) {
      if (CutRefusal R = findCutRefusal(*C)) {
        Refusals[C] = R;
        // The lane loop the cut would divide stays whole: its A, the loop
        // and the rest of the parent's body, with the loops after C.
        for (const BasicBlock *BB : Blocks)
          if (blockPartAtCut(*C, *BB) != CutNotInBody)
            WholeBlocks.insert(BB);
        return;
      }
      Visit(*C);
    }
  };
  Visit(L);
}

/// The refusal that leaves the lane loop whole with a loop inside, or
/// without loops with a call run lane by lane inside: every node of the
/// lane loop is left whole (costRefusedCuts, planFlatCuts, or NoCut).
void LanePlanBuilder::findLeftWhole() {
  bool HasLoop = false;
  for (const auto &N : P.Nodes) {
    if (!N->isLeftWhole())
      return;
    N->forEach([&](const PlanNode &X) { HasLoop |= X.isLoop(); });
  }
  if (P.NoCut) {
    if (HasLoop)
      P.LeftWholeBy = P.NoCut;
    return;
  }
  P.forEachNode([&](const PlanNode &X) {
    if (P.LeftWholeBy)
      return;
    if (X.isLoop() && X.getLoopDecision().Refused) {
      P.LeftWholeBy = X.getLoopDecision().Refused;
    } else if (!HasLoop && X.isSerialCall() && X.getCutDecision() &&
               X.getCutDecision()->Refused) {
      P.LeftWholeBy = X.getCutDecision()->Refused;
      P.LeftWholeAtCall = true;
    }
  });
}

/// Plan transform, once every cut is planned: the cuts the lowering would
/// make (inner loops, and calls and BOSCC regions in every copy), the ones
/// refused aside. Past MaxCutsPerLaneLoop the lane loop is not cut at all
/// (NoCut): every cut the lowering makes is then one the plan made.
/// Returns whether it decided so (the nodes are then built again, whole).
bool LanePlanBuilder::planCutBudget() {
  unsigned Cuts = 0;
  P.forEachNode([&](const PlanNode &N) {
    Cuts += N.isLoop() && !N.isLeftWhole() && !N.getLoopDecision().Refused;
  });
  for (const auto &[Key, D] : P.FlatCuts)
    Cuts += !D.Refused;
  if (P.NoCut || Cuts <= MaxCutsPerLaneLoop)
    return false;
  P.NoCut = {L.getHeader()->getTerminator(), TooManyCutsReason};
  P.FlatCuts.clear();
  WholeBlocks.insert(Blocks.begin(), Blocks.end());
  return true;
}

} // namespace vplanext
