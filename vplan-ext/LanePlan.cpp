//===- LanePlan.cpp - Plans of SIMD-lane loops: regions and recipes -------===//
//
// The builder walks the lane loop's blocks in reverse post-order and builds
// the region tree as it goes: an inner loop's header opens a loop region
// (its blocks are consumed by it), a conditional branch with a single-entry
// single-exit region up to its join opens an if/else region, and every other
// instruction becomes a recipe of the enclosing region. Recipes and regions
// are costed with TargetTransformInfo as they are made.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LanePlan.h"
#include "vplan-ext/LockstepAccess.h"
#include "vplan-ext/SimdLoopPass.h"
#include "vplan-ext/DivergenceAnalysis.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/UniformLoopRule.h"
#include "vplan-ext/StrideAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/Loads.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/VectorTypeUtils.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include <functional>
#include <map>

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

namespace vplanext {

AnalysisKey LanePlanAnalysis::Key;

/// Trip count assumed for an inner loop SCEV cannot bound: only the ratio of
/// scalar to vector cost matters, and both sides scale with it.
static constexpr unsigned AssumedTripCount = 8;
/// A bound above this (an `int` counter's range) says nothing about the
/// loop; the assumed trip count is used instead.
static constexpr unsigned MaxUsefulTripCount = 4096;

static constexpr TargetTransformInfo::TargetCostKind CostKind =
    TargetTransformInfo::TCK_RecipThroughput;

//===----------------------------------------------------------------------===//
// Interleave groups
//===----------------------------------------------------------------------===//

namespace {

/// Constant-stride accesses of one block at offsets within one stride of
/// each other: what the loop vectorizer makes one interleave group of.
struct InterleaveGroup {
  /// Members in program order, with their byte offset from the lowest one.
  SmallVector<std::pair<const Instruction *, int64_t>, 4> Members;
  int64_t StrideBytes = 0;
  Type *EltTy = nullptr;
};

} // namespace

//===----------------------------------------------------------------------===//
// The builder
//===----------------------------------------------------------------------===//

class LanePlanBuilder {
public:
  LanePlanBuilder(LanePlan &P, const LaneLoopDivergence &Div,
                  const LaneStrideInfo &Strides, LoopInfo &LI,
                  DominatorTree &DT, PostDominatorTree &PDT,
                  ScalarEvolution &SE, AssumptionCache &AC,
                  const TargetTransformInfo &TTI, bool IsX86)
      : P(P), Div(Div), Strides(Strides), L(Div.getLoop()), LI(LI), DT(DT),
        PDT(PDT), SE(SE), AC(AC), TTI(TTI),
        DL(L.getHeader()->getDataLayout()), IsX86(IsX86) {}

  void run();

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
  enum class LockstepKind { SameAddress, ContiguousMasked, Contiguous };
  DenseMap<const Instruction *, LockstepKind> LockstepAccesses;
  SmallDenseSet<unsigned, 4> PlacedGroups;
  /// BOSCC regions planned so far, in program order: the cut gives at most
  /// -vplan-boscc-max-regions per lane loop.
  unsigned NumBOSCC = 0;
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
    SmallVector<BasicBlock *, 16> ABlocks;
    LaneBodyView View;
  };
  std::map<const Loop *, CutView> CutViews;
  std::map<const Loop *, UniformLoopShape> CutShapes;
  void findCutShapes();
  void findCutShape(Loop &C, Loop &P, const Loop *Prev,
                    const SmallPtrSetImpl<const BasicBlock *> &Gone);
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

  Type *widen(Type *T) const { return toVectorTy(T, VF); }
  bool isWidenable(Type *T) const {
    return T->isVoidTy() || VectorType::isValidElementType(T);
  }
  bool hasVaryingUser(const Instruction &I) const;
  PlanCost scalarCost(const Instruction &I) const;
  InstructionCost broadcastCost(Type *T) const;
  InstructionCost maskOpCost() const;
  InstructionCost selectCost(Type *T) const;

  void buildScope(const BlockSet &Scope, const Loop *ScopeLoop,
                  const BasicBlock *BOSCCRegion, NodeList &Out);
  void addInstruction(Instruction &I, NodeList &Out);
  void addRecipe(NodeList &Out, PlanNode::NodeKind K, const Instruction &I,
                 PlanCost C, std::string Note = "");
  void addMemory(Instruction &I, NodeList &Out);
  void addGroup(const InterleaveGroup &G, NodeList &Out);
  /// VF scalar loads (stores) of each member plus building (taking apart)
  /// the vector: LV's "scalarize" form of a strided access.
  InstructionCost scalarizedCost(const InterleaveGroup &G, bool IsLoad) const;
  InstructionCost laneValuesCost(const Instruction &I, VectorType *VT) const;
  InstructionCost perLaneAccessCost(const Instruction &I, VectorType *VT,
                                    bool IsMasked) const;
  std::optional<int64_t> frozenStride(Instruction &I) const;
  void addCall(CallBase &CB, NodeList &Out);
  InstructionCost widenCost(const Instruction &I) const;

  std::unique_ptr<PlanNode> buildLoop(Loop &C, const BasicBlock *BOSCCRegion);
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

/// The width LaneLoopFission and the vectorizer use: the loop's
/// `llvm.loop.vectorize.width`; for a user loop without one, one vector
/// register of the widest data the body loads or stores (SimdLoopPass's
/// rule for loops it strip-mines).
unsigned LanePlanBuilder::chooseVF() const {
  return chooseSimdLoopVL(L, TTI, DL);
}

void LanePlanBuilder::findControl() {
  PHINode *Lane = Div.getLaneIndex();
  if (!Lane)
    return;
  Control.insert(Lane);
  if (BasicBlock *Latch = L.getLoopLatch())
    if (auto *Next =
            dyn_cast<Instruction>(Lane->getIncomingValueForBlock(Latch)))
      Control.insert(Next);
  SmallVector<BasicBlock *, 2> Exiting;
  L.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br)
      continue;
    Control.insert(Br);
    if (Br->isConditional())
      if (auto *Cmp = dyn_cast<CmpInst>(Br->getCondition());
          Cmp && Cmp->hasOneUse())
        Control.insert(Cmp);
  }
  if (BasicBlock *Latch = L.getLoopLatch())
    Control.insert(Latch->getTerminator());
}

void LanePlanBuilder::findMaskedBlocks() {
  for (BasicBlock *BB : Blocks) {
    Instruction *Term = BB->getTerminator();
    if (!Div.isDivergentBranch(Term))
      continue;
    const DomTreeNode *N = PDT.getNode(BB);
    const BasicBlock *IPD =
        N && N->getIDom() ? N->getIDom()->getBlock() : nullptr;
    SmallVector<const BasicBlock *, 8> Work;
    for (const BasicBlock *S : successors(BB))
      Work.push_back(S);
    while (!Work.empty()) {
      const BasicBlock *X = Work.pop_back_val();
      // The lanes meet again at the post-dominator; the lane loop's back
      // edge starts the next lane.
      if (X == IPD || X == L.getHeader() || !L.contains(X) ||
          !Masked.insert(X).second)
        continue;
      append_range(Work, successors(X));
    }
  }
  for (Loop *C : L.getLoopsInPreorder())
    if (C != &L && isDivergentLoop(C))
      Masked.insert(C->block_begin(), C->block_end());
}

