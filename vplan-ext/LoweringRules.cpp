//===- LoweringRules.cpp - Rules shared by lowering and plan --------------===//

#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "vplan-ext/LaneLoweringOptions.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>

using namespace llvm;

static cl::opt<bool>
    ClEnableBOSCC("vplan-boscc", cl::init(true), cl::Hidden,
                cl::desc("Give heavy divergent if/else regions of lane loops "
                         "unpredicated copies for when all lanes agree"));
static cl::opt<unsigned> ClBOSCCThreshold(
    "vplan-boscc-threshold", cl::init(48), cl::Hidden,
    cl::desc("Minimum cost of an if/else region before it gets BOSCC copies "
             "(TTI reciprocal throughput of its widened instructions)"));

static cl::opt<unsigned> ClBOSCCMaxRegions(
    "vplan-boscc-max-regions", cl::init(4), cl::Hidden,
    cl::desc("Most if/else regions of one lane loop that get BOSCC copies "
             "(each copies its region twice)"));

static cl::opt<bool> ClEnableLockstep(
    "vplan-lockstep-access", cl::init(true), cl::Hidden,
    cl::desc("Divergent loops: keep counters that addresses read as one "
             "scalar per round, and run a lane-stepped copy when inputs "
             "step by one per lane (uniform and contiguous accesses "
             "instead of gathers)"));

static cl::opt<unsigned> ClLockstepPrefetch(
    "vplan-lockstep-prefetch", cl::init(4), cl::Hidden,
    cl::desc("Lane-stepped copies of divergent loops prefetch each round's "
             "contiguous accesses this many lane chunks ahead (0: off)"));

static cl::opt<bool> ClTransposedBlocks(
    "vplan-transposed-blocks", cl::init(true), cl::Hidden,
    cl::desc("Uniform loops: read each lane's row (a[i * n + j]) VF "
             "iterations at a time and transpose it in registers, where the "
             "plan prices that below a gather"));

// A plan whose costs say nothing (a call to a function, priced as a call
// and not as its callee's body) has no estimate and is not held to it.
static cl::opt<double> ClMinSpeedup(
    "vplan-min-speedup", cl::init(1.0), cl::Hidden,
    cl::desc("Lane loops of variants whose plan estimates a speedup below "
             "this over the scalar lane loop stay scalar (0: always "
             "vectorize)"));

static cl::opt<bool> ClVerifyPlan(
    "vplan-ext-verify-plan", cl::init(false), cl::Hidden,
    cl::desc("Plan every variant's lane loop and fail the compilation when "
             "the cut makes other loops or BOSCC regions than the plan said"));

static cl::opt<bool> ClVerifyVectorizer(
    "vplan-ext-verify-vectorizer", cl::init(false), cl::Hidden,
    cl::desc("Fail the compilation when the loop vectorizer declines a lane "
             "loop whose plan said vectorize"));

static cl::opt<bool> ClVerifyPlanFault(
    "vplan-ext-verify-plan-fault", cl::init(false), cl::Hidden,
    cl::desc("Testing only: every plan says one inner loop more than it has, "
             "so that -vplan-ext-verify-plan fails"));

static cl::opt<bool> ClPrintPlan(
    "vplan-ext-print-plan", cl::init(false), cl::Hidden,
    cl::desc("Print the plan of every variant's lane loop, the one the cut "
             "executes, to the standard error"));

static cl::opt<bool> ClIntDivViaFP(
    "vplan-int-div-via-fp", cl::init(true),
    cl::desc("Rewrite 32-bit integer divisions by non-constant divisors in "
             "SIMD lane loops as exact double-precision divisions, which "
             "the loop vectorizer widens without branches"));

static cl::opt<unsigned> ClPrivateLocalBytes(
    "vplan-private-local-bytes", cl::init(4096), cl::Hidden,
    cl::desc("Most bytes of an omp simd loop body's address-taken locals "
             "each lane of a strip-mined loop gets a copy of (0: the lanes "
             "share them, and the loop is not cut)"));

static cl::opt<unsigned> ClMaxUniformPaths(
    "vplan-max-uniform-paths", cl::init(4096), cl::Hidden,
    cl::desc("Most operand paths a value of a lane loop may have through "
             "uniform arithmetic before a freeze cuts the chain (LLVM 22's "
             "vectorizer walks every path)"));

