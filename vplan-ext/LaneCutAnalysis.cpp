//===- LaneCutAnalysis.cpp - What a cut carries and how it runs -----------===//
//
/// \file
/// The analysis of one cut (LaneLoopCutter.h), once the region has a block
/// of its own: the parts A, I and B, the edges between them, the values
/// that cross, and the decisions the transform reads (uniform loop, shadow
/// lanes, lockstep counters and lane-stepped inputs, lane-affine values
/// lane loops 2 and 3 compute again). It refuses what the cut cannot carry
/// and never changes the IR.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopCutter.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/UniformLoopRule.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

namespace vplanext {
namespace fission {

PartKind Cutter::partOfUse(const Use &U) const {
  auto *UI = cast<Instruction>(U.getUser());
  if (auto *PN = dyn_cast<PHINode>(UI)) {
    BasicBlock *From = PN->getIncomingBlock(U);
    // Phis on a landing edge read in B: the edge gets its own B block;
    // landing values are read on the edge itself, in loop 1 or 2.
    if (partOf(PN->getParent()) == PartB && partOf(From) != PartB)
      return is_contained(D.LandingPhis, PN) ? partOf(From) : PartB;
    return partOf(From);
  }
  return partOf(UI->getParent());
}

bool Cutter::analyse(Loop &LL, const CutSite &S, const DominatorTree &DT,
                     Failure &Fail) {
  D.SerialCall = S.Call;
  D.BOSCCBranch = S.Branch;
  if (!findPlannedCut(S, Fail))
    return false;
  classifyParts(LL, S.Inner);
  // A call at vscale x N lanes is refused before the cut looks further.
  Failure Own;
  bool Ok = !(S.Call && VL.isScalable());
  if (!Ok)
    Own = {ScalableSerialCallReason, S.Call};
  Ok = Ok && findEdges(Own);
  if (Ok && S.Inner && !takeLoopDecision(*S.Inner, DT, Fail))
    return false;
  if (Ok && !takeLanding(Fail))
    return false;
  if (Ok) {
    Ok = checkInstructions(Own) && findCrossingValues(Own) &&
         checkSharedLocals(Own);
  }
  if (!takeRefusal(Ok ? nullptr : &Own, Fail))
    return false;
  findAvailability(DT);
  if (S.Inner && D.LockstepPlanned && !takeLockstep(*S.Inner, Fail))
    return false;
  if (!takeLaneValues(S.Inner, Fail))
    return false;
  return !S.Inner || takeEnteredCopy(*S.Inner, Fail);
}

/// The body's blocks, each in I (the region), A (can still reach the
/// region) or B; and the view of them the uniform-loop rule reads.
void Cutter::classifyParts(Loop &LL, Loop *Inner) {
  auto InRegion = [&](const BasicBlock *BB) {
    if (Inner)
      return Inner->contains(BB);
    if (D.BOSCCBranch)
      return BranchRegion.count(BB) != 0;
    return BB == IH;
  };
  for (BasicBlock &BB : F)
    if (LL.contains(&BB) && &BB != L.Header && &BB != L.Latch) {
      Part[&BB] = InRegion(&BB) ? PartI : PartB;
      Body.push_back(&BB);
    }
  SmallVector<BasicBlock *, 16> Work = {InnerPre};
  Part[InnerPre] = PartA;
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    for (BasicBlock *P : predecessors(BB))
      if (partOf(P) == PartB) {
        Part[P] = PartA;
        Work.push_back(P);
      }
  }
  for (BasicBlock *BB : Body)
    if (partOf(BB) == PartA)
      ABlocks.push_back(BB);
  View.IsOutside = [this](const Value *X) { return isOutsideLaneLoop(X); };
  View.InAOrI = [this](const Instruction *I) {
    PartKind K = partOf(I->getParent());
    return K == PartA || K == PartI;
  };
  View.ABlocks = ABlocks;
  View.Lane = L.Lane;
}

/// The landing edges (A or I to B) and the inner loop's back edges; every
/// edge goes forward, and A enters I only at its header.
bool Cutter::findEdges(Failure &Fail) {
  for (BasicBlock *BB : Body) {
    PartKind K = partOf(BB);
    const Instruction *T = BB->getTerminator();
    if (const char *Why = whyTerminatorRefusesCut(*T)) {
      Fail = {Why, T};
      return false;
    }
    SmallPtrSet<BasicBlock *, 4> Seen;
    for (BasicBlock *S : successors(BB)) {
      if (!Seen.insert(S).second)
        continue;
      PartKind SK = S == L.Latch ? PartB : partOf(S);
      if (const char *Why = whyEdgeRefusesCut(K, SK, S == IH)) {
        Fail = {Why, T};
        return false;
      }
      if (K != PartB && SK == PartB)
        Landing.push_back({BB, S});
      if (K == PartI && S == IH)
        InnerLatches.push_back(BB);
    }
  }
  if (Landing.empty()) {
    Fail = {"the inner loop never exits", &IH->front()};
    return false;
  }
  // Deterministic order: by program order of the source, then successor.
  DenseMap<const BasicBlock *, unsigned> Order = programOrder(F);
  llvm::stable_sort(Landing, [&](const Edge &X, const Edge &Y) {
    return Order.lookup(X.From) < Order.lookup(Y.From);
  });
  llvm::stable_sort(InnerLatches, [&](BasicBlock *X, BasicBlock *Y) {
    return Order.lookup(X) < Order.lookup(Y);
  });
  return true;
}

/// The rule for where lane loop 3 takes each lane (\p NeedResume, \p Phis;
/// CutDecisions::NeedResume and LandingPhis): a resume point per landing
/// edge (needsResumeDispatch); else into the one block, with the values its
/// phis take on the lane's edge when there is more than one edge.
void Cutter::ruleLanding(bool &NeedResume,
                         SmallVectorImpl<PHINode *> &Phis) const {
  SmallVector<LandingTarget, 4> Targets;
  for (const Edge &E : Landing)
    Targets.push_back({E.To, 0});
  NeedResume = needsResumeDispatch(Targets, D.UniformLoop && !D.ShadowLanes);
  SmallVector<const BasicBlock *, 4> From;
  for (const Edge &E : Landing)
    From.push_back(E.From);
  BasicBlock *To = Landing.front().To;
  SmallVector<const PHINode *, 4> Chosen =
      landingPhis(Targets, From, NeedResume, To == L.Latch);
  for (PHINode &PN : To->phis())
    if (is_contained(Chosen, &PN))
      Phis.push_back(&PN);
}

/// What the cut cannot carry or would reorder (whyInstructionRefusesCut).
bool Cutter::checkInstructions(Failure &Fail) const {
  for (BasicBlock *BB : Body)
    for (const Instruction &I : *BB)
      // Calls outside the inner loop are cut out and run lane by lane
      // later.
      if (const char *Why = whyInstructionRefusesCut(
              I, !D.SerialCall && partOf(BB) == PartI)) {
        Fail = {Why, &I};
        return false;
      }
  return true;
}

/// The values of A and I read in a later part (Cross), then the lane
/// arrays' mask type.
bool Cutter::findCrossingValues(Failure &Fail) {
  const DataLayout &DL = F.getDataLayout();
  unsigned CrossBits = 0;
  for (BasicBlock *BB : Body) {
    PartKind K = partOf(BB);
    if (K == PartB)
      continue;
    for (Instruction &I : *BB) {
      if (const char *Why = whyValueRefusesCut(
              I, K, [&](const Use &U) { return partOfUse(U); })) {
        Fail = {Why, &I};
        return false;
      }
      unsigned Needs = 0;
      for (const Use &U : I.uses())
        if (PartKind UK = partOfUse(U); UK > K)
          Needs |= 1u << UK;
      if (!Needs)
        continue;
      Cross[&I] = Needs;
      if (!I.getType()->isPointerTy())
        CrossBits = std::max(CrossBits, laneDataBits(I.getType(), DL));
    }
  }
  // The mask width follows the data the loop carries, not 64-bit address
  // arithmetic that merely crosses the cut.
  D.MaskTy = laneFlagType(*IH, CrossBits);
  return true;
}

/// Which crossing values exist at the end of each edge source (the value
/// a lane leaving on that edge carries; otherwise it is never read there).
void Cutter::findAvailability(const DominatorTree &DT) {
  for (auto &[I, Needs] : Cross) {
    for (const Edge &E : Landing)
      AvailAt[{I, E.From}] = DT.dominates(I, E.From->getTerminator());
    AvailAt[{I, InnerPre}] = DT.dominates(I, InnerPre->getTerminator());
  }
}

/// Locals of the scalar body that the parts would share.
bool Cutter::checkSharedLocals(Failure &Fail) const {
  if (const AllocaInst *AI = findSharedLocal(
          F, [&](const Instruction &I) { return partOf(I.getParent()); })) {
    Fail = {SharedLocalReason, AI};
    return false;
  }
  return true;
}

bool Cutter::isOutsideLaneLoop(const Value *V) const {
  auto *I = dyn_cast<Instruction>(V);
  return !I || (partOf(I->getParent()) == NotInBody &&
                I->getParent() != L.Header && I->getParent() != L.Latch);
}

bool Cutter::isUniformValue(Value *V) const {
  return isUniformLaneValue(V, View, D.UniformPhis);
}

bool Cutter::isRecomputable(Value *V) const {
  return vplanext::isRecomputable(
      V, [&](const Value *X) { return isOutsideLaneLoop(X); },
      [&](const Instruction *I) { return partOf(I->getParent()) == PartA; });
}

/// Takes the later parts' reads of lane-affine values of A (see
/// LaneAffineIn) out of the crossing values: recomputed in the lane loop of
/// the part that reads them they are exactly what the lane computed in A
/// (pure, non-trapping, no memory), wherever A computed them or not. Lane
/// loop 2 takes them, in a divergent loop too (each active lane reads its
/// own counter), except a uniform loop's values that are the same in every
/// lane (read once per round from lane 0) and a divergent loop's
/// lane-stepped inputs (the lane-stepped copy computes them, with its
/// prefetches). A shadow lane
/// must read what the lane it shadows reads, not compute its own: with
/// shadow lanes they stay crossing values and only the copy of an
/// innermost loop's lane loop 2 for rounds where every lane entered
/// computes them again (a copy of an outer loop's would be cut again).
bool Cutter::isLaneAffine(Instruction *I) const {
  auto InA = [&](const Instruction *X) {
    return partOf(X->getParent()) == PartA;
  };
  return InA(I) && vplanext::isLaneAffine(
                       I, L.Lane,
                       [&](const Value *X) { return isOutsideLaneLoop(X); },
                       InA);
}

void Cutter::ruleLaneAffine(const Loop *Inner,
                            const SmallPtrSetImpl<Instruction *> &UniformInA,
                            SmallSetVector<Instruction *, 4> *Out) const {
  bool InI = !D.ShadowLanes || (Inner && Inner->isInnermost());
  for (auto &[I, Needs] : Cross) {
    if (!isLaneAffine(I))
      continue;
    if (Needs & (1u << PartB))
      Out[PartB].insert(I);
    // A BOSCC dispatch reads the branch's condition from its lane array.
    bool BOSCCCond = D.BOSCCBranch && D.BOSCCBranch->getCondition() == I;
    if ((Needs & (1u << PartI)) && InI && !UniformInA.count(I) &&
        !is_contained(D.Lockstep.LaneStepped, I) && !BOSCCCond)
      Out[PartI].insert(I);
  }
}

void Cutter::dropRecomputedReads() {
  for (auto &[I, Needs] : Cross) {
    if (LaneAffineIn[PartB].count(I))
      Needs &= ~(1u << PartB);
    if (!D.ShadowLanes && LaneAffineIn[PartI].count(I))
      Needs &= ~(1u << PartI);
  }
  Cross.remove_if([](const auto &KV) { return KV.second == 0; });
}

/// A's values a uniform loop reads that are the same in every lane (see
/// CutDecisions::UniformInA).
SmallPtrSet<Instruction *, 8> Cutter::ruleUniformInA() const {
  SmallPtrSet<Instruction *, 8> Shared;
  if (D.UniformLoop)
    for (auto &[I, Needs] : Cross)
      if (isInputOfI(I, Needs) && isUniformValue(I))
        Shared.insert(I);
  return Shared;
}

LockstepAccess Cutter::ruleLockstep(Loop &Inner) const {
  SmallVector<BasicBlock *, 8> Blocks(Inner.blocks());
  // A uniform loop's shared values (uniform phis, A's uniform values) are
  // read once per round already.
  LockstepAccess LA = findLockstepAccess(
      IH, InnerLatches, Blocks, L.Lane,
      [&](Value *V) {
        return D.UniformLoop ? isUniformValue(V) : isOutsideLaneLoop(V);
      },
      [&](Instruction *I) {
        auto It = Cross.find(I);
        return It != Cross.end() && isInputOfI(I, It->second);
      },
      [&](Instruction *I) { return isRecomputable(I); }, D.UniformLoop);
  // A uniform loop's lane-affine inputs are computed again in lane loop 2
  // (LaneAffineIn): stepped by construction, they need no copy (and a
  // uniform loop's copy has no prefetches to keep).
  if (D.UniformLoop)
    llvm::erase_if(LA.LaneStepped,
                   [&](Instruction *I) { return isLaneAffine(I); });
  return LA;
}

} // namespace fission
} // namespace vplanext