/// The cut at an inner loop C is made in the lane loop itself when C is
/// one of its loops, else in lane loop 2 of the cut at C's parent P (P's
/// body, once per round). The loops of one parent are cut in program
/// order, each in lane loop 3 of the cut before (findCutShape).
void LanePlanBuilder::findCutShapes() {
  DenseMap<const BasicBlock *, unsigned> Order;
  for (auto [K, BB] : enumerate(Blocks))
    Order[BB] = K;
  std::function<void(Loop &)> Visit = [&](Loop &P) {
    SmallVector<Loop *, 4> Children(P.begin(), P.end());
    llvm::sort(Children, [&](const Loop *X, const Loop *Y) {
      return Order.lookup(X->getHeader()) < Order.lookup(Y->getHeader());
    });
    const Loop *Prev = nullptr;
    SmallPtrSet<const BasicBlock *, 16> Gone;
    for (Loop *C : Children) {
      findCutShape(*C, P, Prev, Gone);
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

/// The landing edges of the cut at \p C (A is \p InA): edges from A or C
/// to the rest of the body, a back edge of \p P included. More than one
/// and lane loop 3 starts with a dispatch on where each lane resumes.
static unsigned countLandingEdges(const Loop &C, const Loop &P,
                                  const SmallPtrSetImpl<const BasicBlock *> &InA) {
  auto InAOrI = [&](const BasicBlock *BB) {
    return C.contains(BB) || InA.count(BB);
  };
  unsigned N = 0;
  auto Count = [&](const BasicBlock *X) {
    SmallPtrSet<const BasicBlock *, 4> Seen;
    for (const BasicBlock *S : successors(X))
      if (Seen.insert(S).second && (S == P.getHeader() || !InAOrI(S)))
        ++N;
  };
  for (const BasicBlock *X : InA)
    Count(X);
  for (const BasicBlock *X : C.blocks())
    Count(X);
  return N;
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
  // that reads them (LaneLoopCutter's LaneAffineInB); the rest comes
  // through lane arrays.
  for (const BasicBlock *BB : Gone)
    if (!any_of(P, [&](const Loop *S) { return S->contains(BB); }))
      CV.RecomputedA.insert(BB);
  CV.View.InAOrI = [&CV, &C](const Instruction *I) {
    const BasicBlock *BB = I->getParent();
    return CV.InA.count(BB) || C.contains(BB) ||
           (CV.RecomputedA.count(BB) && isSafeToSpeculativelyExecute(I));
  };
  CV.View.ABlocks = CV.ABlocks;
  CV.View.Lane = Div.getLaneIndex();
  bool ResumeApart = false;
  if (Prev) {
    const UniformLoopShape &S = CutShapes.at(Prev);
    ResumeApart = !(S.Uniform && !S.ShadowLanes) &&
                  countLandingEdges(*Prev, P, CutViews.at(Prev).InA) > 1;
  }
  CV.View.DivergentEntry = (PS && !PS->Uniform) || ResumeApart;
  SmallVector<BasicBlock *, 2> Latches;
  C.getLoopLatches(Latches);
  CutShapes[&C] = findUniformLoop(C, Latches, CV.View, DT);
}

/// Groups the strided accesses LaneStrideAnalysis found in this loop:
/// same block, same kind of access, same element type and stride, and
/// addresses a constant distance apart, less than one stride.
void LanePlanBuilder::formInterleaveGroups() {
  for (const LaneStrideInfo::Access &A : Strides.accesses()) {
    if (A.LaneLoop != &L || A.Stride.Kind != AccessStrideKind::Strided ||
        GroupOf.count(A.I))
      continue;
    Type *EltTy = getLoadStoreType(A.I);
    int64_t Elt = DL.getTypeStoreSize(EltTy);
    // A reversed contiguous access is a wide access plus a reverse shuffle.
    if (Elt == 0 || A.Stride.StrideBytes == -Elt)
      continue;
    InterleaveGroup G;
    G.StrideBytes = A.Stride.StrideBytes;
    G.EltTy = EltTy;
    const SCEV *Base = SE.getSCEV(getLoadStorePointerOperand(A.I));
    int64_t Min = 0;
    for (const LaneStrideInfo::Access &B : Strides.accesses()) {
      if (B.LaneLoop != &L || B.Stride.Kind != AccessStrideKind::Strided ||
          B.Stride.StrideBytes != G.StrideBytes || GroupOf.count(B.I) ||
          B.I->getParent() != A.I->getParent() ||
          B.I->getOpcode() != A.I->getOpcode() ||
          getLoadStoreType(B.I) != EltTy)
        continue;
      auto *D = dyn_cast<SCEVConstant>(
          SE.getMinusSCEV(SE.getSCEV(getLoadStorePointerOperand(B.I)), Base));
      if (!D)
        continue;
      int64_t Off = D->getAPInt().getSExtValue();
      if (Off <= -std::abs(G.StrideBytes) || Off >= std::abs(G.StrideBytes))
        continue;
      G.Members.push_back({B.I, Off});
      Min = std::min(Min, Off);
    }
    for (auto &[I, Off] : G.Members) {
      Off -= Min;
      GroupOf[I] = Groups.size();
    }
    Groups.push_back(std::move(G));
  }
}

bool LanePlanBuilder::hasVaryingUser(const Instruction &I) const {
  return any_of(I.users(), [&](const User *U) {
    auto *UI = dyn_cast<Instruction>(U);
    return UI && L.contains(UI) && isVarying(UI);
  });
}

/// VF runs of the scalar instruction, the cost of the scalar lane loop.
PlanCost LanePlanBuilder::scalarCost(const Instruction &I) const {
  PlanCost C;
  C.Scalar = TTI.getInstructionCost(&I, CostKind) * VF;
  return C;
}

InstructionCost LanePlanBuilder::broadcastCost(Type *T) const {
  if (!VectorType::isValidElementType(T))
    return 0;
  auto *VT = cast<VectorType>(widen(T));
  return TTI.getShuffleCost(TargetTransformInfo::SK_Broadcast, VT, VT, {},
                            CostKind);
}

/// One operation on the lane mask (`and` of the mask with a condition).
InstructionCost LanePlanBuilder::maskOpCost() const {
  return TTI.getArithmeticInstrCost(
      Instruction::And, widen(Type::getInt1Ty(L.getHeader()->getContext())),
      CostKind);
}

/// One select of \p T on the lane mask: a blend per lane (a pointer's
/// blend costs an integer's of its size; an aggregate is scalarized).
InstructionCost LanePlanBuilder::selectCost(Type *T) const {
  if (T->isPointerTy())
    T = DL.getIntPtrType(T);
  if (!isWidenable(T) || T->isVoidTy())
    return TTI.getCmpSelInstrCost(Instruction::Select, T,
                                  Type::getInt1Ty(T->getContext()),
                                  CmpInst::BAD_ICMP_PREDICATE, CostKind) *
           VF;
  return TTI.getCmpSelInstrCost(Instruction::Select, widen(T),
                                widen(Type::getInt1Ty(T->getContext())),
                                CmpInst::BAD_ICMP_PREDICATE, CostKind);
}

/// Cost of the widened form of an arithmetic-like instruction.
InstructionCost LanePlanBuilder::widenCost(const Instruction &I) const {
  Type *Ty = I.getType();
  if (!isWidenable(Ty) || any_of(I.operands(), [&](const Use &U) {
        return !isa<BasicBlock>(U) && !isa<Function>(U) &&
               !isWidenable(U->getType());
      }))
    // No vector form: scalarised, lane by lane.
    return TTI.getInstructionCost(&I, CostKind) * VF;
  if (isa<BinaryOperator, UnaryOperator>(I)) {
    return TTI.getArithmeticInstrCost(
        I.getOpcode(), widen(Ty), CostKind,
        TargetTransformInfo::getOperandInfo(I.getOperand(0)),
        I.getNumOperands() > 1
            ? TargetTransformInfo::getOperandInfo(I.getOperand(1))
            : TargetTransformInfo::OperandValueInfo());
  }
  if (auto *Cast = dyn_cast<CastInst>(&I))
    return TTI.getCastInstrCost(
        Cast->getOpcode(), widen(Ty), widen(Cast->getSrcTy()),
        TargetTransformInfo::CastContextHint::None, CostKind);
  if (auto *Cmp = dyn_cast<CmpInst>(&I))
    return TTI.getCmpSelInstrCost(Cmp->getOpcode(),
                                  widen(Cmp->getOperand(0)->getType()),
                                  widen(Ty), Cmp->getPredicate(), CostKind);
  if (auto *Sel = dyn_cast<SelectInst>(&I)) {
    Type *CondTy = Sel->getCondition()->getType();
    if (isVarying(Sel->getCondition()))
      CondTy = widen(CondTy);
    return TTI.getCmpSelInstrCost(Instruction::Select, widen(Ty), CondTy,
                                  CmpInst::BAD_ICMP_PREDICATE, CostKind);
  }
  if (isa<GetElementPtrInst>(I)) {
    // A vector of pointers costs one vector add.
    return TTI.getArithmeticInstrCost(Instruction::Add,
                                      widen(DL.getIndexType(Ty)), CostKind);
  }
  if (isa<PHINode, FreezeInst>(I))
    return 0;
  // Anything else (extractvalue, ...): one instance per lane.
  return TTI.getInstructionCost(&I, CostKind) * VF;
}

void LanePlanBuilder::addRecipe(NodeList &Out, PlanNode::NodeKind K,
                                const Instruction &I, PlanCost C,
                                std::string Note) {
  // Runs of arithmetic, uniform values and blends of one block print as
  // one recipe (one block: an if/else region splits its costs by side).
  bool Merges =
      K == PlanNode::Widen || K == PlanNode::Uniform || K == PlanNode::Blend;
  if (Merges && !Out.empty() && Out.back()->getKind() == K && Note.empty() &&
      Out.back()->Note.empty() &&
      Out.back()->Insts.back()->getParent() == I.getParent()) {
    Out.back()->Insts.push_back(&I);
    Out.back()->Cost += C;
    return;
  }
  auto N = std::make_unique<PlanNode>(K);
  N->Insts.push_back(&I);
  N->Cost = C;
  N->Note = std::move(Note);
  Out.push_back(std::move(N));
}

static std::string strideText(const AccessStride &S) {
  std::string Str;
  raw_string_ostream OS(Str);
  switch (S.Kind) {
  case AccessStrideKind::Uniform:
    OS << "uniform address";
    break;
  case AccessStrideKind::Contiguous:
    OS << "contiguous";
    break;
  case AccessStrideKind::Strided:
    OS << "stride " << S.StrideBytes;
    break;
  case AccessStrideKind::UnknownStride:
    OS << "unknown stride " << *S.Stride;
    break;
  case AccessStrideKind::Gather:
    OS << "per-lane addresses";
    break;
  }
  return Str;
}

/// The constant stride of an address whose index InterleaveGapFill froze
/// to make the read a gather: `gep %a, (freeze %k)` with %k an affine
/// recurrence of the lane loop.
std::optional<int64_t> LanePlanBuilder::frozenStride(Instruction &I) const {
  auto *GEP = dyn_cast<GetElementPtrInst>(getLoadStorePointerOperand(&I));
  if (!GEP || GEP->getNumIndices() != 1)
    return std::nullopt;
  auto *Fr = dyn_cast<FreezeInst>(GEP->getOperand(1));
  if (!Fr)
    return std::nullopt;
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Fr->getOperand(0)));
  if (!AR || AR->getLoop() != &L || !AR->isAffine())
    return std::nullopt;
  auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!Step)
    return std::nullopt;
  return Step->getAPInt().getSExtValue() *
         int64_t(DL.getTypeAllocSize(GEP->getSourceElementType()));
}

