//===- LanePlanCut.cpp - The plan's cut: shapes, lockstep, steady rounds --===//
//
// What the lane loop's cut will do, decided on the uncut loop: where each
// inner loop's cut is made and where its lanes land (findCutShapes), which
// reads run in lockstep across the lanes and with which round counters
// (planLockstep), which rounds run without masks (planSteadyRounds) and which
// values each lane keeps across the cut (markLaneState). The cut reads these
// decisions (PlanDecisions); verify mode checks them against its own view.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LanePlanBuilder.h"
#include "vplan-ext/LockstepAccess.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/UniformLoopRule.h"
#include "vplan-ext/StrideAnalysis.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include <functional>

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

namespace vplanext {
/// The cut at an inner loop C is made in the lane loop itself when C is
/// one of its loops, else in lane loop 2 of the cut at C's parent P (P's
/// body, once per round). The loops of one parent are cut in program
/// order, each in lane loop 3 of the cut before (findCutShape).
void LanePlanBuilder::findCutShapes() {
  CutOrder = programOrder(*L.getHeader()->getParent());
  std::function<void(Loop &)> Visit = [&](Loop &P) {
    SmallVector<Loop *, 4> Children = childrenInCutOrder(P);
    const Loop *Prev = nullptr;
    SmallPtrSet<const BasicBlock *, 16> Gone;
    for (Loop *C : Children) {
      findCutShape(*C, P, Prev, Gone);
      findLanding(*C, P, Prev);
      Gone.insert(C->block_begin(), C->block_end());
      Gone.insert(CutViews.at(C).InA.begin(), CutViews.at(C).InA.end());
      Prev = C;
    }
    // A loop's parent is done first.
    for (Loop *C : Children)
      Visit(*C);
  };
  Visit(L);
}

SmallVector<Loop *, 4>
LanePlanBuilder::childrenInCutOrder(const Loop &P) const {
  SmallVector<Loop *, 4> Children(P.begin(), P.end());
  llvm::sort(Children, [&](const Loop *X, const Loop *Y) {
    return CutOrder.lookup(X->getHeader()) < CutOrder.lookup(Y->getHeader());
  });
  return Children;
}

/// The landing edges of the cut at \p C: edges from its A or C to the rest
/// of the body (a back edge of \p P included), for a divergent \p P the
/// edge its inactive lanes take past the body, and from the resume
/// dispatch of the cut before (\p Prev), which opens its A, to the points
/// where lanes resume that C's A does not reach, through that cut's landing
/// blocks (one per edge after its resume dispatch, else one for all). To
/// more than one block, they start lane loop 3 with a dispatch of its own
/// (needsResumeDispatch).
void LanePlanBuilder::findLanding(const Loop &C, const Loop &P,
                                  const Loop *Prev) {
  CutView &CV = CutViews.at(&C);
  auto InAOrI = [&](const BasicBlock *BB) {
    return C.contains(BB) || CV.InA.count(BB);
  };
  auto Leaves = [&](const BasicBlock *S) {
    return S == P.getHeader() || !InAOrI(S);
  };
  auto Add = [&](const BasicBlock *S, unsigned Via, const BasicBlock *From) {
    CV.Landing.push_back({S, Via});
    CV.LandingFrom.push_back(From);
  };
  auto Edges = [&](const BasicBlock *X) {
    SmallPtrSet<const BasicBlock *, 4> Seen;
    for (const BasicBlock *S : successors(X))
      if (Seen.insert(S).second && Leaves(S))
        Add(S, 0, X);
  };
  // A divergent P's lane loop 2 runs the body for its active lanes only:
  // the others leave from the start of C's A to the end of P's body.
  if (&P != &L && !CutShapes.at(&P).Uniform)
    Add(P.getHeader(), 0, nullptr);
  if (Prev) {
    bool Dispatch = hasResumeDispatch(*Prev);
    const CutView &PrevV = CutViews.at(Prev);
    for (auto [K, T] : enumerate(PrevV.Landing))
      if (Leaves(T.first))
        Add(T.first, Dispatch ? unsigned(K) + 1 : 1, PrevV.LandingFrom[K]);
  }
  for (const BasicBlock *X : CV.InA)
    Edges(X);
  for (const BasicBlock *X : C.blocks())
    Edges(X);
  if (CV.Landing.empty())
    return;
  const BasicBlock *To = CV.Landing.front().first;
  CV.LandingPhis.insert_range(
      landingPhis(CV.Landing, CV.LandingFrom, hasResumeDispatch(C),
                  To == P.getHeader() || To == L.getLoopLatch()));
}

bool LanePlanBuilder::hasResumeDispatch(const Loop &C) const {
  const UniformLoopShape &S = CutShapes.at(&C);
  return needsResumeDispatch(CutViews.at(&C).Landing,
                             S.Uniform && !S.ShadowLanes);
}

/// The cut at C sees: A, what still reaches C from P's header once the
/// cuts at P's earlier loops have taken their loops and A (\p Gone) away,
/// with the pure values of those A computed again; as outside its lane
/// loop, values from outside the lane loop, and for a uniform P its
/// uniform phis and the uniform values computed before it (read from lane
/// 0). A divergent P's state comes per lane from its lane arrays, and only
/// its active lanes run its body; after a cut whose lanes resume at
/// different points (\p Prev, P's loop before C, not uniform or with
/// shadow lanes) a per-lane dispatch opens C's A.
void LanePlanBuilder::findCutShape(
    Loop &C, Loop &P, const Loop *Prev,
    const SmallPtrSetImpl<const BasicBlock *> &Gone) {
  CutView &CV = CutViews[&C];
  CV.Gone.insert(Gone.begin(), Gone.end());
  SmallVector<BasicBlock *, 16> Work = {C.getHeader()};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (BB == P.getHeader())
      continue;
    for (BasicBlock *Pred : predecessors(BB))
      if (P.contains(Pred) && !C.contains(Pred) && !Gone.count(Pred) &&
          CV.InA.insert(Pred).second) {
        CV.ABlocks.push_back(Pred);
        Work.push_back(Pred);
      }
  }
  const UniformLoopShape *PS = &P == &L ? nullptr : &CutShapes.at(&P);
  const CutView *PV = &P == &L ? nullptr : &CutViews.at(&P);
  CV.View.IsOutside = [this, &P, PS, PV](const Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !L.contains(I))
      return true;
    if (!PS)
      return false;
    // What the cut at P reads from outside its lane loop is still outside
    // the lane loop 2 that the cut at C cuts.
    if (PV->View.IsOutside(V))
      return true;
    if (!PS->Uniform)
      return false;
    if (auto *PN = dyn_cast<PHINode>(I); PN && PS->UniformPhis.count(PN))
      return true;
    return !P.contains(I) && isUniformLaneValue(I, PV->View, PS->UniformPhis);
  };
  // The cuts before copy the pure values of their A into the lane loop
  // that reads them (LaneLoopCutter's LaneAffineInB, by the same rule:
  // isPureToRecompute, which also takes a division by a divisor known not
  // to be zero); the rest comes through lane arrays.
  for (const BasicBlock *BB : Gone)
    if (!any_of(P, [&](const Loop *S) { return S->contains(BB); }))
      CV.RecomputedA.insert(BB);
  // The cut at P computes the lane-affine values of its A that its loop
  // reads again in its lane loop 2, which the cut at C cuts (LaneLoopCutter's
  // LaneAffineIn, by the same rule: recomputable from the lane index and
  // what the cut at P reads from outside its lane loop); not a shadowed P's
  // (a shadow lane reads the lane arrays of the lane it shadows). A uniform
  // P's values that are the same in every lane are outside already.
  auto InAOfP = [PV, &P](const Instruction *I) {
    return PV->View.InAOrI(I) && !P.contains(I);
  };
  auto LaneAffineInP = [this, PV, InAOfP](const Instruction *I) {
    return InAOfP(I) && isLaneAffine(I, Div.getLaneIndex(),
                                     PV->View.IsOutside, InAOfP, PV->IsOpaque);
  };
  bool PRecomputes = PS && !PS->ShadowLanes;
  CV.View.InAOrI = [&CV, &C, PRecomputes,
                    LaneAffineInP](const Instruction *I) {
    const BasicBlock *BB = I->getParent();
    return CV.InA.count(BB) || C.contains(BB) ||
           (CV.RecomputedA.count(BB) && isPureToRecompute(*I)) ||
           (PRecomputes && LaneAffineInP(I));
  };
  // A value the cut at P computes again is a copy of its chain, whose
  // operands are copies too, but for what is outside P's lane loop: an
  // operand of such a copy is opaque as the cut at P sees it.
  CV.IsOpaque = [this, &CV, PV, PRecomputes,
                 LaneAffineInP](const Instruction &User, const Value *V) {
    if (PRecomputes && LaneAffineInP(&User))
      return PV->IsOpaque(User, V);
    auto *I = dyn_cast<Instruction>(V);
    return I && L.contains(I) && CV.View.IsOutside(I);
  };
  CV.View.ABlocks = CV.ABlocks;
  CV.View.Lane = Div.getLaneIndex();
  bool ResumeApart = false;
  if (Prev) {
    const UniformLoopShape &S = CutShapes.at(Prev);
    ResumeApart = !(S.Uniform && !S.ShadowLanes) && hasResumeDispatch(*Prev);
  }
  CV.View.DivergentEntry = (PS && !PS->Uniform) || ResumeApart;
  SmallVector<BasicBlock *, 2> Latches;
  C.getLoopLatches(Latches);
  CutShapes[&C] = findUniformLoop(C, Latches, CV.View, DT);
}

