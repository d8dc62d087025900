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

STATISTIC(NumUnplannedLoops,
          "Number of inner loops cut without a decision of the plan");

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
  classifyParts(LL, S.Inner);
  Failure Own;
  bool Ok = findEdges(Own);
  if (Ok && S.Inner && !takeLoopDecision(*S.Inner, DT, Fail))
    return false;
  if (Ok) {
    decideLanding();
    Ok = checkInstructions(Own) && findCrossingValues(Own) &&
         checkSharedLocals(Own);
  }
  if (!takeRefusal(S.Inner, Ok ? nullptr : &Own, Fail))
    return false;
  findAvailability(DT);
  if (S.Inner && D.LockstepPlanned && !takeLockstep(*S.Inner, Fail))
    return false;
  findUniformInA();
  findLaneAffine(S.Inner);
  return !S.Inner || takeEnteredCopy(*S.Inner, Fail);
}

/// The plan's refusal of the cut at \p Inner (InnerLoopDecision::Refused),
/// beside the rules' refusal on the IR being cut (\p Own, null if none):
/// without a plan, or at a cut the plan does not decide (a call, a BOSCC
/// region), the rules decide; with one the plan does, and verify mode
/// reports a loop where the two differ. The rules still refuse a cut the
/// plan would make: they keep the IR correct.
bool Cutter::takeRefusal(const Loop *Inner, const Failure *Own,
                         Failure &Fail) const {
  const InnerLoopDecision *L = nullptr;
  if (Plan && Inner)
    if (auto It = Plan->InnerLoops.find(Inner->getHeader());
        It != Plan->InnerLoops.end())
      L = &It->second;
  const CutRefusal *R = L && L->Refused ? &L->Refused : nullptr;
  if (L && Plan->Verify && (R ? !Own || Own->Why != R->Why : Own != nullptr)) {
    Fail = {R ? std::string("verify: the plan refuses this cut (") + R->Why +
                    "), the rules on the IR it cuts " +
                    (Own ? "refuse it for: " + Own->Why : "accept it")
              : "verify: the rules on the IR it cuts refuse this cut (" +
                    Own->Why + "), the plan does not",
            Inner->getHeader()->getTerminator()};
    Fail.PlanDisagrees = true;
    return false;
  }
  if (R) {
    Fail = {R->Why, R->At};
    Fail.Planned = true;
    return false;
  }
  if (Own) {
    Fail = *Own;
    return false;
  }
  return true;
}