void LanePlanBuilder::addMemory(Instruction &I, NodeList &Out) {
  if (auto It = GroupOf.find(&I); It != GroupOf.end()) {
    // The group is placed at its first member in program order.
    if (PlacedGroups.insert(It->second).second)
      addGroup(Groups[It->second], Out);
    return;
  }
  bool IsLoad = isa<LoadInst>(I);
  // The vectorizer loads without a mask what every lane may read (LV's
  // test for loads in predicated blocks): a masked variant's arguments in
  // their lane arrays, a uniform base read at the lane's index.
  bool IsMasked = Masked.count(I.getParent()) &&
                  !(IsLoad && isDereferenceableAndAlignedInLoop(
                                  cast<LoadInst>(&I), &L, SE, DT, &AC));
  PlanCost C = scalarCost(I);
  Type *EltTy = getLoadStoreType(&I);
  if (auto It = LockstepAccesses.find(&I);
      It != LockstepAccesses.end() && VectorType::isValidElementType(EltTy)) {
    Align A = getLoadStoreAlignment(&I);
    unsigned AS = getLoadStoreAddressSpace(&I);
    if (It->second == LockstepKind::ContiguousMasked) {
      C.Vector = TTI.getMemIntrinsicInstrCost(
          MemIntrinsicCostAttributes(IsLoad ? Intrinsic::masked_load
                                            : Intrinsic::masked_store,
                                     widen(EltTy), A, AS),
          CostKind);
      addRecipe(Out, PlanNode::MaskedMemory, I, C,
                "contiguous: round counter, lane-stepped copy");
      return;
    }
    if (It->second == LockstepKind::Contiguous) {
      // A uniform loop: every lane runs it, no mask.
      C.Vector = TTI.getMemoryOpCost(I.getOpcode(), widen(EltTy), A, AS,
                                     CostKind);
      addRecipe(Out, PlanNode::WidenMemory, I, C,
                "contiguous: lane-stepped copy");
      return;
    }
    if (IsLoad) {
      C.Vector = TTI.getMemoryOpCost(Instruction::Load, EltTy, A, AS, CostKind);
      if (hasVaryingUser(I))
        C.Vector += broadcastCost(EltTy);
      addRecipe(Out, PlanNode::Uniform, I, C, "same address: round counter");
      return;
    }
  }
  const AccessStride *S = Strides.getStride(&I);
  if (!S || !VectorType::isValidElementType(EltTy) ||
      (IsLoad && !cast<LoadInst>(I).isSimple()) ||
      (!IsLoad && !cast<StoreInst>(I).isSimple())) {
    // Volatile or atomic, or not a vector element: lane by lane.
    C.Vector = C.Scalar;
    addRecipe(Out, PlanNode::Instantiate, I, C, "not widenable");
    return;
  }
  auto *VT = cast<VectorType>(widen(EltTy));
  Align A = getLoadStoreAlignment(&I);
  unsigned AS = getLoadStoreAddressSpace(&I);
  std::string Note = strideText(*S);
  int64_t Elt = DL.getTypeStoreSize(EltTy);
  switch (S->Kind) {
  case AccessStrideKind::Uniform:
    if (IsLoad) {
      // One scalar load, broadcast to the lanes that use it.
      C.Vector = TTI.getMemoryOpCost(Instruction::Load, EltTy, A, AS, CostKind);
      if (hasVaryingUser(I))
        C.Vector += broadcastCost(EltTy);
      addRecipe(Out, PlanNode::Uniform, I, C, Note);
      return;
    }
    // Every lane stores to the same place: the last (active) lane's value.
    C.Vector = TTI.getMemoryOpCost(Instruction::Store, EltTy, A, AS, CostKind);
    if (isVarying(cast<StoreInst>(I).getValueOperand()))
      C.Vector += TTI.getScalarizationOverhead(
          VT, APInt::getOneBitSet(VF, VF - 1), /*Insert=*/false,
          /*Extract=*/true, CostKind);
    addRecipe(Out, PlanNode::Uniform, I, C, Note);
    return;
  case AccessStrideKind::Contiguous:
  case AccessStrideKind::Strided: {
    bool Reverse =
        S->Kind == AccessStrideKind::Strided && S->StrideBytes == -Elt;
    if (S->Kind == AccessStrideKind::Strided && !Reverse)
      break; // strided but in no group: a gather
    if (IsMasked)
      C.Vector = TTI.getMemIntrinsicInstrCost(
          MemIntrinsicCostAttributes(IsLoad ? Intrinsic::masked_load
                                            : Intrinsic::masked_store,
                                     VT, A, AS),
          CostKind);
    else
      C.Vector = TTI.getMemoryOpCost(I.getOpcode(), VT, A, AS, CostKind);
    if (Reverse) {
      C.Vector += TTI.getShuffleCost(TargetTransformInfo::SK_Reverse, VT, VT,
                                     {}, CostKind);
      Note = "reversed";
    }
    addRecipe(Out, IsMasked ? PlanNode::MaskedMemory : PlanNode::WidenMemory, I,
              C, Note);
    return;
  }
  case AccessStrideKind::UnknownStride:
  case AccessStrideKind::Gather:
    break;
  }
  // A hardware gather or scatter is never cheaper than the lanes' own
  // accesses: it issues one per element, and AMD's (Zen 2 to 5) and Intel's
  // since the 2023 microcode are slower still, which TTI's figures for
  // x86-64-v4 (one Skylake-era cost for every CPU) do not show.
  C.Vector = std::max(
      TTI.getMemIntrinsicInstrCost(
          MemIntrinsicCostAttributes(
              IsLoad ? Intrinsic::masked_gather : Intrinsic::masked_scatter,
              VT, getLoadStorePointerOperand(&I), IsMasked, A, &I),
          CostKind),
      perLaneAccessCost(I, VT, IsMasked));
  if (IsLoad && S->Kind == AccessStrideKind::Gather)
    if (std::optional<int64_t> Hidden = frozenStride(I))
      Note = "stride " + std::to_string(*Hidden) +
             " hidden by InterleaveGapFill: its group would miss the last "
             "member";
  if (IsMasked)
    Note += ", masked";
  addRecipe(Out, IsLoad ? PlanNode::Gather : PlanNode::Scatter, I, C, Note);
}

