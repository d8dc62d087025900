//===- SimdLoopPass.cpp - omp simd loops with divergent inner loops -------===//
//
/// \file
/// See SimdLoopPass.h. The strip-mined loop is correct on its own (a scalar
/// chunk loop around a scalar lane loop); the speed comes from the fission
/// that follows and from the loop vectorizer.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/FunctionAA.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/SimdLoopPass.h"
#include "vplan-ext/LaneLocals.h"
#include "vplan-ext/LaneLoopFission.h"
#include "vplan-ext/LanePlan.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "vplan-ext/LaneLoopPrep.h"
#include "vplan-ext/MaskPhiWidening.h"
#include "vplan-ext/OuterLoopDependence.h"
#include "vplan-ext/WorkItemAccessGroups.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/BasicAliasAnalysis.h"
#include "llvm/Analysis/ScopedNoAliasAA.h"
#include "llvm/Analysis/TypeBasedAliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/DependenceAnalysis.h"
#include "llvm/Analysis/IVDescriptors.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopRotationUtils.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumSimdLoops, "Number of omp simd loops strip-mined into lanes and cut");

namespace vplanext {
namespace {

/// Marks a loop this pass looked at and left: the vectorizer still reports
/// it (-Wpass-failed) as it would without the plugin.
constexpr const char *SkipTag = "vplan-ext.simd.left";

/// A loop the user asked to vectorize that holds inner loops (otherwise
/// the stock vectorizer does the job) and that nobody has taken yet.
bool isForcedOuterLoop(const Loop &L) {
  if (L.isInnermost())
    return false;
  std::optional<bool> Enable =
      getOptionalBoolLoopAttribute(&L, "llvm.loop.vectorize.enable");
  return Enable && *Enable &&
         !getBooleanLoopAttribute(&L, "llvm.loop.isvectorized") &&
         !findStringMetadataForLoop(&L, LaneLoopTag) &&
         !findStringMetadataForLoop(&L, SkipTag);
}

/// Marks a `vectorize(enable)` loop whose iterations DependenceAnalysis
/// proved independent (OuterLoopDependence.h), before anything changed.
constexpr const char *IndependentTag = "vplan-ext.simd.independent";

/// ...or proved so given a run-time check that pointers which may alias
/// cover disjoint ranges: the loop is versioned first.
constexpr const char *ChecksTag = "vplan-ext.simd.alias-checks";

/// A loop the pass may take: a forced outer loop whose iterations are
/// declared independent (parallel by annotation) or proved so. Any other
/// (`#pragma clang loop vectorize(enable)` with a possible dependence) would
/// be reordered wrongly by strip-mining.
bool isCandidate(const Loop &L) {
  return isForcedOuterLoop(L) &&
         (L.isAnnotatedParallel() ||
          findStringMetadataForLoop(&L, IndependentTag) ||
          findStringMetadataForLoop(&L, ChecksTag));
}

/// Versions \p L on a run-time test that every pair of \p Checks covers
/// disjoint address ranges: the original loop (taken when they do) is
/// strip-mined next round, the copy runs scalar (marked vectorized, as the
/// loop vectorizer marks its own scalar loops). \p L is simplified, with
/// its exit at the latch. Returns why not, or empty.
std::string versionForNoAlias(
    Function &F, Loop &L,
    ArrayRef<std::pair<Instruction *, Instruction *>> Checks,
    DominatorTree &DT, LoopInfo &LI, ScalarEvolution &SE) {
  BasicBlock *Exit = L.getExitBlock();
  BasicBlock *Latch = L.getLoopLatch();
  if (!Exit || !Latch || L.getExitingBlock() != Latch)
    return "the loop needs one exit, at its latch";
  SmallVector<std::pair<const SCEV *, const SCEV *>, 8> Ranges;
  for (auto [A, B] : Checks) {
    auto RA = accessRange(A, L, SE), RB = accessRange(B, L, SE);
    if (!RA || !RB)
      return "pointers may alias and the ranges they cover are not known";
    Ranges.push_back(*RA);
    Ranges.push_back(*RB);
  }
  formLCSSARecursively(L, DT, &LI, &SE);
  BasicBlock *Pre = L.getLoopPreheader();
  BasicBlock *NewPre =
      SplitBlock(Pre, Pre->getTerminator(), &DT, &LI, nullptr, "vplan.simd.ph");
  // The test, in the old preheader: for each pair, one range ends before
  // the other starts.
  SCEVExpander Exp(SE, "vplan.simd.alias");
  IRBuilder<> B(Pre->getTerminator());
  Value *Disjoint = B.getTrue();
  for (unsigned K = 0; K < Ranges.size(); K += 2) {
    auto Expand = [&](const SCEV *S) {
      Value *V = Exp.expandCodeFor(S, nullptr, Pre->getTerminator());
      return V->getType()->isPointerTy() ? B.CreatePtrToInt(V, B.getInt64Ty())
                                         : B.CreateZExtOrTrunc(V, B.getInt64Ty());
    };
    Value *LoA = Expand(Ranges[K].first), *HiA = Expand(Ranges[K].second);
    Value *LoB = Expand(Ranges[K + 1].first), *HiB = Expand(Ranges[K + 1].second);
    Disjoint = B.CreateAnd(
        Disjoint, B.CreateOr(B.CreateICmpULE(HiA, LoB), B.CreateICmpULE(HiB, LoA)),
        "vplan.simd.disjoint");
  }
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> Blocks;
  Loop *Copy = cloneLoopWithPreheader(NewPre, Pre, &L, VMap, ".alias", &LI,
                                      &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  auto *CopyLatch = cast<BasicBlock>(VMap[Latch]);
  for (PHINode &PN : Exit->phis()) {
    Value *V = PN.getIncomingValueForBlock(Latch);
    PN.addIncoming(VMap.count(V) ? static_cast<Value *>(VMap[V]) : V,
                   CopyLatch);
  }
  Instruction *T = Pre->getTerminator();
  BranchInst::Create(NewPre, cast<BasicBlock>(VMap[NewPre]), Disjoint,
                     T->getIterator());
  T->eraseFromParent();
  addStringMetadataToLoop(Copy, "llvm.loop.isvectorized", 1);
  addStringMetadataToLoop(&L, IndependentTag);
  return "";
}

} // namespace

unsigned chooseSimdLoopVL(const Loop &L, const TargetTransformInfo &TTI,
                          const DataLayout &DL) {
  if (std::optional<int> W =
          getOptionalIntLoopAttribute(&L, "llvm.loop.vectorize.width");
      W && *W > 1)
    return *W;
  uint64_t Bits = 0;
  // An inner loop's counter (i += C), often widened to 64 bits by
  // induction-variable simplification, is index arithmetic too.
  auto IsCounter = [](const Instruction &I) {
    const auto *PN = dyn_cast<PHINode>(&I);
    return PN && any_of(PN->incoming_values(), [&](const Value *V) {
             const auto *Add = dyn_cast<BinaryOperator>(V);
             return Add && Add->getOpcode() == Instruction::Add &&
                    Add->getOperand(0) == PN &&
                    isa<ConstantInt>(Add->getOperand(1));
           });
  };
  // Data, not addresses: loaded and stored values, floating-point values
  // and the inner loops' state (index arithmetic is 64-bit everywhere).
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (IsCounter(I))
        continue;
      Type *T = nullptr;
      if (auto *SI = dyn_cast<StoreInst>(&I))
        T = SI->getValueOperand()->getType();
      else if (isa<LoadInst>(I) || I.getType()->isFloatingPointTy() ||
               (isa<PHINode>(I) && BB != L.getHeader()))
        T = I.getType();
      if (!T || T->isIntegerTy(1) ||
          !(T->isIntegerTy() || T->isFloatingPointTy()))
        continue;
      Bits = std::max<uint64_t>(Bits, DL.getTypeSizeInBits(T));
    }
  // Odd widths (an i33 from induction widening) count as the next
  // power of two.
  Bits = Bits ? std::clamp<uint64_t>(PowerOf2Ceil(Bits), 8, 64) : 32;
  uint64_t Reg = TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
                     .getFixedValue();
  unsigned VL = Reg >= Bits ? unsigned(Reg / Bits) : 1;
  return std::max<unsigned>(llvm::bit_floor(VL), 2u);
}

namespace {

/// Reductions with an identity and a vector reduce: the partial results of
/// the lanes can be combined in any order.
bool isSupportedReduction(RecurKind K) {
  switch (K) {
  case RecurKind::Add:
  case RecurKind::Mul:
  case RecurKind::And:
  case RecurKind::Or:
  case RecurKind::Xor:
  case RecurKind::SMin:
  case RecurKind::SMax:
  case RecurKind::UMin:
  case RecurKind::UMax:
  case RecurKind::FAdd:
  case RecurKind::FMul:
    return true;
  default:
    return false;
  }
}

struct StripMined {
  BasicBlock *LaneHeader = nullptr;
  unsigned VL = 0;
  std::string Why;
  /// The body's locals given a copy per lane (privatizeLaneLocals), and
  /// why others stay shared.
  LaneLocals Locals;
};

/// What strip-mining reads of the loop, found and checked before anything
/// changes.
struct StripMineInput {
  BasicBlock *Pre = nullptr;
  BasicBlock *Latch = nullptr;
  BasicBlock *Exit = nullptr;
  BasicBlock *H = nullptr;
  BranchInst *LatchBr = nullptr;
  PHINode *IV = nullptr;
  InductionDescriptor ID;
  /// The values the loop carries besides its induction.
  SmallVector<std::pair<PHINode *, RecurrenceDescriptor>, 2> Reductions;
  const SCEV *BTC = nullptr;
};

/// After the loop only the reductions' final values may be used (directly
/// or through an LCSSA phi of the exit block). Returns why not, or empty.
std::string checkUsesAfterLoop(const Loop &L, const StripMineInput &In) {
  BasicBlock *Exit = In.Exit;
  auto IsResult = [&](Value *V) {
    return any_of(In.Reductions, [&](const auto &Rd) {
      return V == Rd.second.getLoopExitInstr();
    });
  };
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (Use &U : I.uses()) {
        auto *UI = cast<Instruction>(U.getUser());
        if (L.contains(UI))
          continue;
        // A phi reads the result on its edge: the exit block's own LCSSA
        // phi, or a join after the exit (`s` of a loop that may not run).
        auto *PN = dyn_cast<PHINode>(UI);
        bool Ok =
            IsResult(&I) &&
            (!PN ||
             (PN->getParent() == Exit && PN->getNumIncomingValues() == 1) ||
             (PN->getParent() != Exit && PN->getIncomingBlock(U) == Exit));
        if (!Ok)
          return "values computed in the loop are used after it";
      }
  for (PHINode &PN : Exit->phis())
    if (PN.getNumIncomingValues() != 1 || !IsResult(PN.getIncomingValue(0)))
      return "the loop's exit block merges values";
  return "";
}

/// Fills \p In for strip-mining \p L and checks that \p L can be: returns
/// why not, or empty. Nothing changes.
std::string checkStripMine(Loop &L, ScalarEvolution &SE, StripMineInput &In) {
  In.Pre = L.getLoopPreheader();
  In.Latch = L.getLoopLatch();
  In.Exit = L.getExitBlock();
  In.H = L.getHeader();
  if (!In.Pre || !In.Latch || !In.Exit || L.getExitingBlock() != In.Latch)
    return "the loop needs one entry, one latch and one exit at the latch";
  In.LatchBr = dyn_cast<BranchInst>(In.Latch->getTerminator());
  if (!In.LatchBr || !In.LatchBr->isConditional())
    return "the loop's latch does not end in a conditional branch";
  In.IV = L.getInductionVariable(SE);
  if (!In.IV || !InductionDescriptor::isInductionPHI(In.IV, &L, &SE, In.ID) ||
      !In.ID.getConstIntStepValue())
    return "the loop has no integer induction with a constant step";
  // Other carried values must be reductions (omp simd `reduction`, or what
  // the vectorizer would treat as one): each lane keeps a partial result,
  // combined after the loop. Forced vectorization allows the reordering,
  // for floating point too, as the loop vectorizer does.
  for (PHINode &PN : In.H->phis()) {
    if (&PN == In.IV)
      continue;
    RecurrenceDescriptor RD;
    if (!RecurrenceDescriptor::isReductionPHI(&PN, &L, RD) ||
        !isSupportedReduction(RD.getRecurrenceKind()))
      return "the loop carries a value other than its induction that is "
             "not a simple reduction";
    In.Reductions.push_back({&PN, RD});
  }
  if (std::string Why = checkUsesAfterLoop(L, In); !Why.empty())
    return Why;
  In.BTC = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(In.BTC))
    return "the loop's trip count cannot be computed";
  // The inner loops must allow the cut: side effects in them would be
  // reordered between lanes.
  for (Loop *Sub : L.getSubLoops())
    for (BasicBlock *BB : Sub->blocks())
      for (Instruction &I : *BB)
        if (auto *CB = dyn_cast<CallBase>(&I);
            CB && !isa<IntrinsicInst>(CB) && CB->mayHaveSideEffects())
          return "an inner loop calls a function with side effects";
  return "";
}

/// The loops strip-mining puts in front of the old one: the chunk loop and
/// the lane loop, whose body enters the old loop's header for an active
/// lane.
struct LaneNest {
  BasicBlock *ChunkH = nullptr;
  BasicBlock *LaneH = nullptr;
  BasicBlock *LaneBody = nullptr;
  BasicBlock *LaneLatch = nullptr;
  PHINode *Lane = nullptr;
  /// The old induction's value for the lane.
  Value *IVLane = nullptr;
};

/// Builds the chunk loop (k0 += VL, up to the trip count) and the lane loop
/// (lane = 0 .. VL-1) for \p In's loop. The old loop is not rewired yet: its
/// preheader still enters its header, its latch still branches to its exit.
LaneNest buildLaneNest(Function &F, const StripMineInput &In, unsigned VL,
                       ScalarEvolution &SE) {
  BasicBlock *Pre = In.Pre, *Exit = In.Exit, *H = In.H;
  LLVMContext &Ctx = F.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *IVTy = In.IV->getType();
  Value *Step = In.ID.getConstIntStepValue();
  Value *Start = In.IV->getIncomingValueForBlock(Pre);

  // Trip count (>= 1: the loop is in rotated form, entered at least once).
  SCEVExpander Exp(SE, "vplan.simd");
  const SCEV *TCS =
      SE.getAddExpr(SE.getNoopOrZeroExtend(In.BTC, I64), SE.getOne(I64));
  Value *TC = Exp.expandCodeFor(TCS, I64, Pre->getTerminator());

  LaneNest N;
  BasicBlock *ChunkH = N.ChunkH = BasicBlock::Create(Ctx, "simd.chunk", &F, H);
  BasicBlock *LaneH = N.LaneH = BasicBlock::Create(Ctx, "simd.lane", &F, H);
  BasicBlock *LaneBody = N.LaneBody =
      BasicBlock::Create(Ctx, "simd.lane.body", &F, H);
  BasicBlock *LaneLatch = N.LaneLatch =
      BasicBlock::Create(Ctx, "simd.lane.latch", &F, Exit);
  BasicBlock *ChunkLatch =
      BasicBlock::Create(Ctx, "simd.chunk.latch", &F, Exit);
  IRBuilder<> B(ChunkH);
  PHINode *K0 = B.CreatePHI(I64, 2, "simd.k0");
  B.CreateBr(LaneH);
  B.SetInsertPoint(LaneH);
  PHINode *Lane = N.Lane = B.CreatePHI(I64, 2, "simd.lane.idx");
  B.CreateBr(LaneBody);
  B.SetInsertPoint(LaneBody);
  Value *K = B.CreateAdd(K0, Lane, "simd.k", /*HasNUW=*/true);
  // The last chunk is masked: lanes past the trip count do nothing. A trip
  // count that is a known multiple of VL (kernel-wrap's full-chunk loops)
  // needs no mask, and every lane then enters the inner loops (which lets
  // the fission treat uniform inner loops as such).
  // Counted in the loop's own type: for a 32-bit counter the 64-bit count
  // is zext(BTC) + 1, whose factors SCEV does not see.
  const SCEV *NativeTC =
      SE.getAddExpr(In.BTC, SE.getOne(In.BTC->getType()));
  bool Full =
      SE.getMinTrailingZeros(NativeTC) >= unsigned(llvm::countr_zero(VL));
  Value *Active =
      Full ? cast<Value>(B.getTrue()) : B.CreateICmpULT(K, TC, "simd.active");
  N.IVLane = B.CreateAdd(Start, B.CreateMul(B.CreateTrunc(K, IVTy), Step),
                         In.IV->getName() + ".lane");
  B.CreateCondBr(Active, H, LaneLatch);
  B.SetInsertPoint(LaneLatch);
  Value *LaneNext = B.CreateAdd(Lane, B.getInt64(1), "simd.lane.next",
                                /*HasNUW=*/true, /*HasNSW=*/true);
  B.CreateCondBr(B.CreateICmpEQ(LaneNext, B.getInt64(VL)), ChunkLatch, LaneH);
  Lane->addIncoming(B.getInt64(0), ChunkH);
  Lane->addIncoming(LaneNext, LaneLatch);
  B.SetInsertPoint(ChunkLatch);
  Value *K0Next = B.CreateAdd(K0, B.getInt64(VL), "simd.k0.next",
                              /*HasNUW=*/true);
  B.CreateCondBr(B.CreateICmpULT(K0Next, TC), ChunkH, Exit);
  K0->addIncoming(B.getInt64(0), Pre);
  K0->addIncoming(K0Next, ChunkLatch);
  return N;
}

/// Turns the reduction \p PN (of \p L, described by \p RD) into a lane array
/// of partial results, the identity at first; each active lane folds its
/// iterations into its slot (one unconditional store at the lane latch),
/// and the exit combines the slots with the start value.
void addLaneReduction(Function &F, const Loop &L, const StripMineInput &In,
                      const LaneNest &N, unsigned VL, PHINode *PN,
                      const RecurrenceDescriptor &RD) {
  BasicBlock *Pre = In.Pre, *Latch = In.Latch, *Exit = In.Exit;
  BasicBlock *LaneBody = N.LaneBody, *LaneLatch = N.LaneLatch;
  PHINode *Lane = N.Lane;
  Type *T = PN->getType();
  RecurKind Kind = RD.getRecurrenceKind();
  AllocaInst *Partial = createLaneArray(F, T, ElementCount::getFixed(VL),
                                        PN->getName() + ".partial");
  auto *VecTy = FixedVectorType::get(T, VL);
  IRBuilder<> PB(Pre->getTerminator());
  PB.CreateAlignedStore(
      PB.CreateVectorSplat(
          VL, getRecurrenceIdentity(Kind, T, RD.getFastMathFlags())),
      Partial, Partial->getAlign());
  IRBuilder<> LB(LaneBody->getTerminator());
  Value *Slot = LB.CreateInBoundsGEP(Partial->getAllocatedType(), Partial,
                                     {LB.getInt64(0), Lane});
  Value *Old = LB.CreateLoad(T, Slot, PN->getName() + ".lane");
  Value *Next = PN->getIncomingValueForBlock(Latch);
  IRBuilder<> TB(LaneLatch, LaneLatch->getFirstInsertionPt());
  PHINode *Kept = TB.CreatePHI(T, 2, PN->getName() + ".kept");
  Kept->addIncoming(Old, LaneBody);
  Kept->addIncoming(Next, Latch);
  TB.SetInsertPoint(LaneLatch->getFirstNonPHIIt());
  TB.CreateStore(Kept, TB.CreateInBoundsGEP(Partial->getAllocatedType(),
                                            Partial, {TB.getInt64(0), Lane}));
  IRBuilder<> XB(Exit, Exit->getFirstInsertionPt());
  XB.setFastMathFlags(RD.getFastMathFlags());
  Value *All = XB.CreateAlignedLoad(VecTy, Partial, Partial->getAlign());
  Value *Red = createSimpleReduction(XB, All, Kind);
  Value *Start = PN->getIncomingValueForBlock(Pre);
  Value *Final =
      RecurrenceDescriptor::isMinMaxRecurrenceKind(Kind)
          ? createMinMaxOp(XB, Kind, Start, Red)
          : XB.CreateBinOp(
                (Instruction::BinaryOps)RecurrenceDescriptor::getOpcode(Kind),
                Start, Red, PN->getName() + ".final");
  for (PHINode &XP : make_early_inc_range(Exit->phis()))
    if (XP.getIncomingValue(0) == Next) {
      XP.replaceAllUsesWith(Final);
      XP.eraseFromParent();
    }
  // Direct uses after the loop (not in LCSSA form at VectorizerStart).
  // Kept, in the new lane latch, is the only new user of Next.
  Next->replaceUsesWithIf(Final, [&](Use &U) {
    auto *UI = cast<Instruction>(U.getUser());
    return UI != Kept && !L.contains(UI);
  });
  PN->replaceAllUsesWith(Old);
  PN->eraseFromParent();
}

/// The locals of \p L's body: static allocas of the entry block whose
/// lifetime starts in \p L (variables declared in the body: each iteration
/// has its own, clang allocates one for all) and whose address is used in
/// \p L alone. Their addresses' GEPs and casts that LICM hoisted out of
/// \p L move back to its header (a lane's copy is known only in the lane).
SmallVector<AllocaInst *, 4> takeBodyLocals(Function &F, const Loop &L) {
  SmallVector<AllocaInst *, 4> Locals;
  SmallPtrSet<Instruction *, 8> Hoisted;
  for (Instruction &I : F.getEntryBlock()) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    if (!AI || !AI->isStaticAlloca() || AI->getMetadata(LaneArrayMDName))
      continue;
    bool Inside = true, StartsInside = false;
    SmallVector<Instruction *, 4> Outside;
    SmallVector<Value *, 8> Work = {AI};
    while (!Work.empty() && Inside)
      for (User *U : Work.pop_back_val()->users()) {
        auto *UI = dyn_cast<Instruction>(U);
        bool IsAddress =
            UI && (isa<GetElementPtrInst>(UI) || isa<CastInst>(UI));
        if (!UI || (!L.contains(UI) && !IsAddress)) {
          Inside = false;
          break;
        }
        if (auto *II = dyn_cast<IntrinsicInst>(UI))
          StartsInside |= II->getIntrinsicID() == Intrinsic::lifetime_start;
        if (!IsAddress)
          continue;
        Work.push_back(UI);
        if (!L.contains(UI))
          Outside.push_back(UI);
      }
    if (!Inside || !StartsInside)
      continue;
    Locals.push_back(AI);
    Hoisted.insert_range(Outside);
  }
  // In program order, each after what it uses.
  SmallVector<Instruction *, 8> Moves;
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F))
    for (Instruction &I : *BB)
      if (Hoisted.count(&I))
        Moves.push_back(&I);
  Instruction *At = &*L.getHeader()->getFirstInsertionPt();
  for (Instruction *I : Moves)
    I->moveBefore(At->getIterator());
  return Locals;
}

