//===- LanePlanFlatCuts.cpp - The plan's cuts at calls and BOSCC regions --===//
//
/// \file
/// Plan transform: how the cuts at calls run lane by lane and at BOSCC
/// regions land their lanes and which values later lane loops compute
/// again (PlanDecisions::FlatCuts), in a lane loop without inner loops and
/// in lane loop 2 of the cut at an innermost loop (the loop's body, once
/// per round).
///
/// The cut takes such a lane loop's calls first, in the plan's order, each
/// in the lane loop the cuts before it leave, then its BOSCC regions; each
/// cut leaves its part before (A) in a lane loop 1 and the rest in a lane
/// loop 3, which the next cuts divide again. The model follows that on the
/// uncut body, with a block that holds calls run lane by lane seen as one
/// node per stretch between them (a cut splits the block at the call):
/// - a segment is what one lane loop of the cut holds: the whole scope, a
///   lane loop 1 (every edge that leaves it goes through a block of its
///   own to its latch) or a lane loop 3 (entered where the cut before it
///   lands its lanes, through its resume dispatch when it has one);
/// - in a loop's lane loop 2, the loop's exits and back edges each go
///   through a block of their own, and a divergent loop's inactive lanes
///   leave at its start;
/// - the cut's A is what reaches the region in its segment; its landing
///   edges are those from A or the region to the rest, with the edges of
///   the cut before that A does not reach (findLanding's, for loops);
/// - on them, the rules decide: a resume dispatch (needsResumeDispatch),
///   else the landing phis of the one block the lanes land in
///   (isLandingPhi).
/// A value lane-affine in the scope (from the lane index, values from
/// outside the lane loop, and in a loop's lane loop 2 the values read once
/// per round and the lane-affine values that lane loop computes again)
/// stays lane-affine on every cut's IR, as each cut computes the ones read
/// after it again; so every cut computes them again in the lane loops that
/// read them, except the BOSCC branch's condition, which its dispatch reads
/// from a lane array. A loop's lane loop 2 with copies (lane-stepped,
/// steady, for rounds where every lane entered) has its calls cut in each
/// copy too, on other edges: the plan leaves the cuts of such a lane loop
/// with calls to the rules.
//===----------------------------------------------------------------------===//

#include "vplan-ext/LanePlanBuilder.h"
#include "vplan-ext/LockstepAccess.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Instructions.h"
#include <functional>

using namespace llvm;

namespace vplanext {

namespace {
/// A stretch of a block of the lane loop: from its start (0), or from
/// after its K-th call run lane by lane. {nullptr, 0} is the lane loop's
/// latch (its increment and exit test), where every lane ends.
using FlatNode = std::pair<const BasicBlock *, unsigned>;
constexpr FlatNode LatchNode = {nullptr, 0};

/// Where a cut's lanes land: one entry per landing edge, with its target,
/// which landing block of the cut before it goes through (LandingTarget's
/// second) and its source in the uncut body.
struct FlatLanding {
  SmallVector<FlatNode, 4> To;
  SmallVector<unsigned, 4> Via;
  SmallVector<const BasicBlock *, 4> From;
  bool Dispatch = false;
};

/// What one lane loop of the cut holds.
struct FlatSegment {
  DenseSet<FlatNode> Nodes;
  /// A lane loop 1: every edge out of it was a landing edge of the cut that
  /// left it and goes through a block of its own (the whole scope and a
  /// lane loop 3 lead to the lane loop's latch).
  bool IsLaneLoop1 = false;
  /// Where the cut before lands its lanes, at the start of the segment:
  /// the one that left a lane loop 3, or the loop's before a loop's A.
  FlatLanding Prev;
  /// It starts where a divergent loop's lane loop 2 lets its inactive
  /// lanes leave.
  bool InactiveExit = false;
};

/// The lane loop whose cuts the model follows: the lane loop itself, or
/// lane loop 2 of the cut at its inner loop Scope.
struct FlatScope {
  const Loop &Scope;
  bool IsLaneLoop2 = false;
  bool Divergent = false;
};

using BOSCCRegionMap =
    DenseMap<const BranchInst *, SmallPtrSet<const BasicBlock *, 16>>;

class FlatCutModel {
public:
  static constexpr unsigned BackEdgePart = ~0u;
  FlatCutModel(FlatScope Sc, ArrayRef<const BasicBlock *> Blocks,
               const SmallPtrSetImpl<const CallBase *> &Calls,
               const BOSCCRegionMap &Regions,
               DenseMap<const Instruction *, CutDecision> &Out)
      : Sc(Sc), Regions(Regions), Out(Out) {
    unsigned Order = 0;
    for (const BasicBlock *BB : Blocks)
      for (const Instruction &I : *BB) {
        auto *CB = dyn_cast<CallBase>(&I);
        if (CB && Calls.count(CB))
          BlockCalls[BB].push_back(CB);
        auto *Br = dyn_cast<BranchInst>(&I);
        if ((CB && Calls.count(CB)) || (Br && Regions.count(Br)))
          SiteOrder[&I] = Order++;
      }
  }