/// `p[lane].field` of a struct (or array) type: InterleaveGapFill may read
/// the struct's other fields, which makes the group whole.
static Type *wholeObjectOf(const LoadInst &Ld, const Loop &L,
                           const DataLayout &DL) {
  APInt Off(DL.getIndexTypeSizeInBits(Ld.getPointerOperandType()), 0);
  const Value *Stripped =
      Ld.getPointerOperand()->stripAndAccumulateConstantOffsets(
          DL, Off, /*AllowNonInbounds=*/false);
  auto *GEP = dyn_cast<GetElementPtrInst>(Stripped);
  if (!GEP || !GEP->isInBounds() || GEP->getNumIndices() < 1 ||
      !L.contains(GEP) || L.isLoopInvariant(GEP->getOperand(1)) ||
      !GEP->getSourceElementType()->isAggregateType())
    return nullptr;
  if (!all_of(drop_begin(GEP->indices()),
              [](const Use &U) { return isa<ConstantInt>(U); }))
    return nullptr;
  return GEP->getSourceElementType();
}

void LanePlanBuilder::addGroup(const InterleaveGroup &G, NodeList &Out) {
  const Instruction *First = G.Members.front().first;
  bool IsLoad = isa<LoadInst>(First);
  bool IsMasked = Masked.count(First->getParent());
  int64_t Elt = DL.getTypeStoreSize(G.EltTy);
  auto N = std::make_unique<PlanNode>(PlanNode::Interleave);
  for (auto &[I, Off] : G.Members) {
    N->Insts.push_back(I);
    // InterleaveGapFill's extra reads are not part of the scalar code.
    if (!(isa<LoadInst>(I) && I->use_empty()))
      N->Cost += scalarCost(*I);
  }
  PlanNode::NodeKind GatherKind = IsLoad ? PlanNode::Gather : PlanNode::Scatter;
  // Every member through per-lane addresses.
  auto GatherCost = [&] {
    InstructionCost C = 0;
    for (auto &[I, Off] : G.Members)
      C += TTI.getMemIntrinsicInstrCost(
          MemIntrinsicCostAttributes(
              IsLoad ? Intrinsic::masked_gather : Intrinsic::masked_scatter,
              widen(G.EltTy), getLoadStorePointerOperand(I), IsMasked,
              getLoadStoreAlignment(I), I),
          CostKind);
    return C;
  };

  std::string Note;
  raw_string_ostream NS(Note);
  NS << "stride " << G.StrideBytes;
  int64_t Stride = G.StrideBytes;
  if (Stride <= Elt || Stride % Elt || Stride / Elt > 16 ||
      any_of(G.Members, [&](const auto &M) { return M.second % Elt; })) {
    // No whole-element factor (or a negative stride): LV uses gathers.
    NS << ": no interleave factor, gathers";
    N->Kind = GatherKind;
    N->Cost.Vector = GatherCost();
    N->Note = std::move(Note);
    Out.push_back(std::move(N));
    return;
  }
  unsigned Factor = Stride / Elt;
  SmallVector<unsigned, 8> Indices;
  for (auto &[I, Off] : G.Members)
    if (!is_contained(Indices, unsigned(Off / Elt)))
      Indices.push_back(Off / Elt);
  llvm::sort(Indices);
  bool Complete = Indices.size() == Factor;
  bool LastPresent = Indices.back() == Factor - 1;
  NS << ", factor " << Factor << ", members ";
  ListSeparator LS(",");
  for (unsigned Idx : Indices)
    NS << LS << Idx;
  auto *WideTy = FixedVectorType::get(G.EltTy, VF * Factor);
  Align A = getLoadStoreAlignment(First);
  unsigned AS = getLoadStoreAddressSpace(First);
  auto GroupCost = [&](ArrayRef<unsigned> Idx, bool MaskGaps) {
    return TTI.getInterleavedMemoryOpCost(First->getOpcode(), WideTy, Factor,
                                          Idx, A, AS, CostKind, IsMasked,
                                          MaskGaps);
  };

  InstructionCost Vector;
  Type *Whole = nullptr;
  if (IsLoad && !IsMasked) {
    Whole = wholeObjectOf(*cast<LoadInst>(First), L, DL);
    if (Whole && (DL.getTypeAllocSize(Whole) != uint64_t(Stride) ||
                  any_of(G.Members, [&](const auto &M) {
                    return wholeObjectOf(*cast<LoadInst>(M.first), L, DL) !=
                           Whole;
                  })))
      Whole = nullptr;
  }
  unsigned Unused =
      IsLoad ? count_if(G.Members,
                        [](const auto &M) { return M.first->use_empty(); })
             : 0;
  if (Complete && Unused) {
    // InterleaveGapFill already ran (vecclone runs it on every variant):
    // its reads of the missing fields have no users.
    NS << ": complete, " << Unused << " unused read" << (Unused == 1 ? "" : "s")
       << " added by InterleaveGapFill";
    Vector = GroupCost(Indices, false);
  } else if (Complete) {
    NS << ": complete group";
    Vector = GroupCost(Indices, false);
  } else if (IsMasked) {
    // InterleaveGapFill only touches reads every lane makes; a masked group
    // with gaps is LV's choice (masked group where the target has one).
    NS << ": under a mask, gaps stay, InterleaveGapFill skips it";
    Vector = GroupCost(Indices, /*MaskGaps=*/true);
  } else if (!IsLoad) {
    NS << ": store group with gaps, gaps masked";
    Vector = GroupCost(Indices, /*MaskGaps=*/true);
  } else if (Whole) {
    SmallVector<unsigned, 8> All;
    for (unsigned K = 0; K != Factor; ++K)
      All.push_back(K);
    NS << ": InterleaveGapFill completes it with the struct's other fields";
    Vector = GroupCost(All, false);
  } else if (!LastPresent) {
    NS << ": InterleaveGapFill turns it into gathers, the last member is "
          "missing and no whole struct is read";
    N->Kind = GatherKind;
    Vector = GatherCost();
  } else {
    NS << ": gaps inside, last member present, LV keeps the group";
    Vector = GroupCost(Indices, false);
  }
  if (!Vector.isValid()) {
    NS << "; no group on this target, gathers";
    N->Kind = GatherKind;
    Vector = GatherCost();
  }
  // Then LV's own widening decision (setCostBasedWideningDecision): of the
  // forms open to it, the cheapest. A group may still lose to gathers, and
  // both to VF scalar accesses per member (a wide struct: factor 16).
  if (N->Kind == PlanNode::Interleave) {
    InstructionCost Gathers = GatherCost();
    if (Gathers.isValid() && Gathers < Vector) {
      NS << (IsLoad ? "; gathers" : "; scatters") << " cheaper (" << Gathers
         << " < " << Vector << ")";
      N->Kind = GatherKind;
      Vector = Gathers;
    }
  }
  InstructionCost PerLane = scalarizedCost(G, IsLoad);
  if (PerLane.isValid() && (!Vector.isValid() || PerLane < Vector)) {
    NS << "; per-lane " << (IsLoad ? "loads" : "stores") << " cheaper ("
       << PerLane << " < " << Vector << ")";
    N->Kind = PlanNode::Scalarize;
    Vector = PerLane;
  }
  N->Cost.Vector = Vector;
  N->Note = std::move(Note);
  Out.push_back(std::move(N));
}

/// The load or store \p I done VF times, the loaded values put into a
/// vector of type \p VT (the stored ones taken out of it).
InstructionCost LanePlanBuilder::laneValuesCost(const Instruction &I,
                                                VectorType *VT) const {
  bool IsLoad = isa<LoadInst>(I);
  return TTI.getMemoryOpCost(I.getOpcode(), VT->getElementType(),
                             getLoadStoreAlignment(&I),
                             getLoadStoreAddressSpace(&I), CostKind) *
             VF +
         TTI.getScalarizationOverhead(VT, APInt::getAllOnes(VF),
                                      /*Insert=*/IsLoad, /*Extract=*/!IsLoad,
                                      CostKind);
}

/// \p I done lane by lane on the vector type \p VT: laneValuesCost, the
/// addresses taken out of a vector of pointers, and under a mask a test
/// and branch per lane.
InstructionCost LanePlanBuilder::perLaneAccessCost(const Instruction &I,
                                                   VectorType *VT,
                                                   bool IsMasked) const {
  APInt All = APInt::getAllOnes(VF);
  auto *PtrVT = cast<VectorType>(
      widen(getLoadStorePointerOperand(&I)->getType()));
  auto *MaskVT = cast<VectorType>(widen(Type::getInt1Ty(I.getContext())));
  InstructionCost C =
      laneValuesCost(I, VT) +
      TTI.getScalarizationOverhead(PtrVT, All, /*Insert=*/false,
                                   /*Extract=*/true, CostKind);
  if (IsMasked)
    C += TTI.getScalarizationOverhead(MaskVT, All, /*Insert=*/false,
                                      /*Extract=*/true, CostKind) +
         TTI.getCFInstrCost(Instruction::Br, CostKind) * VF;
  return C;
}