/// Strip-mines \p L (checked first; nothing changes on failure).
StripMined stripMine(Function &F, Loop &L, ScalarEvolution &SE,
                     const TargetTransformInfo &TTI,
                     const LaneLoweringOptions &Opts) {
  StripMined R;
  StripMineInput In;
  R.Why = checkStripMine(L, SE, In);
  if (!R.Why.empty())
    return R;
  SmallVector<AllocaInst *, 4> BodyLocals = takeBodyLocals(F, L);

  const DataLayout &DL = F.getDataLayout();
  unsigned VL = chooseSimdLoopVL(L, TTI, DL);
  LaneNest N = buildLaneNest(F, In, VL, SE);
  for (auto &[PN, RD] : In.Reductions)
    addLaneReduction(F, L, In, N, VL, PN, RD);

  // The old loop becomes the lane body: entered from LaneBody, leaving to
  // the lane latch, its induction the lane's value.
  In.Pre->getTerminator()->replaceSuccessorWith(In.H, N.ChunkH);
  Value *OldCond = In.LatchBr->getCondition();
  IRBuilder<>(In.LatchBr).CreateBr(N.LaneLatch);
  In.LatchBr->eraseFromParent();
  RecursivelyDeleteTriviallyDeadInstructions(OldCond);
  In.IV->replaceAllUsesWith(N.IVLane);
  In.IV->eraseFromParent();
  // Each lane runs an iteration: it gets its own copy of the body's
  // locals, as the iteration had.
  R.Locals = privatizeLaneLocals(
      F, BodyLocals, N.LaneBody->getTerminator(), N.Lane,
      ElementCount::getFixed(VL), Opts.PrivateLocalBytes,
      "-vplan-private-local-bytes", [](const AllocaInst &) { return false; });
  assert(!verifyFunction(F, &errs()) && "strip-mining broke the IR");
  R.LaneHeader = N.LaneH;
  R.VL = VL;
  return R;
}