static cl::opt<bool> ClWorkItemPlan(
    "vplan-work-item-plan", cl::init(true),
    cl::desc("Widen kernel-wrap's innermost work-item loops or keep them "
             "scalar as their plans' costs say (off: the loop vectorizer's "
             "cost model decides)"));

namespace vplanext {

LaneLoweringOptions LaneLoweringOptions::fromCommandLine() {
  LaneLoweringOptions O;
  O.BOSCC = ClEnableBOSCC;
  O.BOSCCThreshold = ClBOSCCThreshold;
  O.BOSCCMaxRegions = ClBOSCCMaxRegions;
  O.Lockstep = ClEnableLockstep;
  O.TransposedBlocks = ClTransposedBlocks;
  O.LockstepPrefetch = ClLockstepPrefetch;
  O.MinSpeedup = ClMinSpeedup;
  O.VerifyPlan = ClVerifyPlan;
  O.VerifyVectorizer = ClVerifyVectorizer;
  O.VerifyPlanFault = ClVerifyPlanFault;
  O.PrintPlan = ClPrintPlan;
  O.IntDivViaFP = ClIntDivViaFP;
  O.MaxUniformPaths = ClMaxUniformPaths;
  O.PrivateLocalBytes = ClPrivateLocalBytes;
  O.WorkItemPlan = ClWorkItemPlan;
  return O;
}

Error LaneLoweringOptions::parseParams(StringRef Params) {
  while (!Params.empty()) {
    StringRef P, Name, Value;
    std::tie(P, Params) = Params.split(';');
    std::tie(Name, Value) = P.split('=');
    bool HasValue = P.contains('=');
    bool On = !Name.consume_front("no-");
    auto Bad = [&](StringRef Why) {
      return createStringError(inconvertibleErrorCode(),
                               "invalid lane lowering parameter '" + P +
                                   "': " + Why);
    };
    auto Switch = [&](bool &Field) -> Error {
      if (HasValue)
        return Bad("a switch takes no value (NAME or no-NAME)");
      Field = On;
      return Error::success();
    };
    auto Number = [&](unsigned &Field) -> Error {
      if (!On || !HasValue || Value.getAsInteger(0, Field))
        return Bad("expected NAME=N, N an unsigned integer");
      return Error::success();
    };
    auto Apply = [&]() -> Error {
      if (Name == "boscc")
        return Switch(BOSCC);
      if (Name == "boscc-threshold")
        return Number(BOSCCThreshold);
      if (Name == "boscc-max-regions")
        return Number(BOSCCMaxRegions);
      if (Name == "lockstep-access")
        return Switch(Lockstep);
      if (Name == "lockstep-prefetch")
        return Number(LockstepPrefetch);
      if (Name == "transposed-blocks")
        return Switch(TransposedBlocks);
      if (Name == "verify-plan")
        return Switch(VerifyPlan);
      if (Name == "verify-vectorizer")
        return Switch(VerifyVectorizer);
      if (Name == "print-plan")
        return Switch(PrintPlan);
      if (Name == "int-div-via-fp")
        return Switch(IntDivViaFP);
      if (Name == "max-uniform-paths")
        return Number(MaxUniformPaths);
      if (Name == "private-local-bytes")
        return Number(PrivateLocalBytes);
      if (Name == "work-item-plan")
        return Switch(WorkItemPlan);
      if (Name != "min-speedup")
        return Bad("unknown name");
      if (!On || !HasValue || Value.getAsDouble(MinSpeedup) || MinSpeedup < 0)
        return Bad("expected min-speedup=X, X a number >= 0");
      return Error::success();
    };
    if (Error E = Apply())
      return E;
  }
  return Error::success();
}

StringRef libmBaseName(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::exp:
    return "exp";
  case Intrinsic::exp2:
    return "exp2";
  case Intrinsic::exp10:
    return "exp10";
  case Intrinsic::log:
    return "log";
  case Intrinsic::log2:
    return "log2";
  case Intrinsic::log10:
    return "log10";
  case Intrinsic::sin:
    return "sin";
  case Intrinsic::cos:
    return "cos";
  case Intrinsic::tan:
    return "tan";
  case Intrinsic::asin:
    return "asin";
  case Intrinsic::acos:
    return "acos";
  case Intrinsic::atan:
    return "atan";
  case Intrinsic::atan2:
    return "atan2";
  case Intrinsic::sinh:
    return "sinh";
  case Intrinsic::cosh:
    return "cosh";
  case Intrinsic::tanh:
    return "tanh";
  case Intrinsic::pow:
    return "pow";
  default:
    return {};
  }
}