InstructionCost LanePlanBuilder::scalarizedCost(const InterleaveGroup &G,
                                                bool IsLoad) const {
  InstructionCost C = 0;
  auto *VT = cast<VectorType>(widen(G.EltTy));
  for (auto &[I, Off] : G.Members) {
    // InterleaveGapFill's unused reads: LV drops them when it scalarizes.
    if (IsLoad && I->use_empty())
      continue;
    C += laneValuesCost(*I, VT);
  }
  return C;
}

void LanePlanBuilder::addCall(CallBase &CB, NodeList &Out) {
  PlanCost C = scalarCost(CB);
  Function *Callee = CB.getCalledFunction();
  if (callNeedsSerialLanes(CB)) {
    // Cut out by LaneLoopFission into a lane loop of its own, run in lane
    // order: VF calls plus moving the arguments and result between vector
    // registers and scalars.
    C.Vector = C.Scalar;
    SmallVector<Type *, 4> VecTys;
    for (const Use &A : CB.args())
      if (isVarying(A) && VectorType::isValidElementType(A->getType()))
        VecTys.push_back(widen(A->getType()));
    C.Vector += TTI.getOperandsScalarizationOverhead(VecTys, CostKind);
    if (VectorType::isValidElementType(CB.getType()) && hasVaryingUser(CB))
      C.Vector += TTI.getScalarizationOverhead(
          cast<VectorType>(widen(CB.getType())), APInt::getAllOnes(VF),
          /*Insert=*/true, /*Extract=*/false, CostKind);
    addRecipe(Out, PlanNode::Instantiate, CB, C,
              "no vector variant, lane by lane in lane order");
    return;
  }
  if (!isVarying(&CB)) {
    C.Vector = TTI.getInstructionCost(&CB, CostKind);
    if (hasVaryingUser(CB))
      C.Vector += broadcastCost(CB.getType());
    addRecipe(Out, PlanNode::Uniform, CB, C);
    return;
  }
  SmallVector<Type *, 4> ArgTys;
  bool Widenable = isWidenable(CB.getType());
  for (const Use &A : CB.args()) {
    Widenable &= isWidenable(A->getType());
    ArgTys.push_back(isVarying(A) || isa<IntrinsicInst>(CB)
                         ? widen(A->getType())
                         : A->getType());
  }
  if (!Widenable)
    C.Vector = C.Scalar;
  else if (auto *II = dyn_cast<IntrinsicInst>(&CB))
    C.Vector = TTI.getIntrinsicInstrCost(
        IntrinsicCostAttributes(II->getIntrinsicID(), widen(CB.getType()),
                                ArgTys),
        CostKind);
  else
    C.Vector =
        TTI.getCallInstrCost(Callee, widen(CB.getType()), ArgTys, CostKind);
  addRecipe(Out, PlanNode::Widen, CB, C);
}

void LanePlanBuilder::addInstruction(Instruction &I, NodeList &Out) {
  if (Control.count(&I) || I.isDebugOrPseudoInst() || I.isLifetimeStartOrEnd())
    return;
  if (isa<AssumeInst, NoAliasScopeDeclInst>(I))
    return;
  // Branches become masks; their cost goes to their region.
  if (I.isTerminator())
    return;
  if (isa<LoadInst, StoreInst>(I))
    return addMemory(I, Out);
  if (auto *CB = dyn_cast<CallBase>(&I))
    return addCall(*CB, Out);
  // An address only loads and stores use is part of their recipe (base
  // plus lane offset, or the gather's vector of pointers).
  if (isa<GetElementPtrInst>(I) && all_of(I.users(), [&](const User *U) {
        return isa<LoadInst, StoreInst>(U) &&
               getLoadStorePointerOperand(U) == &I &&
               (!isa<StoreInst>(U) ||
                cast<StoreInst>(U)->getValueOperand() != &I);
      }))
    return;
  PlanCost C = scalarCost(I);
  if (auto *Phi = dyn_cast<PHINode>(&I)) {
    const Loop *PL = LI.getLoopFor(Phi->getParent());
    bool InnerHeader = PL != &L && PL->getHeader() == Phi->getParent();
    // The state of a divergent loop is only updated in active lanes; a phi
    // where paths from a divergent branch meet picks per lane. Both are
    // selects on a mask once widened.
    bool IsBlend = isVarying(Phi) && Phi->getNumIncomingValues() > 1 &&
                   (InnerHeader ? isDivergentLoop(PL)
                                : Phi->getParent() != L.getHeader());
    if (IsBlend) {
      Type *T = Phi->getType();
      C.Vector = isWidenable(T) && !T->isVoidTy()
                     ? selectCost(T) * (Phi->getNumIncomingValues() - 1)
                     : C.Scalar;
      return addRecipe(Out, PlanNode::Blend, I, C);
    }
    C.Vector = 0;
    return addRecipe(
        Out, isVarying(Phi) ? PlanNode::Widen : PlanNode::Uniform, I, C);
  }
  if (!isVarying(&I) && !I.mayHaveSideEffects()) {
    C.Vector = TTI.getInstructionCost(&I, CostKind);
    if (hasVaryingUser(I))
      C.Vector += broadcastCost(I.getType());
    return addRecipe(Out, PlanNode::Uniform, I, C);
  }
  C.Vector = widenCost(I);
  addRecipe(Out, PlanNode::Widen, I, C);
}

/// The if/else region of the conditional branch ending \p BB, by
/// LaneLoopFission's rule (findHeavyBranch): the blocks the branch
/// dominates and its join post-dominates, entered only through the branch
/// and left only to the join. The join must be in the branch's loop, so
/// loop exits and back edges are never regions.
bool LanePlanBuilder::findIfRegion(BasicBlock *BB, BlockSet &Region,
                                   BasicBlock *&Join) const {
  auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
  if (!Br || !Br->isConditional() || isa<Constant>(Br->getCondition()) ||
      Control.count(Br))
    return false;
  DomTreeNode *N = PDT.getNode(BB);
  if (!N || !N->getIDom() || !N->getIDom()->getBlock())
    return false;
  Join = N->getIDom()->getBlock();
  if (!L.contains(Join) || Join == L.getHeader() ||
      LI.getLoopFor(Join) != LI.getLoopFor(BB))
    return false;
  for (BasicBlock *X : L.blocks())
    if (X != BB && X != Join && X != L.getHeader() && X != L.getLoopLatch() &&
        DT.dominates(BB, X) && PDT.dominates(Join, X))
      Region.insert(X);
  bool SESE = !Region.empty();
  for (const BasicBlock *X : Region)
    for (const BasicBlock *S : successors(X))
      SESE &= S == Join || Region.count(S);
  for (const BasicBlock *S : successors(BB))
    SESE &= S == Join || Region.count(S);
  if (!SESE)
    Region.clear();
  return SESE;
}