/// What remarks call \p L: a kernel's work-item loop, a `vectorize(enable)`
/// loop dependence analysis proved parallel (\p Proved), or an omp simd
/// loop (any loop the user declared parallel).
StringRef loopNoun(const Loop &L, bool Proved) {
  if (findStringMetadataForLoop(&L, WorkItemParallelTag))
    return "work-item loop";
  return Proved ? "loop" : "omp simd loop";
}

/// Marks \p L as looked at and left. The user's loops stay forced: the
/// vectorizer still tries them and warns, as it would without the plugin.
/// A kernel's work-item loop was forced by kernel-wrap, not by the user:
/// it stops asking, so no location-less "loop not vectorized" warning
/// breaks a -Werror build of an OpenCL program (our remark said why).
void leaveLoop(Loop &L) {
  addStringMetadataToLoop(&L, SkipTag);
  if (findStringMetadataForLoop(&L, WorkItemParallelTag))
    addStringMetadataToLoop(&L, "llvm.loop.vectorize.enable", 0);
}

/// Asks dependence analysis about the `vectorize(enable)` loop \p L, which
/// declares nothing: tags it when its iterations are independent (given
/// run-time alias checks or not), else says why in a remark.
void classifyForcedLoop(Loop &L, DependenceInfo &DI, ScalarEvolution &SE,
                        OptimizationRemarkEmitter &ORE) {
  IterationIndependence Ind = analyseIterations(L, DI, SE);
  std::string Why = Ind.Why;
  if (Ind.independent()) {
    addStringMetadataToLoop(&L, Ind.RuntimeChecks.empty() ? IndependentTag
                                                          : ChecksTag);
  } else {
    bool WorkItems =
        findStringMetadataForLoop(&L, WorkItemParallelTag).has_value();
    ORE.emit([&] {
      OptimizationRemarkMissed R(DEBUG_TYPE, "SimdLoopNotParallel",
                                 L.getStartLoc(), L.getHeader());
      R << loopNoun(L, /*Proved=*/true)
        << " with an inner loop not strip-mined into lanes: "
           "its iterations may depend on each other ("
        << Why << ")";
      if (!WorkItems)
        R << "; #pragma omp simd or #pragma clang loop "
             "vectorize(assume_safety) declare them independent";
      return R;
    });
    if (WorkItems)
      leaveLoop(L);
  }
}