namespace {
/// The address of a lockstep access as the cut's lane loop \p L computes
/// it: each integer lane-stepped input \p Stepped becomes `first + lane`
/// (a recurrence of \p L, nsw as the cut's copy adds it), and the
/// recurrences of the inner loop \p C, which runs around that lane loop,
/// their value at one iteration (their start).
class SteppedCopyAddress : public SCEVRewriteVisitor<SteppedCopyAddress> {
public:
  SteppedCopyAddress(ScalarEvolution &SE, const Loop &L, const Loop &C,
                     ArrayRef<Instruction *> Stepped)
      : SCEVRewriteVisitor(SE), L(L), C(C), Stepped(Stepped) {}

  const SCEV *visitUnknown(const SCEVUnknown *U) {
    auto *I = dyn_cast<Instruction>(U->getValue());
    if (!I || !I->getType()->isIntegerTy() || !is_contained(Stepped, I))
      return U;
    return SE.getAddRecExpr(U, SE.getOne(U->getType()), &L, SCEV::FlagNSW);
  }
  const SCEV *visitAddRecExpr(const SCEVAddRecExpr *AR) {
    if (C.contains(AR->getLoop()))
      return visit(AR->getStart());
    return SCEVRewriteVisitor::visitAddRecExpr(AR);
  }

private:
  const Loop &L;
  const Loop &C;
  ArrayRef<Instruction *> Stepped;
};
} // namespace