std::unique_ptr<PlanNode>
LanePlanBuilder::buildIf(BasicBlock *BB, const BlockSet &Region,
                         BasicBlock *Join, const BasicBlock *BOSCCRegion) {
  auto *Br = cast<BranchInst>(BB->getTerminator());
  // A branch on a divergent loop's lane state is per lane once lowered.
  bool Divergent = Div.isDivergentBranch(Br) ||
                   (Br->isConditional() && LaneState.count(Br->getCondition()));
  auto N = std::make_unique<PlanNode>(Divergent ? PlanNode::DivergentIf
                                                : PlanNode::UniformIf);
  N->Entry = BB;
  N->Then = Br->getSuccessor(0) == Join ? nullptr : Br->getSuccessor(0);
  N->Else = Br->getSuccessor(1) == Join ? nullptr : Br->getSuccessor(1);

  // The BOSCC decision, in the order LaneLoopFission meets the obstacles.
  bool HoldsLoop = any_of(Region, [&](const BasicBlock *X) {
    return LI.getLoopFor(X) != LI.getLoopFor(BB);
  });
  bool HoldsSerialCall = any_of(Region, [](const BasicBlock *X) {
    return any_of(*X, [](const Instruction &I) {
      auto *CB = dyn_cast<CallBase>(&I);
      return CB && callNeedsSerialLanes(*CB);
    });
  });
  for (const BasicBlock *X : Region)
    for (const Instruction &I : *X)
      N->BOSCCCost += bosccRegionCost(I, &TTI, VF);
  unsigned Threshold = getBOSCCThreshold();
  std::string Why;
  raw_string_ostream WS(Why);
  if (!isBOSCCEnabled()) {
    WS << "-vplan-boscc is off";
  } else if (!IsX86) {
    WS << "not an x86 target (the copies' register barriers are x86 asm)";
  } else if (BOSCCRegion) {
    WS << "inside the BOSCC region of ";
    BOSCCRegion->printAsOperand(WS, /*PrintType=*/false);
    WS << " (copies are not cut again)";
  } else if (NumBOSCC >= getBOSCCMaxRegions()) {
    WS << "over the budget of -vplan-boscc-max-regions="
       << getBOSCCMaxRegions();
  } else if (HoldsLoop) {
    WS << "the region holds a loop, which fission cuts out first";
  } else if (HoldsSerialCall) {
    WS << "the region holds a call run lane by lane, which fission cuts out "
          "first";
  } else if (Join == L.getLoopLatch()) {
    WS << "the region joins at the lane loop's latch";
  } else {
    N->BOSCC = N->BOSCCCost >= Threshold;
    NumBOSCC += N->BOSCC;
    WS << "region cost " << N->BOSCCCost << (N->BOSCC ? " >= " : " < ")
       << "threshold " << Threshold;
  }
  N->Note = std::move(Why);

  buildScope(Region, LI.getLoopFor(BB), N->BOSCC ? BB : BOSCCRegion,
             N->Children);

  // Split the children by side: blocks reached from each successor before
  // the join (a block reached from both counts on both sides).
  auto Side = [&](const BasicBlock *S) {
    BlockSet Reached;
    if (!S)
      return Reached;
    SmallVector<const BasicBlock *, 8> Work{S};
    while (!Work.empty()) {
      const BasicBlock *X = Work.pop_back_val();
      if (X == Join || !Region.count(X) || !Reached.insert(X).second)
        continue;
      append_range(Work, successors(X));
    }
    return Reached;
  };
  BlockSet ThenBlocks = Side(N->Then), ElseBlocks = Side(N->Else);
  PlanCost Both;
  for (const auto &C : N->Children) {
    const BasicBlock *At =
        C->isRegion() ? C->Entry : C->Insts.front()->getParent();
    if (ThenBlocks.count(At))
      N->ThenCost += C->Cost;
    if (ElseBlocks.count(At))
      N->ElseCost += C->Cost;
    Both += C->Cost;
  }
  // Scalar: each lane runs one side (the costlier one is counted). Vector:
  // predicated, both sides under masks, plus the then / else masks; BOSCC
  // adds the all-then / all-else tests (two reductions of the mask).
  auto Max = [](InstructionCost A, InstructionCost B) { return A < B ? B : A; };
  N->Cost.Scalar = Max(N->ThenCost.Scalar, N->ElseCost.Scalar) +
                   TTI.getCFInstrCost(Instruction::Br, CostKind) * VF;
  // Where the lanes disagree the scalar lane loop's branch goes both ways:
  // half the target's mispredict penalty per lane, a branch taken at random.
  if (Divergent)
    N->Cost.Scalar += TTI.getBranchMispredictPenalty() * VF / 2;
  InstructionCost Dispatch = 0;
  if (N->BOSCC) {
    auto *MaskTy = cast<VectorType>(widen(Type::getInt1Ty(BB->getContext())));
    Dispatch = TTI.getArithmeticReductionCost(Instruction::And, MaskTy,
                                              std::nullopt, CostKind) +
               TTI.getArithmeticReductionCost(Instruction::Or, MaskTy,
                                              std::nullopt, CostKind);
  }
  if (Divergent)
    N->Cost.Vector = Both.Vector + maskOpCost() * 2 + Dispatch;
  else if (N->BOSCC)
    // The lanes always agree: the dispatch always picks an unmasked copy.
    N->Cost.Vector = Max(N->ThenCost.Vector, N->ElseCost.Vector) + Dispatch;
  else
    // The vectorizer if-converts uniform branches too.
    N->Cost.Vector = Both.Vector + maskOpCost() * 2;
  return N;
}

/// The lowering's lockstep access for the loop \p C (the same
/// analysis, on the uncut lane loop: A is what the lane loop computes
/// before \p C). Returns the round counters.
SmallPtrSet<const PHINode *, 4>
LanePlanBuilder::planLockstep(Loop &C, PlanNode &N, bool Uniform) {
  SmallPtrSet<const PHINode *, 4> Counters;
  BasicBlock *Pre = C.getLoopPreheader();
  if (!isLockstepEnabled() || !C.isInnermost() || !Pre)
    return Counters;
  auto InA = [&](const Instruction *I) {
    return L.contains(I) && !C.contains(I) && I->getParent() != L.getHeader();
  };
  auto Outside = [&](const Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return !I || !L.contains(I);
  };
  SmallVector<BasicBlock *, 2> Latches;
  C.getLoopLatches(Latches);
  SmallVector<BasicBlock *, 8> Blocks(C.blocks());
  LockstepAccess LA = findLockstepAccess(
      C.getHeader(), Pre, Latches, Blocks, Div.getLaneIndex(),
      [&](Value *V) {
        // A uniform loop's counters and bounds are shared already.
        return Outside(V) || (Uniform && !Div.isVarying(V));
      },
      InA, [&](Instruction *I) { return isRecomputable(I, Outside, InA); },
      Uniform);
  if (!LA.NumAccesses)
    return Counters;
  for (Instruction *I : LA.SteppedAccesses)
    LockstepAccesses[I] = Uniform ? LockstepKind::Contiguous
                                  : LockstepKind::ContiguousMasked;
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
    // The lowering prefetches in divergent loops only.
    if (unsigned Ahead = Uniform ? 0 : getLockstepPrefetchChunks())
      OS << ", prefetch " << Ahead << " chunks ahead";
  }
  return Counters;
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

/// The exit of the divergent loop \p C as the lowering runs it, per round:
/// each exit test clears the leaving lanes from the active flags, the loop
/// goes on while any lane is active (an or-reduction), a lane that leaves
/// records which exit it took when there are several (its resume point)
/// and the values it carries out of the loop. Flags and resume points are
/// integers of laneFlagType.
std::unique_ptr<PlanNode> LanePlanBuilder::buildMaskedExit(const Loop &C) const {
  auto Exit = std::make_unique<PlanNode>(PlanNode::MaskedExit);
  SmallVector<BasicBlock *, 2> Exiting;
  C.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting)
    Exit->Insts.push_back(BB->getTerminator());
  SmallVector<Loop::Edge, 2> ExitEdges;
  C.getExitEdges(ExitEdges);
  unsigned CrossBits = 0;
  unsigned LiveOuts = 0;
  InstructionCost Capture = 0;
  for (BasicBlock *BB : C.blocks())
    for (Instruction &I : *BB) {
      if (none_of(I.users(), [&](const User *U) {
            return !C.contains(cast<Instruction>(U));
          }))
        continue;
      ++LiveOuts;
      if (!I.getType()->isPointerTy())
        CrossBits = std::max(CrossBits, laneDataBits(I.getType(), DL));
      Capture += selectCost(I.getType());
    }
  Type *FlagTy = laneFlagType(*C.getHeader(), CrossBits);
  unsigned Resumes = ExitEdges.size() > 1 ? unsigned(ExitEdges.size()) : 0;
  auto *MaskTy =
      cast<VectorType>(widen(Type::getInt1Ty(C.getHeader()->getContext())));
  Exit->Cost.Scalar = TTI.getCFInstrCost(Instruction::Br, CostKind) * VF *
                      unsigned(Exiting.size());
  Exit->Cost.Vector =
      maskOpCost() * unsigned(Exiting.size()) +
      TTI.getArithmeticReductionCost(Instruction::Or, MaskTy, std::nullopt,
                                     CostKind) +
      TTI.getArithmeticInstrCost(Instruction::And, widen(FlagTy), CostKind) +
      selectCost(FlagTy) * Resumes + Capture;
  raw_string_ostream OS(Exit->Note);
  OS << "lanes that leave record ";
  if (Resumes)
    OS << "their exit (" << Resumes << " resume points) and ";
  OS << LiveOuts << (LiveOuts == 1 ? " value" : " values");
  return Exit;
}