/// The first loop of \p LI (in preorder) the pass may take, or null.
/// \p FirstRound: the function is as it came in, and its `vectorize(enable)`
/// loops are classified on the way; \p DI builds dependence analysis when
/// one asks.
Loop *findCandidate(LoopInfo &LI, ScalarEvolution &SE, bool FirstRound,
                    function_ref<DependenceInfo &()> DI,
                    OptimizationRemarkEmitter &ORE) {
  Loop *Cand = nullptr;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (FirstRound && isForcedOuterLoop(*L) && !L->isAnnotatedParallel())
      classifyForcedLoop(*L, DI(), SE, ORE);
    if (!Cand && isCandidate(*L))
      Cand = L;
  }
  return Cand;
}

/// Parallel-access groups of the user's loop \p L: the lane loops inherit
/// them.
SmallVector<Metadata *, 2> parallelAccessGroups(const Loop &L) {
  SmallVector<Metadata *, 2> Groups;
  if (MDNode *LoopID = L.getLoopID())
    for (const MDOperand &Op : drop_begin(LoopID->operands()))
      if (auto *N = dyn_cast<MDNode>(Op.get()); N && N->getNumOperands() >= 1)
        if (auto *S = dyn_cast<MDString>(N->getOperand(0));
            S && S->getString() == "llvm.loop.parallel_accesses")
          for (const MDOperand &G : drop_begin(N->operands()))
            Groups.push_back(G.get());
  return Groups;
}