  /// The nodes of \p Blocks.
  DenseSet<FlatNode> nodesOf(ArrayRef<const BasicBlock *> Blocks) const {
    DenseSet<FlatNode> Nodes;
    for (const BasicBlock *BB : Blocks)
      for (unsigned K = 0, E = numCalls(BB); K <= E; ++K)
        Nodes.insert({BB, K});
    return Nodes;
  }
  /// The node a cut's landing target stands for: the scope's header is the
  /// end of a loop's body (a back edge, or a divergent loop's inactive
  /// lanes).
  FlatNode nodeOf(const BasicBlock *BB) const {
    return {BB, BB == Sc.Scope.getHeader() ? BackEdgePart : 0};
  }
  /// Models the cuts of \p S and of the lane loops they leave.
  void cutSegment(const FlatSegment &S);

private:
  unsigned numCalls(const BasicBlock *BB) const {
    auto It = BlockCalls.find(BB);
    return It == BlockCalls.end() ? 0 : It->second.size();
  }
  FlatNode last(const BasicBlock *BB) const { return {BB, numCalls(BB)}; }

  /// The node's successors: across its block's next call, else its
  /// block's successors (the lane loop's latch's: the lane loop's latch; a
  /// back edge of a loop's lane loop 2: a node of no segment).
  SmallVector<FlatNode, 2> succs(FlatNode N) const {
    if (N.second < numCalls(N.first))
      return {{N.first, N.second + 1}};
    if (!Sc.IsLaneLoop2 && N.first == Sc.Scope.getLoopLatch())
      return {LatchNode};
    SmallVector<FlatNode, 2> S;
    for (const BasicBlock *X : successors(N.first)) {
      FlatNode T = {X, X == Sc.Scope.getHeader() ? BackEdgePart : 0};
      if (!is_contained(S, T))
        S.push_back(T);
    }
    return S;
  }
  SmallVector<FlatNode, 2> preds(FlatNode N) const {
    if (N.second)
      return {{N.first, N.second - 1}};
    SmallVector<FlatNode, 2> P;
    if (N.first == Sc.Scope.getHeader())
      return P;
    for (const BasicBlock *X : predecessors(N.first))
      if (Sc.Scope.contains(X))
        P.push_back(last(X));
    return P;
  }

  /// The first site of \p S in the plan's order: a call while any is left,
  /// then a BOSCC branch; null when none is left.
  const Instruction *firstSite(const FlatSegment &S) const {
    const Instruction *Best = nullptr;
    auto Consider = [&](const Instruction *I) {
      if (!Best || SiteOrder.lookup(I) < SiteOrder.lookup(Best))
        Best = I;
    };
    for (auto &[BB, Cs] : BlockCalls)
      for (auto [K, CB] : enumerate(Cs))
        if (S.Nodes.count({BB, K}) && S.Nodes.count({BB, K + 1}))
          Consider(CB);
    if (Best)
      return Best;
    for (auto &[Br, R] : Regions)
      if (S.Nodes.count(last(Br->getParent())) &&
          all_of(R, [&](const BasicBlock *X) { return S.Nodes.count({X, 0}); }))
        Consider(Br);
    return Best;
  }

  void decide(const Instruction *Site, const FlatLanding &Landing);

