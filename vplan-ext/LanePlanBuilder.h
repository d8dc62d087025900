//===- LanePlanBuilder.h - The builder of lane plans (private) -*- C++ -*-===//
//
/// \file
/// The builder of one lane loop's plan (LanePlan.h), private to the files
/// that implement it. The plan's files:
///   LanePlan.cpp        the walk in program order, regions (if/else,
///                       loops, masked exits, lockstep), arithmetic and call
///                       recipes, the cost helpers, the analysis
///   LanePlanMemory.cpp  interleave groups and the memory recipes
///   LanePlanRefusals.cpp  the cuts the lowering refuses
///   LanePlanFlatCuts.cpp  the cuts at calls and BOSCC regions
///   LanePlanPrint.cpp   the plan's dump, summary and shape, and the
///                       printer pass (no builder code)
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANEPLANBUILDER_H
#define VPLANEXT_LANEPLANBUILDER_H

#include "vplan-ext/DivergenceAnalysis.h"
#include "vplan-ext/InterleaveGroupModel.h"
#include "vplan-ext/LanePlan.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/UniformLoopRule.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/IVDescriptors.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/VectorTypeUtils.h"
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
class AssumptionCache;
class DataLayout;
class DominatorTree;
class PostDominatorTree;
class ScalarEvolution;
} // namespace llvm

namespace vplanext {

class LaneStrideInfo;
struct AccessStride;

// Like the files that include it, the builder's declaration uses LLVM's
// names unqualified.
using namespace llvm;

static constexpr TargetTransformInfo::TargetCostKind CostKind =
    TargetTransformInfo::TCK_RecipThroughput;

//===----------------------------------------------------------------------===//
// Interleave groups
//===----------------------------------------------------------------------===//

/// Strided accesses the loop vectorizer makes one interleave group of
/// (InterleaveGroupModel).
using InterleaveGroup = AccessGroupDesc;

//===----------------------------------------------------------------------===//
// The builder
//===----------------------------------------------------------------------===//

class LanePlanBuilder {
public:
  /// The blocks of BOSCC regions between their branch and their join.
  using BOSCCRegionMap =
      DenseMap<const BranchInst *, SmallPtrSet<const BasicBlock *, 16>>;
  LanePlanBuilder(LanePlan &P, const LaneLoopDivergence &Div,
                  const LaneStrideInfo &Strides, LoopInfo &LI,
                  DominatorTree &DT, PostDominatorTree &PDT,
                  ScalarEvolution &SE, AssumptionCache &AC,
                  const TargetTransformInfo &TTI, bool IsX86,
                  const LaneLoweringOptions &Opts)
      : P(P), Div(Div), Strides(Strides), L(Div.getLoop()), LI(LI), DT(DT),
        PDT(PDT), SE(SE), AC(AC), TTI(TTI),
        DL(L.getHeader()->getDataLayout()), IsX86(IsX86), Opts(Opts) {}

  void run();

  /// The flat-cut model's cuts of one scope: each one's decision, and the
  /// blocks of the BOSCC regions cut before it whose values its lane loop
  /// reads from lane arrays (no longer lane-affine there).
  struct ModelledCuts {
    DenseMap<const Instruction *, CutDecision> Cuts;
    DenseMap<const Instruction *, SmallVector<const BasicBlock *, 8>> Carried;
  };

private:
  using NodeList = SmallVectorImpl<std::unique_ptr<PlanNode>>;
  using BlockSet = SmallPtrSet<const BasicBlock *, 16>;

  LanePlan &P;
  const LaneLoopDivergence &Div;
  const LaneStrideInfo &Strides;
  Loop &L;
  LoopInfo &LI;
  DominatorTree &DT;
  PostDominatorTree &PDT;
  ScalarEvolution &SE;
  AssumptionCache &AC;
  const TargetTransformInfo &TTI;
  const DataLayout &DL;
  bool IsX86;
  const LaneLoweringOptions &Opts;
  unsigned VF = 0;