/// At VectorizerStart the loop may lack dedicated exits and may not be
/// rotated yet; strip-mining wants simplified form, exit test at the
/// latch.
void simplifyForStripMining(Function &F, Loop &L, DominatorTree &DT,
                            LoopInfo &LI, ScalarEvolution &SE,
                            AssumptionCache &AC, TargetLibraryInfo &TLI,
                            TargetTransformInfo &TTI) {
  simplifyLoop(&L, &DT, &LI, &SE, &AC, nullptr, /*PreserveLCSSA=*/false);
  if (!L.isLoopExiting(L.getLoopLatch())) {
    SimplifyQuery SQ(F.getDataLayout(), &TLI, &DT, &AC);
    LoopRotation(&L, &LI, &TTI, &AC, &DT, &SE, nullptr, SQ,
                 /*RotationOnly=*/true, /*Threshold=*/unsigned(-1),
                 /*IsUtilMode=*/true);
    SE.forgetLoop(&L);
  }
}

/// A loop proved independent given run-time alias checks: versions it on
/// them (asked again, on the loop as it is now), to be strip-mined next
/// round. A loop that cannot be is left, with a remark at \p Loc.
void versionOnAliasChecks(Function &F, Loop &L, DependenceInfo &DI,
                          DominatorTree &DT, LoopInfo &LI, ScalarEvolution &SE,
                          OptimizationRemarkEmitter &ORE, DebugLoc Loc,
                          BasicBlock *Hdr) {
  IterationIndependence Ind = analyseIterations(L, DI, SE);
  std::string Why = Ind.independent()
                        ? versionForNoAlias(F, L, Ind.RuntimeChecks, DT, LI, SE)
                        : Ind.Why;
  if (!Why.empty()) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "SimdLoopNotStripMined", Loc,
                                      Hdr)
             << "loop with an inner loop not vectorized: " << Why;
    });
    leaveLoop(L);
  }
}