DenseMap<const BasicBlock *, unsigned> programOrder(Function &F) {
  DenseMap<const BasicBlock *, unsigned> Order;
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F))
    Order[BB] = Order.size();
  return Order;
}

const char *whyNotLaneControlFlow(const BasicBlock &BB) {
  const Instruction *T = BB.getTerminator();
  if (BB.isEHPad() || isa<InvokeInst>(T) || isa<ResumeInst>(T))
    return "the body has exception handling (invoke, landing pads)";
  if (isa<CallBrInst>(T))
    return "the body has an asm goto";
  return nullptr;
}

unsigned vectorRegisterBits(const TargetTransformInfo *TTI) {
  if (!TTI)
    return 128;
  return TTI->getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
      .getFixedValue();
}


/// Whether every lane computes the same address \p Ptr: it comes from
/// outside the lane loop \p LL, or is computed in it only from such values
/// (address arithmetic, casts, calls that touch no memory such as
/// `__errno_location()`).
static bool isSharedAddress(const Value *Ptr, const Loop &LL,
                            unsigned Depth = 0) {
  const auto *I = dyn_cast<Instruction>(Ptr);
  if (!I || !LL.contains(I))
    return true;
  if (Depth > 8 || isa<PHINode>(I))
    return false;
  if (const auto *CB = dyn_cast<CallBase>(I)) {
    if (!CB->doesNotAccessMemory() || CB->isInlineAsm())
      return false;
  } else if (!isa<GetElementPtrInst>(I) && !isa<CastInst>(I) &&
             !isa<SelectInst>(I)) {
    return false;
  }
  return all_of(I->operands(), [&](const Value *Op) {
    return isa<BasicBlock>(Op) || isSharedAddress(Op, LL, Depth + 1);
  });
}

/// A load or store of \p LL, other than \p Call, at an address shared by
/// every lane that \p Call may write (beyond its pointer arguments, which
/// each lane's call has its own of).
static const Instruction *findSharedAccessClobbered(const CallBase &Call,
                                                    const Loop &LL) {
  MemoryEffects ME = Call.getMemoryEffects();
  if (ME.getWithoutLoc(IRMemLocation::ArgMem).onlyReadsMemory())
    return nullptr;
  for (const BasicBlock *BB : LL.blocks())
    for (const Instruction &I : *BB) {
      const Value *Ptr = getLoadStorePointerOperand(&I);
      if (!Ptr || &I == &Call || !isSharedAddress(Ptr, LL))
        continue;
      const Value *Obj = getUnderlyingObject(Ptr);
      if (isa<AllocaInst>(Obj))
        continue;
      if (const auto *GV = dyn_cast<GlobalVariable>(Obj);
          GV && GV->isConstant())
        continue;
      return &I;
    }
  return nullptr;
}

namespace {
/// Calls whose order across lanes is observable.
bool hasOrderedSideEffects(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || isa<IntrinsicInst>(CB))
    return false;
  if (!CB->mayHaveSideEffects())
    return false;
  // A declare-simd callee promises that its lanes may run in any order.
  if (const Function *Callee = CB->getCalledFunction())
    for (const Attribute &A : Callee->getAttributes().getFnAttrs())
      if (A.isStringAttribute() && A.getKindAsString().starts_with("_ZGV"))
        return false;
  return true;
}
} // namespace

const char *const BodyAllocaReason =
    "the lane loop body allocates stack memory";
const char *const LoopSideEffectReason =
    "the inner loop calls a function with side effects and no vector "
    "variant; cutting the lane loop would change the order of its calls";
const char *const UsedOutsideReason =
    "a value of the lane loop body is used outside it";
const char *const TokenCrossesReason = "a token value crosses the cut";
const char *const SharedLocalReason =
    "a local variable of the body lives in memory on both sides of the cut; "
    "the lanes would share it";

const char *const TerminatorReason =
    "the lane loop body has a terminator the cut cannot redirect";
const char *const EdgeOrderReason =
    "the lane loop body has control flow the cut cannot order (irreducible, "
    "or a jump back before the inner loop)";

const char *const LoopEntryReason = "the inner loop has no single entry edge";