/// Whether the vectorizer sees the address of \p I, a lockstep access of
/// the inner loop \p C through the lane-stepped inputs \p Stepped, as a
/// recurrence of the lane loop only if a narrow index does not wrap
/// (`c[b + k]`, `b` the copy's `first + lane`, `k` unsigned: zero-extended):
/// the run-time check the vectorizer does not make when optimizing for size.
bool LanePlanBuilder::steppedCopyAssumesNoWrap(
    const Instruction &I, const Loop &C, ArrayRef<Instruction *> Stepped) {
  SteppedCopyAddress Rewrite(SE, L, C, Stepped);
  const SCEV *Addr =
      Rewrite.visit(SE.getSCEV(const_cast<Value *>(getLoadStorePointerOperand(&I))));
  SmallVector<const SCEVPredicate *, 4> Preds;
  const SCEVAddRecExpr *AR =
      SE.convertSCEVToAddRecWithPredicates(Addr, &L, Preds);
  return AR && AR->getLoop() == &L && !Preds.empty();
}

/// The lowering's lockstep access for the loop \p C (the same
/// analysis, on the uncut lane loop: A is what the lane loop computes
/// before \p C). Returns the round counters.
SmallPtrSet<const PHINode *, 4>
LanePlanBuilder::planLockstep(Loop &C, PlanNode &N, bool Uniform) {
  SmallPtrSet<const PHINode *, 4> Counters;
  const UniformLoopShape &Shape = CutShapes.at(&C);
  // Shadow lanes must read exactly what the lane they shadow reads; a
  // lane-stepped copy would move them.
  // Round counters and lane-stepped copies count lanes at compile time: not
  // at vscale x N lanes.
  if (!Opts.Lockstep || !C.isInnermost() || Shape.ShadowLanes || P.Scalable)
    return Counters;
  N.LoopDecision.Lockstep = true;
  // Only in divergent loops, whose rounds walk more streams than hardware
  // prefetchers follow; a uniform loop's accesses are followed already,
  // and the prefetches only slow it.
  N.LoopDecision.PrefetchChunks = Uniform ? 0 : Opts.LockstepPrefetch;
  // The cut's view of C (findCutShape): what it reads from outside its lane
  // loop, and what A computes.
  const LaneBodyView &View = CutViews.at(&C).View;
  auto InA = [&](const Instruction *I) {
    return View.InAOrI(I) && !C.contains(I);
  };
  auto Outside = [&](const Value *V) { return View.IsOutside(V); };
  // A per-lane value from before C reaches the cut at C in its A: computed
  // there, or read from its lane array there (a value from before C's
  // parent, or from before an earlier cut: "reread").
  auto IsInput = [&](const Instruction *I) {
    return L.contains(I) && !C.contains(I) && I != Div.getLaneIndex() &&
           !Outside(I);
  };
  SmallVector<BasicBlock *, 2> Latches;
  C.getLoopLatches(Latches);
  SmallVector<BasicBlock *, 8> Blocks(C.blocks());
  LockstepAccess LA = findLockstepAccess(
      C.getHeader(), Latches, Blocks, Div.getLaneIndex(),
      [&](Value *V) {
        // A uniform loop's counters and bounds are shared already.
        return Uniform ? isUniformLaneValue(V, View, Shape.UniformPhis)
                       : Outside(V);
      },
      IsInput,
      [&](Instruction *I) {
        return isRecomputable(I, Outside, InA, CutViews.at(&C).IsOpaque);
      },
      Uniform, [&](Instruction *I) { return IsInput(I) && !InA(I); });
  // A uniform loop's lane-affine inputs are computed again in its lane
  // loop 2 and need no lane-stepped copy (the cut's ruleLockstep).
  if (Uniform)
    erase_if(LA.LaneStepped, [&](Instruction *I) {
      return InA(I) && isLaneAffine(I, Div.getLaneIndex(), Outside, InA,
                                    CutViews.at(&C).IsOpaque);
    });
  if (!LA.NumAccesses && LA.ExitTests.empty())
    return Counters;
  N.LoopDecision.Access = LA;
  for (Instruction *I : LA.SteppedAccesses) {
    LockstepAccesses[I] = !Uniform ? LockstepKind::ContiguousMasked
                          : LA.LaneStepped.empty()
                              ? LockstepKind::ContiguousFromLane
                              : LockstepKind::Contiguous;
    if (!P.NoWrapAssumed && !LA.LaneStepped.empty() &&
        steppedCopyAssumesNoWrap(*I, C, LA.LaneStepped))
      P.NoWrapAssumed = I;
  }
  for (Instruction *I : LA.UniformAccesses)
    LockstepAccesses[I] = LockstepKind::SameAddress;
  raw_string_ostream OS(N.Lockstep);
  ListSeparator Parts;
  if (!LA.Counters.empty()) {
    OS << Parts << "round counter" << (LA.Counters.size() == 1 ? " " : "s ");
    ListSeparator LS;
    for (auto [PN, Step] : LA.Counters) {
      OS << LS;
      PN->printAsOperand(OS, /*PrintType=*/false);
      Counters.insert(PN);
    }
  }
  if (!LA.LaneStepped.empty()) {
    OS << Parts << "lane-stepped copy for ";
    ListSeparator LS;
    for (Instruction *I : LA.LaneStepped) {
      OS << LS;
      I->printAsOperand(OS, /*PrintType=*/false);
    }
    OS << " (tested before the first round)";
    if (unsigned Ahead = N.LoopDecision.PrefetchChunks)
      OS << ", prefetch " << Ahead << " chunks ahead";
  }
  return Counters;
}