/// A proved loop's accesses join a parallel group of their own, which the
/// lane loops list like an omp simd loop's. Returns the group.
MDNode *addAccessGroup(Function &F, const Loop &L) {
  MDNode *Group = MDNode::getDistinct(F.getContext(), {});
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (I.mayReadOrWriteMemory())
        I.setMetadata(LLVMContext::MD_access_group,
                      uniteAccessGroups(
                          I.getMetadata(LLVMContext::MD_access_group), Group));
  return Group;
}

/// Tags the strip-mined lane loop (with \p Groups) and plans it.
std::optional<LaneLoopVerdict> planLaneLoop(Function &F, const StripMined &SM,
                                            ArrayRef<Metadata *> Groups,
                                            FunctionAnalysisManager &AM,
                                            const LaneLoweringOptions &Opts) {
  // The plan finds lane loops by their tag; tagLaneLoops tags the loops
  // the cut leaves.
  setLaneLoopID(SM.LaneHeader,
                makeLaneLoopID(F.getContext(), SM.VL, Groups));
  // This pass changed the function since AM's analyses of it were made;
  // planning drops them again.
  AM.invalidate(F, PreservedAnalyses::none());
  return decideLaneLoop(F, SM.LaneHeader, AM, Opts);
}

/// Cuts the strip-mined lane loop at its inner loops as \p Plan says, and
/// runs the lane-loop rewrites on the lane loops the cut made.
FissionResult cutLaneLoop(Function &F, const StripMined &SM,
                          const LaneLoopVerdict *Plan,
                          FunctionAnalysisManager &AM,
                          const LaneLoweringOptions &Opts) {
  const TargetTransformInfo &TTI = AM.getResult<TargetIRAnalysis>(F);
  FissionResult FR =
      fissionLaneLoop(F, SM.LaneHeader, ElementCount::getFixed(SM.VL), &TTI,
                      Plan ? &Plan->Decisions : nullptr);
  // The cut changed the CFG: the round's analyses are stale.
  DominatorTree CutDT(F);
  LoopInfo CutLI(CutDT);
  prepareLaneLoops(F, CutDT, CutLI, FR.LaneHeaders, /*FillGaps=*/true, &TTI,
                   /*IsParallelWrite=*/nullptr, Opts);
  return FR;
}