std::unique_ptr<PlanNode>
LanePlanBuilder::buildLoop(Loop &C, const BasicBlock *BOSCCRegion) {
  const UniformLoopShape &Shape = CutShapes.at(&C);
  bool Divergent = !Shape.Uniform;
  auto N = std::make_unique<PlanNode>(Divergent ? PlanNode::DivergentLoop
                                                : PlanNode::UniformLoop);
  N->Entry = C.getHeader();
  N->L = &C;
  N->ShadowLanes = Shape.ShadowLanes;
  SmallPtrSet<const PHINode *, 4> Counters = planLockstep(C, *N, !Divergent);
  if (Divergent)
    markLaneState(C, Counters);
  BlockSet Scope(C.block_begin(), C.block_end());
  buildScope(Scope, &C, BOSCCRegion, N->Children);
  if (Divergent)
    N->Children.push_back(buildMaskedExit(C));
  for (const auto &Child : N->Children)
    N->IterCost += Child->Cost;
  if (unsigned TC = SE.getSmallConstantTripCount(&C)) {
    N->TripCount = TC;
    N->TripCountKnown = true;
  } else if (unsigned Max = SE.getSmallConstantMaxTripCount(&C);
             Max && Max <= MaxUsefulTripCount) {
    N->TripCount = Max;
    N->Note = "at most";
  } else {
    N->TripCount = AssumedTripCount;
  }
  N->Cost = N->IterCost * N->TripCount;
  return N;
}

/// Builds the nodes of the blocks of \p Scope not yet placed, in program
/// order. \p ScopeLoop is the innermost loop holding the scope; inner loops
/// of it become loop regions. \p BOSCCRegion is the branch block of an
/// enclosing region that gets BOSCC (regions inside its copies do not).
void LanePlanBuilder::buildScope(const BlockSet &Scope, const Loop *ScopeLoop,
                                 const BasicBlock *BOSCCRegion, NodeList &Out) {
  for (BasicBlock *BB : Blocks) {
    if (!Scope.count(BB) || Consumed.count(BB))
      continue;
    // The child loop of the scope holding BB: reverse post-order meets its
    // header first.
    Loop *C = LI.getLoopFor(BB);
    while (C && C->getParentLoop() != ScopeLoop && C != ScopeLoop)
      C = C->getParentLoop();
    if (C && C != ScopeLoop) {
      // The loop's own walk places its blocks.
      Out.push_back(buildLoop(*C, BOSCCRegion));
      Consumed.insert(C->block_begin(), C->block_end());
      continue;
    }
    Consumed.insert(BB);
    for (Instruction &I : *BB)
      addInstruction(I, Out);
    BlockSet Region;
    BasicBlock *Join = nullptr;
    if (findIfRegion(BB, Region, Join) &&
        all_of(Region, [&](const BasicBlock *X) {
          return Scope.count(X) && !Consumed.count(X);
        })) {
      // The region's own walk places its blocks; the walk here then skips
      // them.
      std::unique_ptr<PlanNode> N = buildIf(BB, Region, Join, BOSCCRegion);
      Consumed.insert(Region.begin(), Region.end());
      Out.push_back(std::move(N));
    }
  }
}