  /// The lane loop's blocks in reverse post-order (program order).
  SmallVector<BasicBlock *, 32> Blocks;
  /// Blocks whose lanes run under a mask: reached from a divergent branch
  /// before its post-dominator, or in a divergent loop.
  BlockSet Masked;
  /// Blocks already placed in a region.
  BlockSet Consumed;
  /// The lane loop's own control (lane index, increment, exit test): the
  /// vector loop's control once widened, not part of the plan.
  SmallPtrSet<const Instruction *, 8> Control;
  SmallVector<InterleaveGroup, 4> Groups;
  DenseMap<const Instruction *, unsigned> GroupOf;
  /// Accesses that lockstep access makes the same in every lane (a
  /// divergent loop's round counter), contiguous under the lane mask (a
  /// divergent loop) or contiguous (a uniform loop).
  /// ContiguousFromLane: a uniform loop's access whose lane-stepped inputs
  /// lane loop 2 computes again from its counter (no copy).
  enum class LockstepKind {
    SameAddress,
    ContiguousMasked,
    Contiguous,
    ContiguousFromLane
  };
  DenseMap<const Instruction *, LockstepKind> LockstepAccesses;
  SmallDenseSet<unsigned, 4> PlacedGroups;
  /// BOSCC regions planned so far, in program order: at most
  /// -vplan-boscc-max-regions per lane loop.
  unsigned NumBOSCC = 0;
  /// The blocks of each BOSCC region between its branch and its join.
  BOSCCRegionMap BOSCCRegions;
  /// The branches whose BOSCC cut the flat-cut model refuses (planFlatCuts,
  /// on an earlier build of the nodes): no BOSCC for them.
  DenseMap<const BranchInst *, CutRefusal> RefusedBOSCC;
  void buildNodes();
  /// Values of divergent loops that the divergence analysis finds uniform
  /// (the same in every lane still active) but the lowering keeps per lane:
  /// the loops' state and what it computes, unless lockstep access makes
  /// the state a round counter.
  SmallPtrSet<const Value *, 16> LaneState;

  /// Every inner loop by the cut's uniform-loop rule (UniformLoopRule.h),
  /// on the part of the uncut body the cut at it sees: memory reads are
  /// never uniform there, although the divergence analysis may find a load
  /// uniform. Node-based maps: the views' callbacks point into them.
  struct CutView {
    SmallPtrSet<const BasicBlock *, 16> InA;
    /// Blocks of the A of earlier cuts, whose pure values are recomputed.
    SmallPtrSet<const BasicBlock *, 16> RecomputedA;
    /// Where the cut's landing edges go, with the landing block of the cut
    /// before each goes through (findLanding).
    SmallVector<LandingTarget, 4> Landing;
    /// The source of each landing edge in the uncut body (for an edge from
    /// the cut before's landing block, the source of that cut's edge; null
    /// for the edge of a divergent parent's inactive lanes).
    SmallVector<const BasicBlock *, 4> LandingFrom;
    /// The phis of the one block the lanes land in that they carry from
    /// their edge (isLandingPhi): read on the edge, in lane loop 1 or 2.
    SmallPtrSet<const PHINode *, 4> LandingPhis;
    SmallVector<BasicBlock *, 16> ABlocks;
    /// Whether this cut reads an operand of an instruction from outside its
    /// own lane loop (an earlier cut's lane-0 read of a uniform value), not
    /// seeing its definition (isPureToRecompute's IsOpaque); in a chain the
    /// cut at the parent computes again, as that cut sees it.
    std::function<bool(const Instruction &, const Value *)> IsOpaque;
    /// Blocks of the parent's earlier cuts (their A and loop): in other
    /// lane loops by the time of this cut.
    BlockSet Gone;
    LaneBodyView View;
  };
  std::map<const Loop *, CutView> CutViews;
  std::map<const Loop *, UniformLoopShape> CutShapes;
  /// The cut's order: the function's reverse post-order (programOrder),
  /// in which the loops of one parent are cut.
  DenseMap<const BasicBlock *, unsigned> CutOrder;
  SmallVector<Loop *, 4> childrenInCutOrder(const Loop &P) const;
  void findCutShapes();
  void findCutShape(Loop &C, Loop &P, const Loop *Prev,
                    const SmallPtrSetImpl<const BasicBlock *> &Gone);
  void findLanding(const Loop &C, const Loop &P, const Loop *Prev);