/// A divergent loop with exit tests on round counters gets a steady copy
/// of its rounds (InnerLoopDecision::SteadyRounds), unless a BOSCC region
/// lies inside (the copy's branches are copies the cut would not give
/// BOSCC copies, and the rounds it runs are nearly all of them) or a test
/// could trap computed before the round (a division by a loop value that
/// may be zero: the cut cannot copy it there).
void LanePlanBuilder::planSteadyRounds(PlanNode &N) const {
  const LockstepAccess &LA = N.LoopDecision.Access;
  unsigned NumExitTests = LA.ExitTests.size();
  if (!NumExitTests)
    return;
  bool BOSCCInside = false;
  N.forEach([&](const PlanNode &X) { BOSCCInside |= X.hasBOSCC(); });
  raw_string_ostream OS(N.Lockstep);
  OS << (N.Lockstep.empty() ? "" : ", ") << NumExitTests
     << (NumExitTests == 1 ? " exit test" : " exit tests")
     << " once per round";
  if (BOSCCInside) {
    OS << ", no steady copy (a BOSCC region inside)";
    return;
  }
  if (!LA.ExitTestsRecomputable) {
    OS << ", no steady copy (a test cannot be computed before the round)";
    return;
  }
  N.LoopDecision.SteadyRounds = true;
  OS << ", steady copy while "
     << (NumExitTests == 1 ? "it does not fire" : "none fires");
}