void LanePlanBuilder::run() {
  VF = chooseVF();
  P.VF = VF;
  P.VFFromMetadata =
      getOptionalIntLoopAttribute(&L, "llvm.loop.vectorize.width").has_value();
  // Reverse post-order of the lane loop's blocks, from a depth-first walk
  // that takes successors last to first: every block comes after its
  // predecessors (back edges aside), and a branch's first successor (the
  // then side) comes before the second.
  SmallPtrSet<BasicBlock *, 32> Seen{L.getHeader()};
  SmallVector<std::pair<BasicBlock *, unsigned>, 16> Stack{
      {L.getHeader(), L.getHeader()->getTerminator()->getNumSuccessors()}};
  while (!Stack.empty()) {
    auto &[BB, Next] = Stack.back();
    if (Next == 0) {
      Blocks.push_back(BB);
      Stack.pop_back();
      continue;
    }
    BasicBlock *S = BB->getTerminator()->getSuccessor(--Next);
    if (L.contains(S) && Seen.insert(S).second)
      Stack.push_back({S, S->getTerminator()->getNumSuccessors()});
  }
  std::reverse(Blocks.begin(), Blocks.end());
  findControl();
  findCutShapes();
  findMaskedBlocks();
  formInterleaveGroups();
  BlockSet Scope(L.block_begin(), L.block_end());
  buildScope(Scope, &L, nullptr, P.Nodes);
  for (const auto &N : P.Nodes)
    P.Cost += N->Cost;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

static StringRef kindName(PlanNode::NodeKind K) {
  switch (K) {
  case PlanNode::Widen:
    return "widen";
  case PlanNode::WidenMemory:
    return "widen memory";
  case PlanNode::MaskedMemory:
    return "masked memory";
  case PlanNode::Interleave:
    return "interleave group";
  case PlanNode::Gather:
    return "gather";
  case PlanNode::Scatter:
    return "scatter";
  case PlanNode::Scalarize:
    return "per-lane memory";
  case PlanNode::Uniform:
    return "uniform";
  case PlanNode::Blend:
    return "blend";
  case PlanNode::Instantiate:
    return "instantiate";
  case PlanNode::MaskedExit:
    return "masked exit";
  case PlanNode::DivergentIf:
    return "divergent if";
  case PlanNode::UniformIf:
    return "uniform if";
  case PlanNode::DivergentLoop:
    return "divergent loop";
  case PlanNode::UniformLoop:
    return "uniform loop";
  }
  llvm_unreachable("unknown plan node kind");
}

static void printCost(raw_ostream &OS, InstructionCost C) {
  if (C.isValid())
    OS << C.getValue();
  else
    OS << "invalid";
}

static void printCosts(raw_ostream &OS, const PlanCost &C) {
  OS << "cost scalar ";
  printCost(OS, C.Scalar);
  OS << " vector ";
  printCost(OS, C.Vector);
}

static void printName(raw_ostream &OS, const Value *V) {
  V->printAsOperand(OS, /*PrintType=*/false);
}

/// `load %x`, `store %v` (the stored value), `call @f`.
static void printAccess(raw_ostream &OS, const Instruction *I) {
  if (auto *St = dyn_cast<StoreInst>(I)) {
    OS << "store ";
    printName(OS, St->getValueOperand());
    return;
  }
  if (auto *CB = dyn_cast<CallBase>(I)) {
    OS << "call ";
    printName(OS, CB->getCalledOperand());
    return;
  }
  OS << I->getOpcodeName() << " ";
  printName(OS, I);
}

void PlanNode::print(raw_ostream &OS, unsigned Indent) const {
  OS.indent(Indent) << kindName(Kind);
  switch (Kind) {
  case Widen:
  case Uniform:
  case Blend:
    OS << ": " << Insts.size()
       << (Insts.size() == 1 ? " instruction" : " instructions");
    if (!Note.empty())
      OS << " (" << Note << ")";
    OS << ", ";
    printCosts(OS, Cost);
    OS << "\n";
    return;
  case MaskedExit:
    OS << ": " << Insts.size()
       << (Insts.size() == 1 ? " exit test" : " exit tests")
       << " clear the leaving lanes, loop while any lane is active, " << Note
       << ", ";
    printCosts(OS, Cost);
    OS << "\n";
    return;
  case WidenMemory:
  case MaskedMemory:
  case Interleave:
  case Gather:
  case Scatter:
  case Scalarize:
  case Instantiate: {
    OS << ": ";
    ListSeparator LS;
    for (const Instruction *I : Insts) {
      OS << LS;
      printAccess(OS, I);
    }
    if (!Note.empty())
      OS << " (" << Note << ")";
    OS << ", ";
    printCosts(OS, Cost);
    OS << "\n";
    return;
  }
  case DivergentIf:
  case UniformIf:
    OS << (Else && Then ? "/else " : " ");
    printName(OS, Entry);
    OS << " (";
    if (Then) {
      OS << "then ";
      printName(OS, Then);
    }
    if (Else) {
      OS << (Then ? ", else " : "else ");
      printName(OS, Else);
    }
    OS << "): BOSCC " << (BOSCC ? "yes" : "no") << " (" << Note << "), ";
    printCosts(OS, Cost);
    if (BOSCC)
      OS << "; all lanes then: vector " << ThenCost.Vector
         << ", all lanes else: vector " << ElseCost.Vector;
    OS << "\n";
    break;
  case DivergentLoop:
  case UniformLoop:
    OS << " ";
    printName(OS, Entry);
    OS << (Kind == DivergentLoop
               ? " (per-lane trip count): run while any lane is active"
               : ShadowLanes ? " (the lanes run it together; lanes that skip "
                               "it shadow one that enters)"
                             : " (the lanes run it together)");
    OS << ", trip count ";
    if (TripCountKnown)
      OS << TripCount;
    else if (!Note.empty())
      OS << Note << " " << TripCount;
    else
      OS << "unknown (assumed " << TripCount << ")";
    OS << ", per iteration ";
    printCosts(OS, IterCost);
    if (!Lockstep.empty())
      OS << "; lockstep: " << Lockstep;
    OS << "\n";
    break;
  }
  for (const auto &C : Children)
    C->print(OS, Indent + 2);
}

double LanePlan::getSpeedup() const {
  if (!Cost.Scalar.isValid() || !Cost.Vector.isValid() ||
      Cost.Vector.getValue() <= 0)
    return 0;
  return double(Cost.Scalar.getValue()) / double(Cost.Vector.getValue());
}

void LanePlan::print(raw_ostream &OS) const {
  OS << "vplan for lane loop ";
  printName(OS, L->getHeader());
  OS << " in " << L->getHeader()->getParent()->getName() << ", VF " << VF;
  if (!VFFromMetadata)
    OS << " (no vectorize.width: one register of the widest data)";
  OS << ":\n";
  for (const auto &N : Nodes)
    N->print(OS, 2);
  OS << "  total: scalar ";
  printCost(OS, Cost.Scalar);
  OS << ", vector ";
  printCost(OS, Cost.Vector);
  OS << " (estimated speedup " << format("%.1f", getSpeedup()) << ")\n";
}

PlanShape LanePlan::shape() const {
  PlanShape S;
  std::function<void(const PlanNode &)> Visit = [&](const PlanNode &N) {
    S.Loops += N.isLoop();
    S.UniformLoops += N.getKind() == PlanNode::UniformLoop;
    S.BOSCC += N.hasBOSCC();
    for (const auto &C : N.children())
      Visit(*C);
  };
  for (const auto &N : Nodes)
    Visit(*N);
  return S;
}

std::string LanePlan::summary() const {
  // Instructions per recipe kind, regions by kind, BOSCC decisions, calls.
  unsigned Count[PlanNode::UniformLoop + 1] = {};
  SmallVector<std::string, 2> BOSCCs, Calls, Lockstep;
  std::function<void(const PlanNode &)> Visit = [&](const PlanNode &N) {
    if (N.isRegion())
      ++Count[N.getKind()];
    else
      Count[N.getKind()] += N.insts().size();
    if (N.getKind() == PlanNode::DivergentIf ||
        N.getKind() == PlanNode::UniformIf) {
      std::string S;
      raw_string_ostream SS(S);
      SS << (N.hasBOSCC() ? "yes for " : "no for ");
      printName(SS, N.getEntry());
      SS << " (" << N.getNote() << ")";
      BOSCCs.push_back(S);
    }
    if (!N.getLockstep().empty()) {
      std::string S;
      raw_string_ostream SS(S);
      printName(SS, N.getEntry());
      SS << " (" << N.getLockstep() << ")";
      Lockstep.push_back(S);
    }
    if (N.getKind() == PlanNode::Instantiate)
      for (const Instruction *I : N.insts()) {
        std::string S;
        raw_string_ostream SS(S);
        printAccess(SS, I);
        Calls.push_back(S);
      }
    for (const auto &C : N.children())
      Visit(*C);
  };
  for (const auto &N : Nodes)
    Visit(*N);

  std::string S;
  raw_string_ostream OS(S);
  OS << "plan for lane loop '" << L->getHeader()->getName() << "' (VF " << VF
     << "): ";
  ListSeparator LS;
  for (unsigned K = PlanNode::Widen; K <= PlanNode::UniformLoop; ++K)
    if (Count[K] && K != PlanNode::MaskedExit)
      OS << LS << kindName(PlanNode::NodeKind(K)) << " " << Count[K];
  OS << "; BOSCC ";
  if (BOSCCs.empty())
    OS << "no (no if/else region)";
  else
    OS << join(BOSCCs, ", ");
  if (!Calls.empty())
    OS << "; lane by lane: " << join(Calls, ", ");
  if (!Lockstep.empty())
    OS << "; lockstep: " << join(Lockstep, ", ");
  OS << "; cost scalar ";
  printCost(OS, Cost.Scalar);
  OS << " vector ";
  printCost(OS, Cost.Vector);
  OS << " (estimated speedup " << format("%.1f", getSpeedup()) << ")";
  return S;
}

const LanePlan *LanePlanInfo::getPlan(const Loop *L) const {
  for (const auto &P : Plans)
    if (&P->getLoop() == L)
      return P.get();
  return nullptr;
}

void LanePlanInfo::print(raw_ostream &OS) const {
  for (const auto &P : Plans)
    P->print(OS);
}

bool LanePlanInfo::invalidate(Function &F, const PreservedAnalyses &PA,
                              FunctionAnalysisManager::Invalidator &Inv) {
  auto PAC = PA.getChecker<LanePlanAnalysis>();
  return !(PAC.preserved() || PAC.preservedSet<AllAnalysesOn<Function>>()) ||
         Inv.invalidate<LaneDivergenceAnalysis>(F, PA) ||
         Inv.invalidate<LaneStrideAnalysis>(F, PA) ||
         Inv.invalidate<ScalarEvolutionAnalysis>(F, PA) ||
         Inv.invalidate<PostDominatorTreeAnalysis>(F, PA) ||
         Inv.invalidate<DominatorTreeAnalysis>(F, PA);
}

LanePlanInfo LanePlanAnalysis::run(Function &F, FunctionAnalysisManager &AM) {
  LanePlanInfo Info;
  auto &Div = AM.getResult<LaneDivergenceAnalysis>(F);
  if (Div.loops().empty())
    return Info;
  auto &Strides = AM.getResult<LaneStrideAnalysis>(F);
  auto &LI = AM.getResult<LoopAnalysis>(F);
  auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
  auto &PDT = AM.getResult<PostDominatorTreeAnalysis>(F);
  auto &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  auto &TTI = AM.getResult<TargetIRAnalysis>(F);
  auto &AC = AM.getResult<AssumptionAnalysis>(F);
  bool IsX86 = Triple(F.getParent()->getTargetTriple()).isX86();
  for (const auto &D : Div.loops()) {
    auto P = std::make_unique<LanePlan>();
    P->L = &D->getLoop();
    LanePlanBuilder(*P, *D, Strides, LI, DT, PDT, SE, AC, TTI, IsX86).run();
    Info.Plans.push_back(std::move(P));
  }
  return Info;
}

PlanDecisions LanePlan::decisions() const {
  PlanDecisions D;
  std::function<void(const PlanNode &)> Visit = [&](const PlanNode &N) {
    if (N.hasBOSCC())
      D.BOSCCBranches.insert(N.getEntry()->getTerminator());
    for (const auto &C : N.children())
      Visit(*C);
  };
  for (const auto &N : Nodes)
    Visit(*N);
  return D;
}

std::optional<LaneLoopVerdict>
decideLaneLoop(Function &F, const BasicBlock *Header,
               FunctionAnalysisManager &FAM) {
  std::optional<LaneLoopVerdict> V;
  {
    auto &Info = FAM.getResult<LanePlanAnalysis>(F);
    for (const auto &P : Info.plans()) {
      if (P->getLoop().getHeader() != Header)
        continue;
      if (isPrintPlanEnabled())
        P->print(errs());
      V.emplace();
      V->Cost = P->getCost();
      V->Speedup = P->getSpeedup();
      V->Summary = P->summary();
      V->Shape = P->shape();
      V->Decisions = P->decisions();
      // An invalid or zero cost says nothing: the vectorizer decides.
      V->Vectorize = V->Speedup == 0 || V->Speedup >= getMinSpeedup();
    }
  }
  FAM.invalidate(F, PreservedAnalyses::none());
  return V;
}

PreservedAnalyses LanePlanPrinterPass::run(Function &F,
                                           FunctionAnalysisManager &AM) {
  auto &Info = AM.getResult<LanePlanAnalysis>(F);
  if (Info.plans().empty())
    return PreservedAnalyses::all();
  Info.print(OS);
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  for (const auto &P : Info.plans())
    ORE.emit([&] {
      const Loop &L = P->getLoop();
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "Plan", L.getStartLoc(),
                                        L.getHeader())
             << P->summary();
    });
  return PreservedAnalyses::all();
}

} // namespace vplanext