const char *whyLoopEntryRefusesCut(const Loop &C) {
  if (C.getLoopPreheader())
    return nullptr;
  for (const BasicBlock *Pred : predecessors(C.getHeader()))
    if (!C.contains(Pred) && isa<IndirectBrInst>(Pred->getTerminator()))
      return LoopEntryReason;
  return nullptr;
}

const char *whyTerminatorRefusesCut(const Instruction &T) {
  // A block that returns is in no loop.
  if (!isa<BranchInst>(T) && !isa<SwitchInst>(T) && !isa<UnreachableInst>(T))
    return TerminatorReason;
  return nullptr;
}

const char *whyEdgeRefusesCut(CutPart From, CutPart To, bool ToLoopHeader) {
  if (To == CutNotInBody || To < From ||
      (From == CutA && To == CutI && !ToLoopHeader))
    return EdgeOrderReason;
  return nullptr;
}

const char *whyInstructionRefusesCut(const Instruction &I, bool InInnerLoop) {
  if (isa<AllocaInst>(I))
    return BodyAllocaReason;
  if (InInnerLoop && hasOrderedSideEffects(I))
    return LoopSideEffectReason;
  return nullptr;
}

const char *whyValueRefusesCut(const Instruction &I, CutPart DefPart,
                               function_ref<CutPart(const Use &)> UsePart) {
  for (const Use &U : I.uses()) {
    CutPart K = UsePart(U);
    if (K == CutNotInBody)
      return UsedOutsideReason;
    if (K > DefPart && I.getType()->isTokenTy())
      return TokenCrossesReason;
  }
  return nullptr;
}

const AllocaInst *
findSharedLocal(const Function &F,
                function_ref<CutPart(const Instruction &)> PartOf) {
  for (const Instruction &I : F.getEntryBlock()) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    if (!AI || AI->getMetadata(LaneArrayMDName))
      continue;
    unsigned Parts = 0;
    SmallVector<const Value *, 8> Users = {AI};
    SmallPtrSet<const Value *, 8> Seen;
    while (!Users.empty()) {
      const Value *V = Users.pop_back_val();
      for (const User *U : V->users()) {
        auto *UI = dyn_cast<Instruction>(U);
        if (!UI || !Seen.insert(UI).second)
          continue;
        if (CutPart K = PartOf(*UI))
          Parts |= 1u << K;
        if (isa<GetElementPtrInst>(UI) || isa<CastInst>(UI) ||
            isa<PHINode>(UI) || isa<SelectInst>(UI))
          Users.push_back(UI);
      }
    }
    if (Parts & (Parts - 1))
      return AI;
  }
  return nullptr;
}

const char *const TooManyCutsReason =
    "the body needs more than 128 cuts (inner loops, calls run lane by "
    "lane, BOSCC regions)";
const char *const ScalableSerialCallReason =
    "a call without a vector variant would run lane by lane, which needs a "
    "fixed lane count";
const char *const SerialCallClobberReason =
    "a call without a vector variant writes memory that the body also reads "
    "or writes at one address for every lane (errno, a global): run apart "
    "from it, one lane would see another lane's write";

const Instruction *findSerialCallClobber(const Loop &LL) {
  for (const BasicBlock *BB : LL.blocks())
    for (const Instruction &I : *BB)
      if (const auto *CB = dyn_cast<CallBase>(&I);
          CB && callNeedsSerialLanes(*CB) && !isa<MemIntrinsic>(CB))
        if (const Instruction *Shared = findSharedAccessClobbered(*CB, LL))
          return Shared;
  return nullptr;
}

const char *whyVectorizerDeclines(const Instruction &I) {
  if (isa<AtomicRMWInst>(I))
    return "an atomic read-modify-write";
  if (isa<AtomicCmpXchgInst>(I))
    return "a compare-and-exchange";
  if (isa<FenceInst>(I))
    return "a fence";
  if (isa<ConstrainedFPIntrinsic>(I))
    return "a floating-point operation under FENV_ACCESS (a constrained "
           "intrinsic)";
  // A call the cut runs lane by lane (memset, say) is in a lane loop of
  // its own. The vectorizer widens the intrinsics it has vector forms of,
  // and drops the few that carry no work (assume, lifetime markers, ...);
  // any other (prefetch, stacksave, ...) ends the loop's vectorization.
  if (auto *CB = dyn_cast<CallBase>(&I); CB && callNeedsSerialLanes(*CB))
    return nullptr;
  if (auto *II = dyn_cast<IntrinsicInst>(&I);
      II && !getVectorIntrinsicIDForCall(II, /*TLI=*/nullptr))
    return "a call to an intrinsic it cannot widen (a prefetch, say)";
  return nullptr;
}