/// Plan transform: how the values of the cut's A at \p C reach the parts
/// after it, other than through lane arrays (InnerLoopDecision's
/// SharedInputs, RecomputedInLoop, RecomputedAfter), by the cut's rules on
/// the plan's view of it: what it reads where (usePartAtCut), uniform
/// values (isUniformLaneValue) and lane-affine ones (isLaneAffine). A
/// lane-stepped input stays per lane: the lane-stepped copy computes it.
void LanePlanBuilder::planLaneValues(const Loop &C,
                                     InnerLoopDecision &D) const {
  const UniformLoopShape &Shape = CutShapes.at(&C);
  const CutView &CV = CutViews.at(&C);
  auto InA = [&](const Instruction *I) {
    return CV.View.InAOrI(I) && !C.contains(I);
  };
  // A shadowed loop that is not innermost would be cut again in a copy.
  bool InLoop2 = !Shape.ShadowLanes || C.isInnermost();
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      if (Control.count(&I) || !InA(&I))
        continue;
      bool ReadInC = false, ReadAfter = false;
      for (const Use &U : I.uses()) {
        CutPart K = usePartAtCut(C, U, CutA);
        ReadInC |= K == CutI;
        ReadAfter |= K == CutB;
      }
      bool Shared = Shape.Uniform && ReadInC &&
                    isUniformLaneValue(const_cast<Instruction *>(&I), CV.View,
                                       Shape.UniformPhis);
      if (Shared)
        D.SharedInputs.push_back(&I);
      if ((!ReadInC && !ReadAfter) ||
          !isLaneAffine(&I, Div.getLaneIndex(), CV.View.IsOutside, InA,
                        CV.IsOpaque))
        continue;
      if (ReadAfter)
        D.RecomputedAfter.push_back(&I);
      if (ReadInC && InLoop2 && !Shared &&
          !is_contained(D.Access.LaneStepped, &I))
        D.RecomputedInLoop.push_back(&I);
    }
}

/// Whether the cut at \p C, an innermost uniform loop with shadow lanes,
/// gives its lane loop 2 a copy for rounds where every lane entered: its
/// loop reads lane-affine values of A (\p D's RecomputedInLoop), which a
/// shadow lane reads from the lane arrays, as the lane it shadows has
/// them; the copy computes them again from its counter (md's `neigh + i`).
bool LanePlanBuilder::planEnteredCopy(const Loop &C,
                                      const InnerLoopDecision &D) const {
  return D.Uniform && D.ShadowLanes && C.isInnermost() &&
         !D.RecomputedInLoop.empty();
}

/// The lowering keeps a divergent loop's state in lane arrays, one value
/// per lane, and runs what the state computes lane by lane under the mask:
/// the state the lanes share while active is a vector all the same.
/// Round counters are the exception (one scalar per round).
void LanePlanBuilder::markLaneState(
    const Loop &C, const SmallPtrSetImpl<const PHINode *> &Counters) {
  SmallVector<const Instruction *, 8> Work;
  for (const PHINode &PN : C.getHeader()->phis())
    if (!Div.isVarying(&PN) && !Counters.count(&PN) &&
        LaneState.insert(&PN).second)
      Work.push_back(&PN);
  while (!Work.empty()) {
    const Instruction *I = Work.pop_back_val();
    for (const User *U : I->users()) {
      auto *UI = dyn_cast<Instruction>(U);
      if (UI && C.contains(UI) && !Div.isVarying(UI) &&
          LaneState.insert(UI).second)
        Work.push_back(UI);
    }
  }
}

} // namespace vplanext