/// The plan's decision on the copy for rounds where every lane entered;
/// the copy computes LaneAffineIn[PartI] again, which verify mode checks
/// it has exactly when the plan asks for it.
bool Cutter::takeEnteredCopy(const Loop &Inner, Failure &Fail) {
  bool Own = D.ShadowLanes && !LaneAffineIn[PartI].empty();
  const InnerLoopDecision *L = nullptr;
  if (Plan)
    if (auto It = Plan->InnerLoops.find(Inner.getHeader());
        It != Plan->InnerLoops.end())
      L = &It->second;
  D.EnteredCopy = L ? L->EnteredCopy && Own : Own;
  if (!L || !Plan->Verify || L->EnteredCopy == Own)
    return true;
  Fail = {L->EnteredCopy
              ? "verify: the plan gives this loop a copy for rounds where "
                "every lane entered, the cut finds no lane-affine input"
              : "verify: the cut finds lane-affine inputs of this shadowed "
                "loop, the plan gives it no copy for rounds where every "
                "lane entered",
          Inner.getHeader()->getTerminator()};
  Fail.PlanDisagrees = true;
  return false;
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

/// Where lane loop 3 takes each lane: a resume point per landing edge
/// (needsResumeDispatch); else into the one block, with the values its phis
/// take on the lane's edge when there is more than one edge.
void Cutter::decideLanding() {
  SmallVector<LandingTarget, 4> Targets;
  for (const Edge &E : Landing)
    Targets.push_back({E.To, 0});
  D.NeedResume =
      needsResumeDispatch(Targets, D.UniformLoop && !D.ShadowLanes);
  BasicBlock *To = Landing.front().To;
  if (D.NeedResume || Landing.size() == 1 || To == L.Latch)
    return;
  SmallVector<const BasicBlock *, 4> From;
  for (const Edge &E : Landing)
    From.push_back(E.From);
  for (PHINode &PN : To->phis())
    if (isLandingPhi(PN, From))
      D.LandingPhis.push_back(&PN);
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

void Cutter::findLaneAffine(const Loop *Inner) {
  bool InI = !D.ShadowLanes || (Inner && Inner->isInnermost());
  for (auto &[I, Needs] : Cross) {
    if (!isLaneAffine(I))
      continue;
    if (Needs & (1u << PartB)) {
      LaneAffineIn[PartB].insert(I);
      Needs &= ~(1u << PartB);
    }
    // A BOSCC dispatch reads the branch's condition from its lane array.
    bool BOSCCCond = D.BOSCCBranch && D.BOSCCBranch->getCondition() == I;
    if ((Needs & (1u << PartI)) && InI && !D.UniformInA.count(I) &&
        !is_contained(D.Lockstep.LaneStepped, I) && !BOSCCCond) {
      LaneAffineIn[PartI].insert(I);
      if (!D.ShadowLanes)
        Needs &= ~(1u << PartI);
    }
  }
  Cross.remove_if([](const auto &KV) { return KV.second == 0; });
}

/// The plan's decision for \p Inner; a loop the plan did not see is
/// divergent, without lockstep access. Verify mode applies the uniform-loop
/// rule (UniformLoopRule.h) to this cut's parts too and refuses the cut
/// when the plan decided otherwise.
bool Cutter::takeLoopDecision(Loop &Inner, const DominatorTree &DT,
                              Failure &Fail) {
  const InnerLoopDecision *L = nullptr;
  if (Plan)
    if (auto It = Plan->InnerLoops.find(Inner.getHeader());
        It != Plan->InnerLoops.end())
      L = &It->second;
  if (L) {
    D.UniformLoop = L->Uniform;
    D.ShadowLanes = L->ShadowLanes;
    D.UniformPhis = L->UniformPhis;
    // Round counters, lane-stepped and steady copies count lanes at
    // compile time: not at vscale x N lanes.
    D.LockstepPlanned = L->Lockstep && VL.isFixed();
    D.PrefetchChunks = VL.isFixed() ? L->PrefetchChunks : 0;
    D.SteadyPlanned = L->SteadyRounds && VL.isFixed();
  } else {
    ++NumUnplannedLoops;
    LLVM_DEBUG(dbgs() << "vplan-ext: no plan for the loop at "
                      << Inner.getHeader()->getName() << "\n");
  }
  if (!Plan || !Plan->Verify)
    return true;
  UniformLoopShape S =
      vplanext::findUniformLoop(Inner, InnerLatches, View, DT);
  if (S.Uniform == D.UniformLoop && S.ShadowLanes == D.ShadowLanes &&
      S.UniformPhis == D.UniformPhis)
    return true;
  Fail = {"verify: the plan lowers this inner loop other than the cut's "
          "uniform-loop rule on the IR it cuts",
          Inner.getHeader()->getTerminator()};
  Fail.PlanDisagrees = true;
  return false;
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
  // (findLaneAffine): stepped by construction, they need no copy (and a
  // uniform loop's copy has no prefetches to keep).
  if (D.UniformLoop)
    llvm::erase_if(LA.LaneStepped,
                   [&](Instruction *I) { return isLaneAffine(I); });
  return LA;
}

const Value *Cutter::originOf(const Value *V) const {
  if (!Origins)
    return V;
  auto It = Origins->find(V);
  return It == Origins->end() ? V : It->second;
}

void Cutter::noteOrigins() {
  if (!Origins)
    return;
  for (auto *In : {&N.InI, &N.InB})
    for (auto [Old, New] : *In)
      if (New != Old && !isa<Constant>(New) && !Origins->count(New))
        (*Origins)[New] = const_cast<Value *>(originOf(Old));
}

namespace {
template <typename T> bool sameSet(ArrayRef<T> A, ArrayRef<T> B) {
  return A.size() == B.size() &&
         all_of(A, [&](const T &X) { return is_contained(B, X); });
}

/// Whether two lockstep accesses of one loop rewrite the same instructions
/// in the same way.
bool sameLockstep(const LockstepAccess &A, const LockstepAccess &B) {
  return sameSet<std::pair<PHINode *, ConstantInt *>>(A.Counters,
                                                       B.Counters) &&
         sameSet<Instruction *>(A.LaneStepped, B.LaneStepped) &&
         sameSet<BranchInst *>(A.ExitTests, B.ExitTests) &&
         sameSet<Instruction *>(A.SteppedAccesses, B.SteppedAccesses) &&
         sameSet<Instruction *>(A.UniformAccesses, B.UniformAccesses) &&
         A.NumAccesses == B.NumAccesses &&
         A.ExitTestsRecomputable == B.ExitTestsRecomputable;
}
} // namespace

/// The counters, exit tests and accesses are the plan's instructions as
/// they are (the loop's own); each lane-stepped input is the input of this
/// cut's region that stands for the plan's (an earlier cut may have made
/// it: a value lane loop 2 computes again). An input the plan names that
/// the region does not read is a lowering bug: the cut refuses.
bool Cutter::takeLockstep(Loop &Inner, Failure &Fail) {
  const LockstepAccess &Planned = Plan->InnerLoops.at(Inner.getHeader()).Access;
  D.Lockstep = Planned;
  D.Lockstep.LaneStepped.clear();
  for (Instruction *P : Planned.LaneStepped) {
    auto It = find_if(Cross, [&](const auto &KV) {
      return isInputOfI(KV.first, KV.second) && originOf(KV.first) == P;
    });
    if (It == Cross.end()) {
      Fail = {"a lane-stepped input of the plan is not an input of the "
              "loop on the IR it cuts",
              Inner.getHeader()->getTerminator()};
      Fail.PlanDisagrees = Plan->Verify;
      return false;
    }
    D.Lockstep.LaneStepped.push_back(It->first);
  }
  if (!Plan->Verify || sameLockstep(D.Lockstep, ruleLockstep(Inner)))
    return true;
  Fail = {"verify: the plan's lockstep access of this loop differs from "
          "the rule's on the IR it cuts",
          Inner.getHeader()->getTerminator()};
  Fail.PlanDisagrees = true;
  return false;
}

/// A's values a uniform loop reads that are the same in every lane (see
/// CutDecisions::UniformInA).
void Cutter::findUniformInA() {
  if (D.UniformLoop)
    for (auto &[I, Needs] : Cross)
      if (isInputOfI(I, Needs) && isUniformValue(I))
        D.UniformInA.insert(I);
}

} // namespace fission
} // namespace vplanext
