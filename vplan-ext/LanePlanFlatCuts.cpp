//===- LanePlanFlatCuts.cpp - The plan's cuts at calls and BOSCC regions --===//
//
/// \file
/// Plan transform: how the cuts at calls run lane by lane and at BOSCC
/// regions land their lanes and which values later lane loops compute
/// again (PlanDecisions::FlatCuts), in a lane loop without inner loops.
///
/// The cut takes such a lane loop's calls first, in the plan's order, each
/// in the lane loop the cuts before it leave, then its BOSCC regions; each
/// cut leaves its part before (A) in a lane loop 1 and the rest in a lane
/// loop 3, which the next cuts divide again. The model follows that on the
/// uncut body, with a block that holds calls run lane by lane seen as one
/// node per stretch between them (a cut splits the block at the call):
/// - a segment is what one lane loop of the cut holds: the whole body, a
///   lane loop 1 (every edge that leaves it goes through a block of its
///   own to its latch) or a lane loop 3 (entered where the cut before it
///   lands its lanes, through its resume dispatch when it has one);
/// - the cut's A is what reaches the region in its segment; its landing
///   edges are those from A or the region to the rest, with the edges of
///   the cut before that A does not reach (findLanding's, for loops);
/// - on them, the rules decide: a resume dispatch (needsResumeDispatch),
///   else the landing phis of the one block the lanes land in
///   (isLandingPhi).
/// A value lane-affine in the uncut loop stays lane-affine on every cut's
/// IR (each cut computes the ones read after it again), so every cut
/// computes them again in the lane loops that read them, except the
/// BOSCC branch's condition, which its dispatch reads from a lane array.
//
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
  enum Kind { Whole, LaneLoop1, LaneLoop3 } K = Whole;
  /// LaneLoop3: the landing of the cut that left it.
  FlatLanding Prev;
};

class FlatCutModel {
public:
  FlatCutModel(const Loop &L, ArrayRef<BasicBlock *> Blocks,
               const SmallPtrSetImpl<const CallBase *> &Calls,
               const DenseMap<const BranchInst *,
                              SmallPtrSet<const BasicBlock *, 8>> &Regions,
               DenseMap<const Instruction *, CutDecision> &Out)
      : L(L), Calls(Calls), Regions(Regions), Out(Out) {
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

  /// Models every cut of the lane loop, starting from its whole body.
  void run(ArrayRef<BasicBlock *> Blocks) {
    FlatSegment Whole;
    for (const BasicBlock *BB : Blocks)
      for (unsigned K = 0, E = numCalls(BB); K <= E; ++K)
        Whole.Nodes.insert({BB, K});
    cutSegment(Whole);
  }

private:
  unsigned numCalls(const BasicBlock *BB) const {
    auto It = BlockCalls.find(BB);
    return It == BlockCalls.end() ? 0 : It->second.size();
  }
  FlatNode last(const BasicBlock *BB) const { return {BB, numCalls(BB)}; }

  /// The node's successors: across its block's next call, else its
  /// block's successors (the latch's: the lane loop's latch).
  SmallVector<FlatNode, 2> succs(FlatNode N) const {
    if (N.second < numCalls(N.first))
      return {{N.first, N.second + 1}};
    if (N.first == L.getLoopLatch())
      return {LatchNode};
    SmallVector<FlatNode, 2> S;
    for (const BasicBlock *X : successors(N.first))
      if (!is_contained(S, FlatNode{X, 0}))
        S.push_back({X, 0});
    return S;
  }
  SmallVector<FlatNode, 2> preds(FlatNode N) const {
    if (N.second)
      return {{N.first, N.second - 1}};
    SmallVector<FlatNode, 2> P;
    if (N.first == L.getHeader())
      return P;
    for (const BasicBlock *X : predecessors(N.first))
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

  void cutSegment(const FlatSegment &S);
  void decide(const Instruction *Site, const FlatLanding &Landing);

  const Loop &L;
  const SmallPtrSetImpl<const CallBase *> &Calls;
  const DenseMap<const BranchInst *, SmallPtrSet<const BasicBlock *, 8>>
      &Regions;
  DenseMap<const Instruction *, CutDecision> &Out;
  DenseMap<const BasicBlock *, SmallVector<const CallBase *, 2>> BlockCalls;
  DenseMap<const Instruction *, unsigned> SiteOrder;
  /// Edges that leave a lane loop 1 each go through a block of their own.
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
  // The cut before's landing edges that A does not take.
  if (S.K == FlatSegment::LaneLoop3)
    for (auto [K, T] : enumerate(S.Prev.To))
      if (T == LatchNode || !A.count(T))
        Add(T, S.Prev.Dispatch ? unsigned(K) + 1 : 1, S.Prev.From[K]);
  for (FlatNode N : A) {
    if (N == Entry)
      continue;
    for (FlatNode T : succs(N)) {
      if (A.count(T))
        continue;
      // A lane loop 1's edges out of it (to the latch too) were the cut
      // before's landing edges: each goes through a block of its own.
      bool OwnBlock = S.K == FlatSegment::LaneLoop1 && !S.Nodes.count(T);
      Add(T, OwnBlock ? NextOwnBlock++ : 0, N.first);
    }
  }
  decide(Site, Landing);

  FlatSegment One, Three;
  One.K = FlatSegment::LaneLoop1;
  One.Nodes = A;
  Three.K = FlatSegment::LaneLoop3;
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
  if (D.ResumeDispatch || Landing.To.size() == 1 || To == LatchNode)
    return;
  for (const PHINode &PN : To.first->phis())
    if (isLandingPhi(PN, Landing.From))
      D.LandingPhis.insert(&PN);
}
} // namespace

void LanePlanBuilder::planFlatCuts() {
  if (!L.isInnermost())
    return;
  SmallPtrSet<const CallBase *, 4> Calls;
  DenseMap<const BranchInst *, SmallPtrSet<const BasicBlock *, 8>> Regions;
  P.forEachNode([&](const PlanNode &N) {
    if (N.isSerialCall())
      Calls.insert(cast<CallBase>(N.insts().front()));
    if (!N.hasBOSCC())
      return;
    BasicBlock *BB = const_cast<BasicBlock *>(N.getEntry());
    BlockSet Region;
    BasicBlock *Join = nullptr;
    if (findIfRegion(BB, Region, Join))
      Regions[cast<BranchInst>(BB->getTerminator())].insert(Region.begin(),
                                                             Region.end());
  });
  if (Calls.empty() && Regions.empty())
    return;
  FlatCutModel(L, Blocks, Calls, Regions, P.FlatCuts).run(Blocks);
  // Lane-affine values stay so on every cut's IR: each cut computes them
  // again where they are read.
  SmallVector<const Instruction *, 8> LaneAffine;
  for (const BasicBlock *BB : Blocks)
    for (const Instruction &I : *BB)
      if (!Control.count(&I) &&
          isLaneAffine(
              &I, Div.getLaneIndex(),
              [&](const Value *V) {
                auto *X = dyn_cast<Instruction>(V);
                return !X || !L.contains(X);
              },
              [&](const Instruction *X) {
                return L.contains(X) && !Control.count(X);
              }))
        LaneAffine.push_back(&I);
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
  for (auto &[Site, D] : P.FlatCuts) {
    D.RecomputedAfter.assign(LaneAffine.begin(), LaneAffine.end());
    auto *Br = dyn_cast<BranchInst>(Site);
    for (const Instruction *I : LaneAffine)
      if (!Br || Br->getCondition() != I)
        D.RecomputedInLoop.push_back(I);
  }
}

} // namespace vplanext