const char *whyVectorizerDeclinesNoWrap(const Instruction &I) {
  if (!I.getFunction()->hasOptSize())
    return nullptr;
  return "an index that must not wrap, a run-time check the vectorizer does "
         "not make when optimizing for size";
}

const char *const SharedLocalDependenceReason =
    "a store to a local every lane shares, which the loop reads or writes "
    "again";

const Instruction *
findDeclinedAccess(ArrayRef<const Instruction *> Accesses,
                   function_ref<bool(const Instruction &)> SameForEveryLane) {
  // The shared local each access reaches (null: none), found once.
  SmallVector<const AllocaInst *, 16> Local;
  for (const Instruction *I : Accesses) {
    const Value *Ptr = getLoadStorePointerOperand(I);
    const auto *AI =
        Ptr ? dyn_cast<AllocaInst>(getUnderlyingObject(Ptr)) : nullptr;
    Local.push_back(AI && !AI->getMetadata(LaneArrayMDName) ? AI : nullptr);
  }
  for (auto [K, St] : enumerate(Accesses))
    if (Local[K] && isa<StoreInst>(St) && SameForEveryLane(*St))
      for (auto [J, AI] : enumerate(Local))
        if (J != K && AI == Local[K])
          return St;
  return nullptr;
}

bool callNeedsSerialLanes(const CallBase &CB) {
  // memset, memcpy and memmove are a lane's own writes (like its stores),
  // which the vectorizer cannot widen: run lane by lane, they leave the
  // rest of their lane loop to it.
  if (isa<MemIntrinsic>(CB))
    return true;
  if (isa<IntrinsicInst>(CB))
    return false;
  if (CB.hasFnAttr(NoLaneVariantAttr))
    return true;
  if (CB.hasFnAttr("vector-function-abi-variant"))
    return false;
  if (const Function *Callee = CB.getCalledFunction()) {
    if (Callee->hasFnAttribute("vector-function-abi-variant"))
      return false;
    for (const Attribute &A : Callee->getAttributes().getFnAttrs())
      if (A.isStringAttribute() && A.getKindAsString().starts_with("_ZGV"))
        return false;
  }
  return true;
}

bool holdsSerialCall(const BasicBlock &BB) {
  return any_of(BB, [](const Instruction &I) {
    auto *CB = dyn_cast<CallBase>(&I);
    return CB && callNeedsSerialLanes(*CB);
  });
}

/// The widened instruction's reciprocal throughput, if TTI knows it.
static std::optional<unsigned> widenedCost(const Instruction &I,
                                           const TargetTransformInfo &TTI,
                                           unsigned VF) {
  auto Widen = [&](Type *T) -> Type * {
    if (VF > 1 && VectorType::isValidElementType(T) && !T->isVectorTy())
      return FixedVectorType::get(T, VF);
    return T;
  };
  constexpr auto Kind = TargetTransformInfo::TCK_RecipThroughput;
  InstructionCost C = InstructionCost::getInvalid();
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    auto *II = dyn_cast<IntrinsicInst>(CB);
    if (!II)
      return std::nullopt;
    SmallVector<Type *, 4> Args;
    for (const Value *A : II->args())
      Args.push_back(Widen(A->getType()));
    C = TTI.getIntrinsicInstrCost(
        IntrinsicCostAttributes(II->getIntrinsicID(), Widen(II->getType()),
                                Args),
        Kind);
  } else if (isa<LoadInst>(I) || isa<StoreInst>(I)) {
    // Masked in the predicated loop, plain in a BOSCC copy: count plain.
    Type *T = isa<LoadInst>(I) ? I.getType()
                               : cast<StoreInst>(I).getValueOperand()->getType();
    C = TTI.getMemoryOpCost(I.getOpcode(), Widen(T), getLoadStoreAlignment(&I),
                            getLoadStoreAddressSpace(&I), Kind);
  } else if (I.isBinaryOp() || isa<UnaryOperator>(I)) {
    C = TTI.getArithmeticInstrCost(I.getOpcode(), Widen(I.getType()), Kind);
  } else if (auto *Cmp = dyn_cast<CmpInst>(&I)) {
    Type *T = Widen(Cmp->getOperand(0)->getType());
    C = TTI.getCmpSelInstrCost(I.getOpcode(), T,
                               CmpInst::makeCmpResultType(T),
                               Cmp->getPredicate(), Kind);
  } else if (isa<SelectInst>(I)) {
    Type *T = Widen(I.getType());
    C = TTI.getCmpSelInstrCost(I.getOpcode(), T,
                               Widen(I.getOperand(0)->getType()),
                               CmpInst::BAD_ICMP_PREDICATE, Kind);
  } else if (auto *Cast = dyn_cast<CastInst>(&I)) {
    C = TTI.getCastInstrCost(I.getOpcode(), Widen(I.getType()),
                             Widen(Cast->getSrcTy()),
                             TTI::CastContextHint::None, Kind);
  } else {
    return std::nullopt;
  }
  if (!C.isValid())
    return std::nullopt;
  return unsigned(std::max<int64_t>(0, C.getValue()));
}