  FlatScope Sc;
  const BOSCCRegionMap &Regions;
  DenseMap<const Instruction *, CutDecision> &Out;
  DenseMap<const BasicBlock *, SmallVector<const CallBase *, 2>> BlockCalls;
  DenseMap<const Instruction *, unsigned> SiteOrder;
  /// Landing edges that each go through a block of their own get a number
  /// no cut's landing blocks have (LandingTarget's second).
  unsigned NextOwnBlock = 1u << 24;
};

/// The cut at \p S's first site: its A, its landing, then the cuts of the
/// lane loops 1 and 3 it leaves (the region's own lane loops are not cut
/// again).
void FlatCutModel::cutSegment(const FlatSegment &S) {
  const Instruction *Site = firstSite(S);
  if (!Site)
    return;
  // The region's entry node (in A: the block is split before the site) and
  // its nodes.
  FlatNode Entry;
  DenseSet<FlatNode> RegionNodes;
  FlatLanding Landing;
  auto Add = [&](FlatNode To, unsigned Via, const BasicBlock *From) {
    Landing.To.push_back(To);
    Landing.Via.push_back(Via);
    Landing.From.push_back(From);
  };
  auto *Br = dyn_cast<BranchInst>(Site);
  if (!Br) {
    const BasicBlock *BB = Site->getParent();
    unsigned K = find(BlockCalls[BB], Site) - BlockCalls[BB].begin();
    Entry = {BB, K};
    // The call's block of its own goes on to the rest of its block.
    Add({BB, K + 1}, 0, BB);
  } else {
    Entry = last(Br->getParent());
    for (const BasicBlock *X : Regions.lookup(Br))
      RegionNodes.insert({X, 0});
    SmallVector<FlatNode, 8> Sources = {Entry};
    for (FlatNode N : RegionNodes)
      Sources.push_back(N);
    for (FlatNode N : Sources)
      for (FlatNode T : succs(N))
        if (!RegionNodes.count(T))
          Add(T, 0, N.first);
  }
  // A: what reaches the region in this segment.
  DenseSet<FlatNode> A = {Entry};
  SmallVector<FlatNode, 16> Work = {Entry};
  while (!Work.empty())
    for (FlatNode P : preds(Work.pop_back_val()))
      if (S.Nodes.count(P) && A.insert(P).second)
        Work.push_back(P);
  // The inactive lanes leave from the start of the segment (in A).
  if (S.InactiveExit)
    Add(LatchNode, NextOwnBlock++, nullptr);
  // A lane loop 1's edges out of it (to the latch too) were the cut
  // before's landing edges, a loop's lane loop 2's its exits and back
  // edges: each goes through a block of its own.
  auto OwnBlock = [&](FlatNode T) {
    return !S.Nodes.count(T) &&
           (S.IsLaneLoop1 || Sc.IsLaneLoop2);
  };
  // The cut before's landing edges that A does not take, through its
  // landing blocks.
  for (auto [K, T] : enumerate(S.Prev.To))
    if (!A.count(T))
      Add(T,
          OwnBlock(T)          ? NextOwnBlock++
          : S.Prev.Dispatch ? unsigned(K) + 1
                            : 1,
          S.Prev.From[K]);
  for (FlatNode N : A) {
    if (N == Entry)
      continue;
    for (FlatNode T : succs(N))
      if (!A.count(T))
        Add(T, OwnBlock(T) ? NextOwnBlock++ : 0, N.first);
  }
  decide(Site, Landing);

  FlatSegment One, Three;
  // Lane loop 1 keeps A's start: where the cut before landed its lanes
  // (those that leave A now through blocks of their own), the inactive
  // lanes' exit.
  One.IsLaneLoop1 = true;
  One.Nodes = A;
  One.Prev = S.Prev;
  One.InactiveExit = S.InactiveExit;
  for (FlatNode N : S.Nodes)
    if (!A.count(N) && !RegionNodes.count(N))
      Three.Nodes.insert(N);
  Three.Prev = Landing;
  Three.Prev.Dispatch = Out[Site].ResumeDispatch;
  cutSegment(One);
  cutSegment(Three);
}

/// The rules on the model's landing edges (ruleLanding's, on the cut's
/// IR): a resume dispatch when they go to more than one place, else the
/// landing phis of the block they all go to.
void FlatCutModel::decide(const Instruction *Site,
                          const FlatLanding &Landing) {
  CutDecision &D = Out[Site];
  D.CutOrder = SiteOrder.lookup(Site);
  SmallVector<LandingTarget, 4> Targets;
  for (auto [To, Via] : zip(Landing.To, Landing.Via))
    Targets.push_back({To.first, Via});
  D.ResumeDispatch = needsResumeDispatch(Targets, /*UniformNoShadows=*/false);
  FlatNode To = Landing.To.front();
  if (D.ResumeDispatch || Landing.To.size() == 1 || To == LatchNode ||
      is_contained(Landing.From, nullptr))
    return;
  for (const PHINode &PN : To.first->phis())
    if (isLandingPhi(PN, Landing.From))
      D.LandingPhis.insert(&PN);
}
} // namespace

void LanePlanBuilder::planFlatCuts() {
  SmallPtrSet<const CallBase *, 4> Calls;
  SmallVector<const PlanNode *, 4> Loops;
  P.forEachNode([&](const PlanNode &N) {
    if (N.isSerialCall())
      Calls.insert(cast<CallBase>(N.insts().front()));
    if (N.isLoop() && !N.getLoopDecision().Refused && !N.isLeftWhole())
      Loops.push_back(&N);
  });
  if (Calls.empty() && BOSCCRegions.empty())
    return;
  planFlatCutsIn(L, nullptr, Calls);
  for (const PlanNode *N : Loops)
    planFlatCutsIn(*N->getLoop(), &N->getLoopDecision(), Calls);
  // The nodes print their cut's decision.
  std::function<void(PlanNode &)> Link = [&](PlanNode &N) {
    const Instruction *Site = nullptr;
    if (N.isSerialCall())
      Site = N.insts().front();
    else if (N.hasBOSCC())
      Site = N.getEntry()->getTerminator();
    if (auto It = P.FlatCuts.find(Site); Site && It != P.FlatCuts.end())
      N.FlatCut = &It->second;
    for (auto &C : N.Children)
      Link(*C);
  };
  for (auto &N : P.Nodes)
    Link(*N);
}

/// The cuts at \p Calls and BOSCC regions in the blocks of \p Scope outside
/// its inner loops: in the lane loop \p Scope (\p D null), else in lane
/// loop 2 of the cut at \p Scope (decided \p D). With inner loops, those
/// blocks are in the lane loop 1 of each inner loop's cut (its A, after
/// the cut before's landing) and in the lane loop 3 of the last one.
void LanePlanBuilder::planFlatCutsIn(
    const Loop &Scope, const InnerLoopDecision *D,
    const SmallPtrSetImpl<const CallBase *> &Calls) {
  auto Own = [&](const BasicBlock *BB) { return LI.getLoopFor(BB) == &Scope; };
  SmallPtrSet<const CallBase *, 4> ScopeCalls;
  for (const CallBase *CB : Calls)
    if (Own(CB->getParent()))
      ScopeCalls.insert(CB);
  BOSCCRegionMap ScopeRegions;
  for (const auto &[Br, R] : BOSCCRegions)
    if (Own(Br->getParent()))
      ScopeRegions[Br] = R;
  if (ScopeCalls.empty() && ScopeRegions.empty())
    return;
  // A loop's lane loop 2 with copies (lane-stepped, steady, for rounds
  // where every lane entered) has its calls cut in each copy too, on other
  // edges; its BOSCC regions would come after calls the cut takes in its
  // own order.
  if (D && !ScopeCalls.empty() &&
      (!D->Access.LaneStepped.empty() || D->SteadyRounds || D->EnteredCopy))
    return;
  SmallVector<const BasicBlock *, 16> OwnBlocks;
  for (const BasicBlock *BB : Blocks)
    if (Own(BB))
      OwnBlocks.push_back(BB);
  SmallVector<Loop *, 4> Children = childrenInCutOrder(Scope);
  // A refused cut leaves the rest of its lane loop whole.
  for (const Loop *C : Children)
    if (Refusals.count(C) || WholeBlocks.count(C->getHeader()))
      return;
  DenseMap<const Instruction *, CutDecision> Cuts;
  FlatScope Sc{Scope, D != nullptr, D && !D->Uniform};
  FlatCutModel Model(Sc, OwnBlocks, ScopeCalls, ScopeRegions, Cuts);
  FlatSegment Whole;
  Whole.Nodes = Model.nodesOf(OwnBlocks);
  Whole.InactiveExit = Sc.Divergent;
  // Each inner loop's A is a lane loop 1, entered where the cut before
  // lands; the rest is the last cut's lane loop 3.
  FlatLanding Prev;
  for (const Loop *C : Children) {
    const CutView &CV = CutViews.at(C);
    FlatSegment A;
    A.IsLaneLoop1 = true;
    A.Nodes = Model.nodesOf(CV.ABlocks);
    // Later loops' A get the inactive lanes' edge from the cut before.
    A.InactiveExit = Sc.Divergent && C == Children.front();
    A.Prev = Prev;
    Model.cutSegment(A);
    for (const auto &N : A.Nodes)
      Whole.Nodes.erase(N);
    Prev = {};
    for (auto [T, From] : zip(CV.Landing, CV.LandingFrom)) {
      Prev.To.push_back(Model.nodeOf(T.first));
      Prev.Via.push_back(T.second);
      Prev.From.push_back(From);
    }
    Prev.Dispatch = hasResumeDispatch(*C);
  }
  if (!Children.empty()) {
    Whole.Prev = Prev;
    Whole.InactiveExit = false;
  }
  Model.cutSegment(Whole);

  SmallVector<const Instruction *, 8> LaneAffine =
      D ? laneAffineInLoop2(Scope, *D) : laneAffineInLaneLoop();
  for (auto &[Site, CD] : Cuts) {
    auto *Br = dyn_cast<BranchInst>(Site);
    CD.RecomputedAfter.assign(LaneAffine.begin(), LaneAffine.end());
    for (const Instruction *I : LaneAffine)
      if (!Br || Br->getCondition() != I)
        CD.RecomputedInLoop.push_back(I);
    P.FlatCuts[Site] = std::move(CD);
  }
}

/// The lane-affine values of the lane loop's blocks outside inner loops
/// (values computed in a loop reach the rest through lane arrays).
SmallVector<const Instruction *, 8>
LanePlanBuilder::laneAffineInLaneLoop() const {
  auto Own = [&](const Instruction *X) {
    return LI.getLoopFor(X->getParent()) == &L && !Control.count(X);
  };
  SmallVector<const Instruction *, 8> LaneAffine;
  for (const BasicBlock *BB : Blocks)
    for (const Instruction &I : *BB)
      if (Own(&I) && isLaneAffine(
                         &I, Div.getLaneIndex(),
                         [&](const Value *V) {
                           auto *X = dyn_cast<Instruction>(V);
                           return !X || !L.contains(X);
                         },
                         Own))
        LaneAffine.push_back(&I);
  return LaneAffine;
}

/// The values lane-affine in lane loop 2 of the cut at \p C (decided
/// \p D), in C's blocks outside its inner loops: from the lane index, what
/// that lane loop reads from outside it (values from outside the cut's
/// lane loop, a uniform loop's shared phis and inputs, round counters) and
/// the lane-affine values of A it computes again (RecomputedInLoop, not a
/// shadowed loop's); those values themselves too.
SmallVector<const Instruction *, 8>
LanePlanBuilder::laneAffineInLoop2(const Loop &C,
                                   const InnerLoopDecision &D) const {
  const CutView &CV = CutViews.at(&C);
  auto Recomputed = [&](const Value *V) {
    return !D.ShadowLanes && is_contained(D.RecomputedInLoop, V);
  };
  auto IsLeaf = [&](const Value *V) {
    if (V == Div.getLaneIndex() || CV.View.IsOutside(V) ||
        is_contained(D.SharedInputs, V))
      return true;
    auto *PN = dyn_cast<PHINode>(V);
    return PN && ((D.Uniform && D.UniformPhis.count(PN)) ||
                  is_contained(make_first_range(D.Access.Counters), PN));
  };
  auto Own = [&](const Instruction *I) {
    return LI.getLoopFor(I->getParent()) == &C;
  };
  // isRecomputable's walk, entering A only through a recomputed value.
  std::function<bool(const Value *, unsigned, bool)> Affine =
      [&](const Value *V, unsigned Depth, bool InA) {
        if (IsLeaf(V))
          return true;
        auto *I = dyn_cast<Instruction>(V);
        if (!I || Depth > 8 || !isPureToRecompute(*I, CV.IsOpaque))
          return false;
        bool IsA = CV.View.InAOrI(I) && !C.contains(I);
        if (!Own(I) && !IsA)
          return false;
        if (IsA && !InA && !Recomputed(I))
          return false;
        return all_of(I->operands(), [&](const Value *Op) {
          return Affine(Op, Depth + 1, IsA);
        });
      };
  SmallVector<const Instruction *, 8> LaneAffine;
  for (const Instruction *I : D.RecomputedInLoop)
    if (Recomputed(I))
      LaneAffine.push_back(I);
  for (const BasicBlock *BB : C.blocks())
    for (const Instruction &I : *BB)
      if (Own(&I) && Affine(&I, 0, false))
        LaneAffine.push_back(&I);
  return LaneAffine;
}

} // namespace vplanext
