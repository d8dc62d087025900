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
///   (landingPhis).
/// A value lane-affine in the scope (from the lane index, values from
/// outside the lane loop, and in a loop's lane loop 2 the values read once
/// per round and the lane-affine values that lane loop computes again)
/// stays lane-affine on every cut's IR, as each cut computes the ones read
/// after it again; so every cut computes them again in the lane loops that
/// read them, except the BOSCC branch's condition, which its dispatch reads
/// from a lane array. An innermost loop's lane loop 2 with copies
/// (LaneCopy: lane-stepped, for rounds where every lane entered, steady)
/// is cut at its calls in each copy too (a copy's branches get no BOSCC
/// copies); the model follows each copy apart: a steady copy's exit tests
/// never leave, and the other copies compute the lane-stepped inputs, or a
/// shadowed loop's lane-affine inputs, from their counter, which makes
/// them lane-affine there.
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
  /// The blocks of the BOSCC regions cut before whose values reach this
  /// lane loop through lane arrays: a cut's lane loop 3 reads what its
  /// region computed from them.
  SmallVector<const BasicBlock *, 8> Carried;
};

/// The lane loop whose cuts the model follows: the lane loop itself, or
/// lane loop 2 of the cut at its inner loop Scope, or a copy of it
/// (LaneCopy) where the exit tests NeverLeave.
struct FlatScope {
  const Loop &Scope;
  bool IsLaneLoop2 = false;
  bool Divergent = false;
  ArrayRef<BranchInst *> NeverLeave = {};
  /// The lane loop runs vscale x N lanes: no call runs lane by lane.
  bool Scalable = false;
};

using BOSCCRegionMap = LanePlanBuilder::BOSCCRegionMap;