/// Gives the lane loops of \p FR their loop IDs: width \p VL and the access
/// groups \p Groups (to which the lane arrays' group is added), or scalar
/// for the ones run in lane order; with \p ExpectsVectorizer, the tag of
/// -vplan-ext-verify-vectorizer's check.
void tagLaneLoops(Function &F, unsigned VL, const FissionResult &FR,
                  SmallVectorImpl<Metadata *> &Groups,
                  bool ExpectsVectorizer) {
  LLVMContext &Ctx = F.getContext();
  // Lane arrays made by the cut are private to each lane: their accesses
  // join a parallel group of their own.
  MDNode *ArrayGroup = MDNode::getDistinct(Ctx, {});
  Groups.push_back(ArrayGroup);
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (Value *Ptr = getLoadStorePointerOperand(&I))
        if (auto *AI = dyn_cast<AllocaInst>(getUnderlyingObject(Ptr));
            AI && AI->getMetadata(LaneArrayMDName) &&
            !I.getMetadata(LLVMContext::MD_access_group))
          I.setMetadata(LLVMContext::MD_access_group, ArrayGroup);
  for (BasicBlock *H : FR.LaneHeaders) {
    MDNode *ID = makeLaneLoopID(Ctx, VL, Groups);
    setLaneLoopID(H, ExpectsVectorizer ? withPlanVectorizesTag(ID) : ID);
  }
  for (BasicBlock *H : FR.SerialHeaders)
    setLaneLoopID(H, makeSerialLaneLoopID(Ctx));
}

/// The remark for a loop (\p Noun) strip-mined into \p VL lanes and cut as
/// \p FR says. \p Proved: by dependence analysis (not declared by the
/// user), \p Checked: given run-time alias checks.
void emitStripMinedRemark(OptimizationRemarkEmitter &ORE, DebugLoc Loc,
                          BasicBlock *Hdr, StringRef Noun, unsigned VL,
                          const FissionResult &FR, bool Proved, bool Checked) {
  ORE.emit([&] {
    OptimizationRemark R(DEBUG_TYPE, "SimdLoopStripMined", Loc, Hdr);
    R << Noun
      << " with an inner loop strip-mined into " << ore::NV("VF", VL)
      << " lanes and cut at " << ore::NV("Cuts", FR.NumCuts)
      << " inner loop(s)";
    if (Proved)
      R << " (its iterations proved independent by dependence analysis"
        << (Checked ? ", given a run-time check that pointers which may "
                      "alias cover disjoint memory; a scalar copy runs "
                      "otherwise)"
                    : ")");
    if (!FR.FailReason.empty())
      R << "; not cut further: " << FR.FailReason;
    return R;
  });
}

/// The body's locals each lane got a copy of (analysis remark
/// SimdLoopPrivateLocals) and why others stay shared (missed remark
/// SimdLoopSharedLocals).
void emitLocalsRemarks(OptimizationRemarkEmitter &ORE, DebugLoc Loc,
                       BasicBlock *Hdr, StringRef Noun,
                       const LaneLocals &Locals) {
  if (!Locals.Copies.empty())
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "SimdLoopPrivateLocals",
                                        Loc, Hdr)
             << Noun << ": each lane gets its own copy of "
             << ore::NV("Locals", unsigned(Locals.Copies.size()))
             << " local(s) of the body";
    });
  if (!Locals.SharedReason.empty())
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "SimdLoopSharedLocals", Loc,
                                      Hdr)
             << Noun << ": " << Locals.SharedReason;
    });
}