  /// The cuts at inner loops the lowering refuses (LanePlanRefusals.cpp).
  std::map<const Loop *, CutRefusal> Refusals;
  /// The blocks of the lane loops refused cuts leave whole (the parts of
  /// the body each refused cut sees): nothing there is cut.
  BlockSet WholeBlocks;
  void planCutRefusals();
  bool planCutBudget();
  /// The cuts at calls and BOSCC regions of a lane loop without inner
  /// loops and of innermost loops' lane loops 2 (LanePlanFlatCuts.cpp).
  void planFlatCuts();
  /// The instructions of the lane loops refused cuts at calls leave whole
  /// (planCallRefusals, before the nodes are built).
  SmallPtrSet<const Instruction *, 16> CallWhole;
  void planCallRefusals();
  SmallPtrSet<const Instruction *, 16>
  modelFlatCuts(const Loop &Scope, const InnerLoopDecision *Loop2,
                unsigned Copy, const SmallPtrSetImpl<const CallBase *> &Calls,
                const BOSCCRegionMap &Regions, ModelledCuts &Out) const;
  void recordFlatCuts(const Loop &Scope, const InnerLoopDecision *Loop2,
                      unsigned Copy, ModelledCuts &Out);
  static SmallVector<unsigned, 4> loop2Copies(const InnerLoopDecision &D);
  static const Instruction *representative(const PlanNode &N);
  SmallVector<const Instruction *, 8>
  laneAffineInLaneLoop(ArrayRef<const BasicBlock *> Carried) const;
  SmallVector<const Instruction *, 8>
  laneAffineInLoop2(const Loop &C, const InnerLoopDecision &D, unsigned Copy,
                    ArrayRef<const BasicBlock *> Carried) const;
  void findLeftWhole();
  CutRefusal findCutRefusal(const Loop &C) const;
  CutRefusal findEdgeRefusal(const Loop &C) const;
  CutPart blockPartAtCut(const Loop &C, const BasicBlock &BB) const;
  CutPart partAtCut(const Loop &C, const Instruction &I) const;
  CutPart usePartAtCut(const Loop &C, const Use &U, CutPart DefPart) const;
  /// Whether the cut at \p C starts lane loop 3 with a resume dispatch.
  bool hasResumeDispatch(const Loop &C) const;
  bool isDivergentLoop(const Loop *C) const {
    return !CutShapes.at(C).Uniform;
  }

  /// Whether \p V differs between lanes once lowered.
  bool isVarying(const Value *V) const {
    return Div.isVarying(V) || LaneState.count(V);
  }

  unsigned chooseVF() const;
  void findControl();
  void findMaskedBlocks();
  void formInterleaveGroups();

  /// \p T across the lane loop's lanes: vscale x VF of them at a scalable
  /// lane count, priced as one vector of them (vscale 1: the scalar side
  /// runs VF lanes).
  Type *widen(Type *T) const {
    return toVectorTy(T, ElementCount::get(VF, P.Scalable));
  }
  /// \p T across VF lanes taken one by one: TTI prices per-lane work
  /// (inserts, extracts, lane tests) on fixed vectors only, so at a
  /// scalable lane count it is priced at its known minimum of lanes.
  Type *laneWiden(Type *T) const { return toVectorTy(T, VF); }
  bool isWidenable(Type *T) const {
    return T->isVoidTy() || VectorType::isValidElementType(T);
  }
  bool hasVaryingUser(const Instruction &I) const;
  bool isContiguousIndex(const Instruction &I, unsigned Depth = 0) const;
  PlanCost scalarCost(const Instruction &I) const;
  InstructionCost laneCost(const Instruction &I) const;
  InstructionCost broadcastCost(Type *T) const;
  InstructionCost maskOpCost() const;
  InstructionCost serialCallOverhead(const CallBase &CB) const;
  InstructionCost selectCost(Type *T) const;