unsigned bosccRegionCost(const Instruction &I, const TargetTransformInfo *TTI,
                         unsigned VF) {
  if (isa<PHINode>(I) || I.isTerminator() || isa<DbgInfoIntrinsic>(I))
    return 0;
  if (TTI)
    if (std::optional<unsigned> C = widenedCost(I, *TTI, VF))
      return *C;
  switch (I.getOpcode()) {
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    return 8;
  case Instruction::Load:
  case Instruction::Store:
    return 2;
  default:
    break;
  }
  if (isa<CallBase>(I))
    return 8; // sqrt, exp, a vector variant: all expensive
  return 1;
}

unsigned laneDataBits(Type *T, const DataLayout &DL) {
  if (T->isIntegerTy(1))
    return 0;
  if (T->isIntegerTy() || T->isFloatingPointTy() || T->isPointerTy())
    return DL.getTypeSizeInBits(T).getFixedValue();
  return 0;
}

IntegerType *laneFlagType(const BasicBlock &InnerHeader, unsigned CrossBits) {
  const DataLayout &DL = InnerHeader.getDataLayout();
  unsigned Bits = 0;
  for (const PHINode &PN : InnerHeader.phis())
    if (!PN.getType()->isPointerTy())
      Bits = std::max(Bits, laneDataBits(PN.getType(), DL));
  if (!Bits)
    Bits = CrossBits;
  return IntegerType::get(
      InnerHeader.getContext(),
      Bits ? std::clamp(unsigned(PowerOf2Ceil(Bits)), 8u, 64u) : 32);
}

unsigned resumePoints(ArrayRef<LandingTarget> Targets) {
  if (all_equal(Targets))
    return 0;
  return unsigned(Targets.size());
}

bool needsResumeDispatch(ArrayRef<LandingTarget> Targets,
                         bool UniformNoShadows) {
  return resumePoints(Targets) != 0 ||
         (UniformNoShadows && Targets.size() > 1);
}

bool isLandingPhi(const PHINode &PN, ArrayRef<const BasicBlock *> From) {
  return any_of(From, [&](const BasicBlock *S) {
    return PN.getIncomingValueForBlock(S) !=
           PN.getIncomingValueForBlock(From.front());
  });
}

SmallVector<const PHINode *, 4>
landingPhis(ArrayRef<LandingTarget> Targets,
            ArrayRef<const BasicBlock *> From, bool ResumeDispatch,
            bool LandsAtEnd) {
  SmallVector<const PHINode *, 4> Phis;
  if (ResumeDispatch || Targets.size() < 2 || LandsAtEnd)
    return Phis;
  for (const PHINode &PN : Targets.front().first->phis())
    if (isLandingPhi(PN, From))
      Phis.push_back(&PN);
  return Phis;
}

SmallVector<TransposeStage, 4> transposeStages(unsigned N) {
  SmallVector<TransposeStage, 4> Stages;
  for (unsigned W = 1; W < N; W <<= 1) {
    TransposeStage S{W, {}, {}};
    for (unsigned E = 0; E != N; ++E) {
      S.Lo.push_back(E & W ? N + E - W : E);
      S.Hi.push_back(E & W ? N + E : E + W);
    }
    Stages.push_back(std::move(S));
  }
  return Stages;
}

} // namespace vplanext