/// Verify mode: a difference (\p Mismatch) between the plan and what the cut
/// made of the \p Noun at \p Loc is a compile error, as for vecclone's
/// variants.
void reportPlanMismatch(Function &F, DebugLoc Loc, StringRef Noun,
                        StringRef Mismatch) {
  if (Mismatch.empty())
    return;
  std::string Where = F.getName().str();
  if (Loc)
    Where += ", line " + std::to_string(Loc.getLine());
  F.getContext().diagnose(DiagnosticInfoGeneric(
      Twine("vplan-ext: -vplan-ext-verify-plan: ") + Noun + " in " + Where +
      ": " + Mismatch));
}

} // namespace

PreservedAnalyses SimdLoopPass::run(Function &F, FunctionAnalysisManager &AM) {
  // vecclone's variants are cut where they are built.
  if (F.hasFnAttribute(VariantOfAttr) || F.isDeclaration())
    return PreservedAnalyses::all();
  bool Changed = false;
  auto &TTI = AM.getResult<TargetIRAnalysis>(F);
  auto &TLI = AM.getResult<TargetLibraryAnalysis>(F);
  OptimizationRemarkEmitter ORE(&F);
  // One loop at a time: every change invalidates the loop analyses.
  for (unsigned Round = 0; Round < 16; ++Round) {
    // Again each round: planning a cut drops the function's analyses.
    auto &AC = AM.getResult<AssumptionAnalysis>(F);
    DominatorTree DT(F);
    LoopInfo LI(DT);
    ScalarEvolution SE(F, TLI, AC, DT, LI);
    // Built when a vectorize(enable) loop asks: most functions have none.
    // Per round: the analysis manager's would describe the function before
    // this pass changed it.
    std::optional<FunctionAA> AA;
    std::optional<DependenceInfo> DepInfo;
    auto DI = [&]() -> DependenceInfo & {
      if (!DepInfo) {
        AA.emplace(F, TLI, AC, DT);
        DepInfo.emplace(&F, &AA->AA, &SE, &LI);
      }
      return *DepInfo;
    };
    // Once, on the function as it came in: `vectorize(enable)` loops are
    // taken when dependence analysis proves their iterations independent.
    Loop *Cand = findCandidate(LI, SE, /*FirstRound=*/Round == 0, DI, ORE);
    if (!Cand)
      break;
    // Even a loop that is not strip-mined gets simplified (and marked):
    // the analyses must be recomputed either way.
    Changed = true;
    SmallVector<Metadata *, 2> Groups = parallelAccessGroups(*Cand);
    simplifyForStripMining(F, *Cand, DT, LI, SE, AC, TLI, TTI);
    DebugLoc Loc = Cand->getStartLoc();
    BasicBlock *Hdr = Cand->getHeader();
    if (!Cand->isAnnotatedParallel() &&
        !findStringMetadataForLoop(Cand, IndependentTag)) {
      versionOnAliasChecks(F, *Cand, DI(), DT, LI, SE, ORE, Loc, Hdr);
      continue;
    }
    bool Proved = !Cand->isAnnotatedParallel();
    bool Checked = Proved && findStringMetadataForLoop(Cand, ChecksTag);
    if (Proved)
      Groups.push_back(addAccessGroup(F, *Cand));
    StringRef Noun = loopNoun(*Cand, Proved);
    StripMined SM = stripMine(F, *Cand, SE, TTI, Opts);
    if (!SM.LaneHeader) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "SimdLoopNotStripMined",
                                        Loc, Hdr)
               << Noun << " with an inner loop not vectorized: " << SM.Why;
      });
      leaveLoop(*Cand);
      continue;
    }
    Changed = true;
    F.addFnAttr(LaneLoopsAttr);
    emitLocalsRemarks(ORE, Loc, Hdr, Noun, SM.Locals);
    std::optional<LaneLoopVerdict> Plan = planLaneLoop(F, SM, Groups, AM, Opts);
    if (Plan && !Plan->Vectorize) {
      // Strip-mined already: its lanes run one after the other, as the
      // loop did, each to the end of the body: one copy of the locals
      // serves them all, and reads faster than a lane's slot.
      shareLaneLocals(F, SM.Locals.Copies);
      setLaneLoopID(SM.LaneHeader, makeSerialLaneLoopID(F.getContext()));
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "SimdLoopScalar", Loc, Hdr)
               << Noun << " with an inner loop left scalar: " << Plan->whyScalar();
      });
      continue;
    }
    ++NumSimdLoops;
    FissionResult FR = cutLaneLoop(F, SM, Plan ? &*Plan : nullptr, AM, Opts);
    if (Plan && Plan->Decisions.Verify)
      reportPlanMismatch(F, Loc, Noun, comparePlanWithCut(Plan->Shape, FR));
    tagLaneLoops(F, SM.VL, FR, Groups, Plan && Plan->expectsVectorizer(FR));
    emitStripMinedRemark(ORE, Loc, Hdr, Noun, SM.VL, FR, Proved, Checked);
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace vplanext