  void buildScope(const BlockSet &Scope, const Loop *ScopeLoop,
                  const BasicBlock *BOSCCRegion, NodeList &Out);
  /// An inner loop the scalar lane loop's vectorizer widens in each lane's
  /// run (findScalarInnerLoop): how many iterations at a time, and its
  /// reductions.
  struct ScalarInnerLoop {
    unsigned Width = 1;
    SmallVector<RecurrenceDescriptor, 2> Reductions;
  };
  ScalarInnerLoop findScalarInnerLoop(const Loop &C,
                                      unsigned MaxTripCount) const;
  InstructionCost scalarInnerRunCost(const ScalarInnerLoop &S) const;
  InstructionCost scalarInnerIterCost(const Loop &C, unsigned Width) const;
  void planScalarInnerLoop(const Loop &C, PlanNode &N) const;
  static void costAsScalar(PlanNode &N);
  std::pair<const Instruction *, const char *>
  findDeclinedLaneLoop(const NodeList &Nodes) const;
  void costDeclinedLaneLoops(NodeList &Nodes) const;
  void costRefusedCuts(NodeList &Nodes) const;
  static void leaveWhole(PlanNode &N);
  void addInstruction(Instruction &I, NodeList &Out);
  void addRecipe(NodeList &Out, PlanNode::NodeKind K, const Instruction &I,
                 PlanCost C, std::string Note = "");
  void addMemory(Instruction &I, NodeList &Out);
  void addGroup(const InterleaveGroup &G, NodeList &Out);
  void addUngroupedStrided(Instruction &I, const AccessStride &S, bool IsMasked,
                           NodeList &Out);
  InstructionCost groupGatherCost(const InterleaveGroup &G,
                                  bool IsMasked) const;
  void chooseCheapestForm(const InterleaveGroup &G, bool IsMasked,
                          PlanNode &N, InstructionCost Vector,
                          function_ref<InstructionCost()> GatherCost,
                          raw_ostream &NS) const;
  /// VF scalar loads (stores) of each member plus building (taking apart)
  /// the vector: LV's "scalarize" form of a strided access.
  /// Under a mask (\p IsMasked), each lane's access also tests its mask
  /// bit and branches (laneTestsCost).
  InstructionCost scalarizedCost(const InterleaveGroup &G, bool IsLoad,
                                 bool IsMasked) const;
  InstructionCost laneTestsCost(LLVMContext &Ctx) const;
  InstructionCost laneValuesCost(const Instruction &I, VectorType *VT) const;
  InstructionCost gatherScatterCost(const Instruction &I, VectorType *VT,
                                    bool IsMasked) const;
  InstructionCost membersGatherScatterCost(const InterleaveGroup &G,
                                           bool IsMasked) const;
  InstructionCost perLaneAccessCost(const Instruction &I, VectorType *VT,
                                    bool IsMasked) const;
  std::optional<int64_t> frozenStride(Instruction &I) const;
  void addCall(CallBase &CB, NodeList &Out);
  InstructionCost widenCost(const Instruction &I) const;
  /// The widened instruction's own cost (widenCost without the cap).
  InstructionCost
  vectorFormCost(const Instruction &I,
                 std::optional<ElementCount> At = std::nullopt) const;
  InstructionCost divisionThroughDoubleCost(const Instruction &I) const;

  std::unique_ptr<PlanNode> buildLoop(Loop &C, const BasicBlock *BOSCCRegion);
  void planSteadyRounds(PlanNode &N) const;
  /// Plan transform (LanePlanBlocks.cpp): per-lane row reads of the
  /// innermost uniform loop \p C read in transposed blocks where cheaper.
  void planTransposedBlocks(const Loop &C, PlanNode &N) const;
  bool findBlockExits(const Loop &C, const InnerLoopDecision &D,
                      TransposedBlocks &B) const;
  bool readsOwnRow(const Loop &C, const LoadInst &X) const;
  InstructionCost transposedBlockCost(const LoadInst &X,
                                      unsigned NumExits) const;
  void recordNoWrap(const Instruction &I);
  void planLaneValues(const Loop &C, InnerLoopDecision &D) const;
  bool planEnteredCopy(const Loop &C, const InnerLoopDecision &D) const;
  bool steppedCopyAssumesNoWrap(const Instruction &I, const Loop &C,
                                ArrayRef<Instruction *> Stepped);
  SmallPtrSet<const PHINode *, 4> planLockstep(Loop &C, PlanNode &N,
                                               bool Uniform);
  void markLaneState(const Loop &C,
                     const SmallPtrSetImpl<const PHINode *> &Counters);
  std::unique_ptr<PlanNode> buildMaskedExit(const Loop &C) const;
  bool findIfRegion(BasicBlock *BB, BlockSet &Region, BasicBlock *&Join) const;
  std::unique_ptr<PlanNode> buildIf(BasicBlock *BB, const BlockSet &Region,
                                    BasicBlock *Join,
                                    const BasicBlock *BOSCCRegion);
};

} // namespace vplanext

#endif // VPLANEXT_LANEPLANBUILDER_H