class FlatCutModel {
public:
  static constexpr unsigned BackEdgePart = ~0u;
  FlatCutModel(FlatScope Sc, const Loop &L,
               const SmallPtrSetImpl<const Instruction *> &Control,
               ArrayRef<const BasicBlock *> Blocks,
               const SmallPtrSetImpl<const CallBase *> &Calls,
               const BOSCCRegionMap &Regions,
               LanePlanBuilder::ModelledCuts &Out)
      : Sc(Sc), L(L), Control(Control), Regions(Regions), Out(Out.Cuts),
        Carried(Out.Carried) {
    unsigned Order = 0;
    for (const BasicBlock *BB : Blocks) {
      BlockOrder[BB] = BlockOrder.size();
      for (const Instruction &I : *BB) {
        auto *CB = dyn_cast<CallBase>(&I);
        if (CB && Calls.count(CB))
          BlockCalls[BB].push_back(CB);
        auto *Br = dyn_cast<BranchInst>(&I);
        if ((CB && Calls.count(CB)) || (Br && Regions.count(Br)))
          SiteOrder[&I] = Order++;
      }
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
  /// The nodes of the lane loops refused cuts leave whole.
  const DenseSet<FlatNode> &wholeNodes() const { return Whole; }
  /// The node of \p I: its block's stretch (a call run lane by lane ends
  /// its stretch).
  FlatNode nodeOfInst(const Instruction &I) const {
    const BasicBlock *BB = I.getParent();
    unsigned K = 0;
    auto It = BlockCalls.find(BB);
    if (It != BlockCalls.end())
      for (const CallBase *CB : It->second) {
        if (CB == &I || !CB->comesBefore(&I))
          break;
        ++K;
      }
    return {BB, K};
  }

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
    bool Stays = is_contained(Sc.NeverLeave, N.first->getTerminator());
    for (const BasicBlock *X : successors(N.first)) {
      if (Stays && !Sc.Scope.contains(X))
        continue;
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

  /// What one cut divides: the segment, its site, A and the region.
  struct CutParts {
    const FlatSegment &S;
    const Instruction *Site;
    const DenseSet<FlatNode> &A, &Region;
  };
  CutPart partOf(const CutParts &C, const Instruction &I) const;
  CutPart partOfNode(const CutParts &C, FlatNode N) const;
  CutPart usePartOf(const CutParts &C, const Use &U) const;
  CutRefusal findRefusal(const CutParts &C) const;

  FlatScope Sc;
  const Loop &L;
  const SmallPtrSetImpl<const Instruction *> &Control;
  const BOSCCRegionMap &Regions;
  DenseMap<const Instruction *, CutDecision> &Out;
  DenseMap<const Instruction *, SmallVector<const BasicBlock *, 8>> &Carried;
  DenseMap<const BasicBlock *, SmallVector<const CallBase *, 2>> BlockCalls;
  DenseMap<const Instruction *, unsigned> SiteOrder;
  DenseMap<const BasicBlock *, unsigned> BlockOrder;
  /// Landing edges that each go through a block of their own get a number
  /// no cut's landing blocks have (LandingTarget's second).
  unsigned NextOwnBlock = 1u << 24;
  DenseSet<FlatNode> Whole;
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
  if (CutRefusal R = findRefusal({S, Site, A, RegionNodes})) {
    CutDecision &D = Out[Site];
    D.CutOrder = SiteOrder.lookup(Site);
    D.Refused = R;
    Whole.insert(S.Nodes.begin(), S.Nodes.end());
    return;
  }
  decide(Site, Landing);
  if (!S.Carried.empty())
    Carried[Site] = S.Carried;

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
  One.Carried = Three.Carried = S.Carried;
  if (Br)
    append_range(Three.Carried, Regions.lookup(Br));
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
  // The inactive lanes' edge (from no block) leaves for the latch too.
  D.LandingPhis.insert_range(landingPhis(
      Targets, Landing.From, D.ResumeDispatch,
      Landing.To.front() == LatchNode || is_contained(Landing.From, nullptr)));
}

/// The part the cut \p C puts \p I in on the IR it cuts: the call itself
/// or the region's blocks (I), what reaches the site in its segment (A),
/// the rest of the segment (B). Other lane loops, and the lane loop's own
/// control, are not in the body.
CutPart FlatCutModel::partOf(const CutParts &C, const Instruction &I) const {
  if (Control.count(&I))
    return CutNotInBody;
  if (&I == C.Site && isa<CallBase>(I))
    return CutI;
  return partOfNode(C, nodeOfInst(I));
}

/// The part of the stretch \p N at the cut \p C.
CutPart FlatCutModel::partOfNode(const CutParts &C, FlatNode N) const {
  if (!C.S.Nodes.count(N))
    return CutNotInBody;
  if (C.Region.count(N))
    return CutI;
  return C.A.count(N) ? CutA : CutB;
}

/// Where the cut \p C reads \p U: outside the lane loop is not in the
/// body; another lane loop of it reads later, through lane arrays; a phi
/// reads at the end of its incoming block's last stretch.
CutPart FlatCutModel::usePartOf(const CutParts &C, const Use &U) const {
  auto *UI = cast<Instruction>(U.getUser());
  if (!L.contains(UI))
    return CutNotInBody;
  auto *PN = dyn_cast<PHINode>(UI);
  CutPart K = PN ? partOfNode(C, last(PN->getIncomingBlock(U)))
                 : partOf(C, *UI);
  return K == CutNotInBody ? CutB : K;
}

/// The rule (LoweringRules.h) that refuses the cut \p C, in the order the
/// cut checks them on its IR (Cutter::analyse): a call at a scalable lane
/// count, terminators, then instructions, values of A and the region read
/// where the cut cannot carry them, locals of the body the parts would
/// share.
CutRefusal FlatCutModel::findRefusal(const CutParts &C) const {
  if (Sc.Scalable && isa<CallBase>(C.Site))
    return {C.Site, ScalableSerialCallReason};
  SmallVector<const Instruction *, 32> Body;
  for (FlatNode N : C.S.Nodes)
    if (N.first && N.second != BackEdgePart)
      for (const Instruction &I : *N.first)
        if (nodeOfInst(I) == N && partOf(C, I) != CutNotInBody)
          Body.push_back(&I);
  // The segment's instructions in program order, as the cut meets them.
  sort(Body, [&](const Instruction *X, const Instruction *Y) {
    if (X->getParent() == Y->getParent())
      return X->comesBefore(Y);
    return BlockOrder.lookup(X->getParent()) < BlockOrder.lookup(Y->getParent());
  });
  for (const Instruction *I : Body)
    if (I->isTerminator())
      if (const char *Why = whyTerminatorRefusesCut(*I))
        return {I, Why};
  bool AtCall = isa<CallBase>(C.Site);
  for (const Instruction *I : Body)
    if (const char *Why = whyInstructionRefusesCut(
            *I, !AtCall && partOf(C, *I) == CutI))
      return {I, Why};
  for (const Instruction *I : Body) {
    CutPart K = partOf(C, *I);
    if (K == CutB)
      continue;
    if (const char *Why = whyValueRefusesCut(
            *I, K, [&](const Use &U) { return usePartOf(C, U); }))
      return {I, Why};
  }
  if (const AllocaInst *AI = findSharedLocal(
          *L.getHeader()->getParent(),
          [&](const Instruction &I) { return partOf(C, I); }))
    return {AI, SharedLocalReason};
  return {};
}
} // namespace

/// Plan transform, before the nodes are built: the cuts at calls run lane
/// by lane that a rule of the body refuses (the model's findRefusal). The
/// lane loop such a cut would divide stays whole with the call inside,
/// which the vectorizer cannot widen: costRefusedCuts costs its nodes
/// scalar and buildIf gives its regions no BOSCC. The cut takes a lane
/// loop's calls before its BOSCC regions, so these refusals do not depend
/// on the regions the costs choose.
void LanePlanBuilder::planCallRefusals() {
  if (P.NoCut)
    return;
  SmallPtrSet<const CallBase *, 4> Calls;
  for (const BasicBlock *BB : Blocks)
    for (const Instruction &I : *BB)
      if (auto *CB = dyn_cast<CallBase>(&I); CB && callNeedsSerialLanes(*CB))
        Calls.insert(CB);
  if (Calls.empty())
    return;
  ModelledCuts Cuts;
  BOSCCRegionMap NoRegions;
  CallWhole = modelFlatCuts(L, nullptr, NotACopy, Calls, NoRegions, Cuts);
  for (const Loop *C : L.getLoopsInPreorder())
    if (C != &L && !Refusals.count(C) && !WholeBlocks.count(C->getHeader()))
      CallWhole.insert_range(
          modelFlatCuts(*C, nullptr, NotACopy, Calls, NoRegions, Cuts));
}

void LanePlanBuilder::planFlatCuts() {
  if (P.NoCut)
    return;
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
  // The copies of a loop's lane loop 2 are cut at their calls only: their
  // branches are copies, which get no BOSCC copies.
  BOSCCRegionMap NoRegions;
  auto Plan = [&](const Loop &Scope, const InnerLoopDecision *D,
                  unsigned Copy) {
    ModelledCuts Cuts;
    SmallPtrSet<const Instruction *, 16> Whole = modelFlatCuts(
        Scope, D, Copy, Calls, Copy ? NoRegions : BOSCCRegions, Cuts);
    recordFlatCuts(Scope, D, Copy, Cuts);
    return Whole;
  };
  // A node some copy's refused cut leaves whole is costed scalar.
  SmallPtrSet<const Instruction *, 16> Whole = Plan(L, nullptr, NotACopy);
  for (const PlanNode *N : Loops)
    for (unsigned Copy : loop2Copies(N->getLoopDecision()))
      Whole.insert_range(Plan(*N->getLoop(), &N->getLoopDecision(), Copy));
  // The cuts of each site in the copies of a loop's lane loop 2.
  DenseMap<const Instruction *,
           SmallVector<std::pair<unsigned, const CutDecision *>, 2>>
      CopyCuts;
  for (const auto &[Key, D] : P.FlatCuts)
    if (Key.second != NotACopy)
      CopyCuts[Key.first].push_back({Key.second, &D});
  for (auto &[Site, Cuts] : CopyCuts)
    sort(Cuts, [](const auto &X, const auto &Y) { return X.first < Y.first; });
  // The nodes print their cut's decision; those in the lane loops refused
  // cuts leave whole are not cut (BOSCC regions there get no copies).
  std::function<void(PlanNode &)> Link = [&](PlanNode &N) {
    const Instruction *Site = nullptr;
    if (N.isSerialCall())
      Site = N.insts().front();
    else if (N.hasBOSCC())
      Site = N.getEntry()->getTerminator();
    if (auto It = P.FlatCuts.find({Site, NotACopy});
        Site && It != P.FlatCuts.end())
      N.FlatCut = &It->second;
    if (auto It = CopyCuts.find(Site); Site && It != CopyCuts.end())
      N.CopyCuts = It->second;
    if (const Instruction *I = representative(N); I && Whole.count(I))
      leaveWhole(N);
    for (auto &C : N.Children)
      Link(*C);
  };
  for (auto &N : P.Nodes)
    Link(*N);
}

/// The instruction that places \p N in one segment of the flat cuts: a
/// region's branch, a recipe's first instruction. Null for a loop or a
/// region holding one, which the cut takes apart before those cuts.
const Instruction *LanePlanBuilder::representative(const PlanNode &N) {
  bool HoldsLoop = false;
  N.forEach([&](const PlanNode &X) { HoldsLoop |= X.isLoop(); });
  if (HoldsLoop)
    return nullptr;
  if (N.getEntry())
    return N.getEntry()->getTerminator();
  return N.insts().empty() ? nullptr : N.insts().front();
}

/// The copies of lane loop 2 the cut at an innermost loop decided \p D
/// makes (Cutter::transform), the lane loop 2 itself first.
SmallVector<unsigned, 4>
LanePlanBuilder::loop2Copies(const InnerLoopDecision &D) {
  SmallVector<unsigned, 4> Copies = {NotACopy};
  if (!D.Access.LaneStepped.empty())
    Copies.push_back(SteppedCopy);
  if (D.EnteredCopy)
    Copies.push_back(AllEnteredCopy);
  // The steady copy copies the whole round: lane loop 2 and its copies.
  if (D.SteadyRounds)
    for (unsigned K = 0, E = Copies.size(); K != E; ++K)
      Copies.push_back(Copies[K] | SteadyCopy);
  return Copies;
}

/// The model of the cuts at \p Calls and \p Regions (BOSCC) in the blocks
/// of \p Scope outside its inner loops, into \p Cuts: in the lane loop
/// \p Scope when it is the lane loop, else in lane loop 2 of the cut at
/// \p Scope (decided \p D; null before the nodes are built), or in its
/// copy \p Copy (LaneCopy). With inner
/// loops, those blocks are in the lane loop 1 of each inner loop's cut (its
/// A, after the cut before's landing) and in the lane loop 3 of the last
/// one. Returns the instructions of the lane loops refused cuts leave
/// whole.
SmallPtrSet<const Instruction *, 16> LanePlanBuilder::modelFlatCuts(
    const Loop &Scope, const InnerLoopDecision *D, unsigned Copy,
    const SmallPtrSetImpl<const CallBase *> &Calls,
    const BOSCCRegionMap &Regions, ModelledCuts &Cuts) const {
  SmallPtrSet<const Instruction *, 16> Whole;
  auto Own = [&](const BasicBlock *BB) { return LI.getLoopFor(BB) == &Scope; };
  SmallPtrSet<const CallBase *, 4> ScopeCalls;
  for (const CallBase *CB : Calls)
    if (Own(CB->getParent()))
      ScopeCalls.insert(CB);
  BOSCCRegionMap ScopeRegions;
  for (const auto &[Br, R] : Regions)
    if (Own(Br->getParent()))
      ScopeRegions[Br] = R;
  if (ScopeCalls.empty() && ScopeRegions.empty())
    return Whole;
  SmallVector<const BasicBlock *, 16> OwnBlocks;
  for (const BasicBlock *BB : Blocks)
    if (Own(BB))
      OwnBlocks.push_back(BB);
  SmallVector<Loop *, 4> Children = childrenInCutOrder(Scope);
  // A refused cut at a loop leaves the lane loop it would divide whole: the
  // loops before it are cut, and the calls of their lane loops 1.
  auto Refused = find_if(Children, [&](const Loop *C) {
    return Refusals.count(C) || WholeBlocks.count(C->getHeader());
  });
  bool RestWhole = Refused != Children.end();
  Children.erase(Refused, Children.end());
  bool IsLaneLoop2 = &Scope != &L;
  FlatScope Sc{Scope, IsLaneLoop2, IsLaneLoop2 && isDivergentLoop(&Scope)};
  Sc.Scalable = P.Scalable;
  if (Copy & SteadyCopy)
    Sc.NeverLeave = D->Access.ExitTests;
  FlatCutModel Model(Sc, L, Control, OwnBlocks, ScopeCalls, ScopeRegions,
                     Cuts);
  FlatSegment Rest;
  Rest.Nodes = Model.nodesOf(OwnBlocks);
  Rest.InactiveExit = Sc.Divergent;
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
      Rest.Nodes.erase(N);
    Prev = {};
    for (auto [T, From] : zip(CV.Landing, CV.LandingFrom)) {
      Prev.To.push_back(Model.nodeOf(T.first));
      Prev.Via.push_back(T.second);
      Prev.From.push_back(From);
    }
    Prev.Dispatch = hasResumeDispatch(*C);
  }
  if (!Children.empty()) {
    Rest.Prev = Prev;
    Rest.InactiveExit = false;
  }
  if (!RestWhole)
    Model.cutSegment(Rest);
  for (const BasicBlock *BB : OwnBlocks)
    for (const Instruction &I : *BB)
      if (Model.wholeNodes().count(Model.nodeOfInst(I)))
        Whole.insert(&I);
  return Whole;
}

/// The plan's cuts \p Cuts in \p Scope (decided \p D, null for the lane
/// loop) or in its lane loop 2's copy \p Copy, with the lane-affine values
/// each computes again: every cut computes them again in the lane loops
/// that read them, but a BOSCC branch's condition, which its dispatch
/// reads from a lane array, and what the cut's lane loop reads of the BOSCC
/// regions cut before it (Out.Carried), which reaches it in lane arrays.
void LanePlanBuilder::recordFlatCuts(const Loop &Scope,
                                     const InnerLoopDecision *D, unsigned Copy,
                                     ModelledCuts &Out) {
  auto LaneAffineWith = [&](ArrayRef<const BasicBlock *> Carried) {
    return D ? laneAffineInLoop2(Scope, *D, Copy, Carried)
             : laneAffineInLaneLoop(Carried);
  };
  SmallVector<const Instruction *, 8> AllLaneAffine;
  if (Out.Cuts.size() > Out.Carried.size())
    AllLaneAffine = LaneAffineWith({});
  for (auto &[Site, CD] : Out.Cuts) {
    auto *Br = dyn_cast<BranchInst>(Site);
    auto It = Out.Carried.find(Site);
    SmallVector<const Instruction *, 8> LaneAffine =
        It == Out.Carried.end() ? AllLaneAffine : LaneAffineWith(It->second);
    if (!CD.Refused) {
      CD.RecomputedAfter.assign(LaneAffine.begin(), LaneAffine.end());
      for (const Instruction *I : LaneAffine)
        if (!Br || Br->getCondition() != I)
          CD.RecomputedInLoop.push_back(I);
    }
    P.FlatCuts[{Site, Copy}] = std::move(CD);
  }
}

/// The lane-affine values of the lane loop's blocks outside inner loops
/// (values computed in a loop reach the rest through lane arrays), but for
/// those of the \p Carried blocks, which also do.
SmallVector<const Instruction *, 8> LanePlanBuilder::laneAffineInLaneLoop(
    ArrayRef<const BasicBlock *> Carried) const {
  auto Own = [&](const Instruction *X) {
    return LI.getLoopFor(X->getParent()) == &L && !Control.count(X) &&
           !is_contained(Carried, X->getParent());
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
/// shadowed loop's but in its copy \p Copy for rounds where every lane
/// entered), and in a lane-stepped copy the lane-stepped inputs; those
/// values themselves too; not those of the \p Carried blocks, which reach
/// the cut through lane arrays.
SmallVector<const Instruction *, 8>
LanePlanBuilder::laneAffineInLoop2(const Loop &C, const InnerLoopDecision &D,
                                   unsigned Copy,
                                   ArrayRef<const BasicBlock *> Carried) const {
  const CutView &CV = CutViews.at(&C);
  auto Recomputed = [&](const Value *V) {
    return (!D.ShadowLanes || (Copy & AllEnteredCopy)) &&
           is_contained(D.RecomputedInLoop, V);
  };
  // The lane-stepped copy computes each lane-stepped input from its lane
  // (Cutter::addSteppedCopy): `first + lane`, an integer of another width
  // than the lane's through a cast, a pointer through two more operations
  // (the rules' walk counts them against its depth).
  auto SteppedDepth = [&](const Value *V) -> std::optional<unsigned> {
    if (!(Copy & SteppedCopy) || !is_contained(D.Access.LaneStepped, V))
      return std::nullopt;
    if (V->getType()->isPointerTy())
      return 2;
    return V->getType() != Div.getLaneIndex()->getType() ? 1 : 0;
  };
  auto IsLeaf = [&](const Value *V, unsigned Depth) {
    if (V == Div.getLaneIndex() || CV.View.IsOutside(V) ||
        is_contained(D.SharedInputs, V))
      return true;
    if (std::optional<unsigned> Extra = SteppedDepth(V))
      return Depth + *Extra <= RecomputeMaxDepth;
    auto *PN = dyn_cast<PHINode>(V);
    return PN && ((D.Uniform && D.UniformPhis.count(PN)) ||
                  is_contained(make_first_range(D.Access.Counters), PN));
  };
  auto Own = [&](const Instruction *I) {
    return LI.getLoopFor(I->getParent()) == &C &&
           !is_contained(Carried, I->getParent());
  };
  // Lane loop 2 reads a shared input from lane 0 of a vector and a
  // lane-stepped input computes from its first lane: a division by either
  // may trap as far as the cuts in it can tell.
  auto IsOpaque = [&](const Instruction &User, const Value *V) {
    return is_contained(D.SharedInputs, V) || SteppedDepth(V).has_value() ||
           CV.IsOpaque(User, V);
  };
  // isRecomputable's walk, entering A only through a recomputed value.
  std::function<bool(const Value *, unsigned, bool)> Affine =
      [&](const Value *V, unsigned Depth, bool InA) {
        if (IsLeaf(V, Depth))
          return true;
        auto *I = dyn_cast<Instruction>(V);
        if (!I || Depth > RecomputeMaxDepth ||
            !isPureToRecompute(*I, IsOpaque))
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
  for (const Instruction *I : D.Access.LaneStepped)
    if (SteppedDepth(I))
      LaneAffine.push_back(I);
  for (const BasicBlock *BB : C.blocks())
    for (const Instruction &I : *BB)
      if (Own(&I) && Affine(&I, 0, false))
        LaneAffine.push_back(&I);
  return LaneAffine;
}

} // namespace vplanext
