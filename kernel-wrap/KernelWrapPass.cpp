//===- KernelWrapPass.cpp - OpenCL kernels to work-group functions --------===//
//
/// \file
/// See KernelWrapPass.h. The work-item function (WorkItemFunction.h) is
/// copied once per barrier region (BarrierRegions.h); the work-group
/// function runs the regions as a state machine, each region as a nest of
/// work-item loops whose innermost loop (the vectorization dimension) is a
/// SIMD lane loop for SimdLoopPass and the LoopVectorizer.
//
//===----------------------------------------------------------------------===//

#include "kernel-wrap/KernelWrapPass.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "vplan-ext/LaneLoopPrep.h"
#include "vplan-ext/WideIntDivision.h"
#include "vplan-ext/WorkItemAccessGroups.h"
#include "BarrierRegions.h"
#include "WorkItemFunction.h"
#include "kernel-wrap/kw_abi.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

#define DEBUG_TYPE "kernel-wrap"

STATISTIC(NumKernels, "Number of kernels wrapped into work-group functions");

static cl::opt<bool> ClNoVec("kernel-wrap-novec",
                             cl::desc("kernel-wrap: keep work-item loops "
                                      "scalar (the reference)"));
static cl::opt<unsigned> ClVF("kernel-wrap-vf",
                              cl::desc("kernel-wrap: vectorization factor "
                                       "(0: the vectorizer chooses)"),
                              cl::init(0));
static cl::opt<int> ClDim("kernel-wrap-dim",
                          cl::desc("kernel-wrap: vectorization dimension "
                                   "(-1: by cost)"),
                          cl::init(-1));
static cl::opt<std::string> ClKernel("kernel-wrap-kernel",
                                     cl::desc("kernel-wrap: only this kernel"));

namespace kernelwrap {
namespace {

/// Field offsets of kw_wg_state (kw_abi.h), in i64 units.
enum StateField : unsigned {
  SGlobalSize = 0,
  SLocalSize = 3,
  SNumGroups = 6,
  SOffset = 9,
  SGroupId = 12,
  SWorkDim = 15
};

/// reqd_work_group_size, if the kernel has one.
std::optional<std::array<uint64_t, 3>> requiredSize(const Function &K) {
  MDNode *MD = K.getMetadata("reqd_work_group_size");
  if (!MD || MD->getNumOperands() != 3)
    return std::nullopt;
  std::array<uint64_t, 3> R;
  for (unsigned I = 0; I < 3; ++I) {
    auto *C = mdconst::dyn_extract<ConstantInt>(MD->getOperand(I));
    if (!C)
      return std::nullopt;
    R[I] = C->getZExtValue();
  }
  return R;
}

/// The loop ID of a work-item loop. Loops holding inner loops are forced
/// (SimdLoopPass only takes forced loops, and the stock vectorizer cannot
/// take them at all). Without a width the user forced (-kernel-wrap-vf),
/// both kinds carry WorkItemLoopTag: their plan (WorkItemLoopPlan.h)
/// decides once the unroller has run whether they are widened, or run as
/// a plain scalar loop (parallel accesses spare the vectorizer the run-time
/// alias checks).
MDNode *workItemLoopID(LLVMContext &Ctx, MDNode *AccessGroup,
                       const KernelWrapOptions &O, bool Force,
                       unsigned Width = 0) {
  SmallVector<Metadata *, 4> Ops = {nullptr};
  auto I32 = [&](unsigned V) {
    return ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), V));
  };
  if (O.NoVec) {
    Ops.push_back(MDNode::get(
        Ctx, {MDString::get(Ctx, "llvm.loop.vectorize.width"), I32(1)}));
    Ops.push_back(MDNode::get(
        Ctx, {MDString::get(Ctx, "llvm.loop.interleave.count"), I32(1)}));
  } else {
    if (Force || O.VF > 1)
      Ops.push_back(MDNode::get(
          Ctx, {MDString::get(Ctx, "llvm.loop.vectorize.enable"),
                ConstantAsMetadata::get(ConstantInt::getTrue(Ctx))}));
    Ops.push_back(MDNode::get(
        Ctx, {MDString::get(Ctx, "llvm.loop.parallel_accesses"), AccessGroup}));
    // Accesses -O3 adds later join the group again (WorkItemAccessGroups.h).
    Ops.push_back(
        MDNode::get(Ctx, {MDString::get(Ctx, vplanext::WorkItemParallelTag)}));
    unsigned VF = O.VF > 1 ? O.VF : Width;
    if (VF > 1)
      Ops.push_back(MDNode::get(
          Ctx, {MDString::get(Ctx, "llvm.loop.vectorize.width"), I32(VF)}));
    if (O.VF <= 1)
      Ops.push_back(
          MDNode::get(Ctx, {MDString::get(Ctx, vplanext::WorkItemLoopTag)}));
  }
  MDNode *ID = MDNode::getDistinct(Ctx, Ops);
  ID->replaceOperandWith(0, ID);
  return ID;
}

struct WrapResult {
  Function *WG = nullptr;
  unsigned Regions = 0;
  bool Lockstep = false;
};

/// For a work-item loop \p L whose inner loops all run the same number of
/// iterations in every work item (n-body's loop over all bodies), one vector
/// register of its widest data: SimdLoopPass's own choice counts the inner
/// loops' 64-bit counters (size_t in kernels) and halves the lanes, which
/// a uniform loop does not need. 0 otherwise: divergent inner loops (spmv's
/// rows) keep SimdLoopPass's choice, narrower gathers measured faster.
unsigned uniformLoopWidth(Loop &L, ScalarEvolution &SE,
                          const TargetTransformInfo &TTI) {
  if (L.isInnermost())
    return 0;
  for (Loop *Sub : L.getSubLoops()) {
    const SCEV *BTC = SE.getBackedgeTakenCount(Sub);
    if (isa<SCEVCouldNotCompute>(BTC) || !SE.isLoopInvariant(BTC, &L))
      return 0;
  }
  const DataLayout &DL = L.getHeader()->getDataLayout();
  uint64_t Bits = 0;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      Type *T = nullptr;
      if (auto *SI = dyn_cast<StoreInst>(&I))
        T = SI->getValueOperand()->getType();
      else if (isa<LoadInst>(I) || I.getType()->isFloatingPointTy())
        T = I.getType();
      if (T && (T->isIntegerTy() || T->isFloatingPointTy()) &&
          !T->isIntegerTy(1))
        Bits = std::max<uint64_t>(Bits, DL.getTypeSizeInBits(T));
    }
  Bits = Bits ? std::clamp<uint64_t>(PowerOf2Ceil(Bits), 8, 64) : 32;
  uint64_t Reg =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedValue();
  return Reg >= 2 * Bits ? unsigned(Reg / Bits) : 0;
}

/// Whether \p V depends on \p Id through pure arithmetic (a few levels).
bool dependsOn(Value *V, Value *Id, unsigned Depth = 0) {
  if (V == Id)
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 6 || I->mayReadOrWriteMemory())
    return false;
  return any_of(I->operands(),
                [&](Value *Op) { return dependsOn(Op, Id, Depth + 1); });
}

/// A tree step: a branch on `lid % M == 0` or `(lid & M) == 0` with M not a
/// constant (reductions' `l % (2 * s)`), so 1/M of the work items are active
/// and M grows each step. The loop vectorizer prices the masked stores as
/// if half the lanes worked; measured on Zen 3, the masked vector loop was
/// 8x slower than the scalar one (the stores of a step feed the next
/// step's loads). Such a region's work-item loop stays scalar.
bool isTreeStep(Function &RF, Value *LocalId) {
  for (Instruction &I : instructions(RF)) {
    auto *BO = dyn_cast<BinaryOperator>(&I);
    if (!BO || !(BO->getOpcode() == Instruction::And ||
                 BO->getOpcode() == Instruction::URem ||
                 BO->getOpcode() == Instruction::SRem))
      continue;
    if (isa<Constant>(BO->getOperand(1)) || !dependsOn(BO, LocalId))
      continue;
    // Only as a branch condition: `lid & M` as an index is no tree.
    for (User *U : BO->users())
      if (auto *Cmp = dyn_cast<ICmpInst>(U); Cmp && Cmp->isEquality())
        for (User *CU : Cmp->users())
          if (isa<BranchInst>(CU) || isa<BinaryOperator>(CU) ||
              isa<SelectInst>(CU))
            return true;
  }
  return false;
}

/// Whether \p RF has a loop that the full unroller will not remove: a trip
/// count that is not a constant, or more than about 600 instructions once
/// unrolled (LLVM's -O3 full-unroll threshold is 300 before its bonuses for
/// simplified code). Only such loops need SimdLoopPass's chunks and
/// lane-loop fission; a 3x3 stencil's loops become straight code (forcing
/// the vectorizer on it scalarized its guarded, clamped loads: 32-37 ms
/// against 9.6 ms scalar, which the vectorizer's own cost model keeps),
/// while AO bench's 4x4 sample loop around a whole scene test stays a loop
/// and needs the fission (80 ms scalar, 20 ms cut).
bool hasLanewiseLoops(Function &RF, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(RF);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(RF);
  constexpr uint64_t Unrolled = 600, Never = ~uint64_t(0);
  // Instructions of L fully unrolled, or Never.
  std::function<uint64_t(Loop *)> Size = [&](Loop *L) -> uint64_t {
    uint64_t TC = SE.getSmallConstantTripCount(L);
    if (TC == 0)
      return Never;
    uint64_t Own = 0;
    for (BasicBlock *BB : L->blocks())
      if (LI.getLoopFor(BB) == L)
        Own += BB->size();
    for (Loop *Sub : L->getSubLoops()) {
      uint64_t S = Size(Sub);
      if (S > Unrolled)
        return Never;
      Own += S;
    }
    return TC * Own;
  };
  bool R = any_of(LI, [&](Loop *L) { return Size(L) > Unrolled; });
  FAM.clear(RF, RF.getName());
  return R;
}

/// For a work-item loop \p L whose inner loops are divergent and load
/// through addresses that are not contiguous across work items (spmv's
/// `x[cols[j * n + r] % n]`), half a register of 32-bit lanes (4 on AVX2):
/// the lanes of a divergent loop wait for the longest of them, and per-lane
/// loads gain nothing from a wider vector. spmv, rows of 0-32 nonzeros:
/// 8 lanes 17-24 ms, 4 lanes 15-16 ms (pocl 17.5-18.7). 0 otherwise.
unsigned divergentGatherWidth(Loop &L, ScalarEvolution &SE,
                              const TargetTransformInfo &TTI) {
  if (L.isInnermost())
    return 0;
  bool Gathers = false;
  for (Loop *Sub : L.getSubLoops())
    for (BasicBlock *BB : Sub->blocks())
      for (Instruction &I : *BB) {
        auto *LI = dyn_cast<LoadInst>(&I);
        if (!LI)
          continue;
        // Contiguous or the same across work items: an add recurrence of L
        // (or invariant in it) once the inner loop's own step is set aside.
        const SCEV *P = SE.getSCEVAtScope(LI->getPointerOperand(), &L);
        if (auto *AR = dyn_cast<SCEVAddRecExpr>(P); AR && AR->getLoop() == Sub)
          P = AR->getStart();
        if (SE.isLoopInvariant(P, &L))
          continue;
        auto *AR = dyn_cast<SCEVAddRecExpr>(P);
        if (!AR || AR->getLoop() != &L || !isa<SCEVConstant>(AR->getStepRecurrence(SE)))
          Gathers = true;
      }
  if (!Gathers)
    return 0;
  uint64_t Reg =
      TTI.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector)
          .getFixedValue();
  return Reg >= 128 ? unsigned(Reg / 64) : 0;
}

/// The width a work-item loop with lane-wise inner loops asks for, or 0 for
/// SimdLoopPass's own choice.
unsigned lanewiseWidth(Loop &L, ScalarEvolution &SE,
                       const TargetTransformInfo &TTI) {
  if (unsigned W = uniformLoopWidth(L, SE, TTI))
    return W;
  return divergentGatherWidth(L, SE, TTI);
}

/// An innermost work-item loop: header, latch branch, scalar (a remainder
/// or a tree step)?, holding loops that stay loops (forced, for
/// SimdLoopPass)?
struct WorkItemLoop {
  BasicBlock *Header;
  BranchInst *Latch;
  bool Scalar, Lanewise;
};

/// Builds the work-group function of a kernel around its work-item
/// function: the group's frame (arguments, sizes, group and per-item
/// memory), a dispatch over the barrier regions, each region's work-item
/// loops, and their loop metadata.
class WorkGroupEmitter {
public:
  WorkGroupEmitter(Function &K, WorkItemFunction &WI,
                   const KernelWrapOptions &O, FunctionAnalysisManager &FAM)
      : K(K), WI(WI), O(O), FAM(FAM), Ctx(K.getContext()),
        I64(Type::getInt64Ty(Ctx)), PtrTy(PointerType::get(Ctx, 0)) {}

  WrapResult emit();

private:
  /// One region's work-item loops, while they are emitted.
  struct RegionScope {
    unsigned RId;
    Function *RF;
    IRBuilder<> &LB;
    Value *LID[3];
    bool HasLoops;
  };

  void emitFrame(IRBuilder<> &B);
  void emitSignature(Module &M);
  void emitRegion(unsigned RId, SwitchInst *SW, PHINode *Region);
  Value *emitLaneLoop(RegionScope &R, Value *Lo, Value *Hi,
                      const Twine &Suffix, bool Scalar);
  Value *emitChunkedLoops(RegionScope &R, bool TreeStep);
  void finishWorkItemLoops();

  Function &K;
  WorkItemFunction &WI;
  const KernelWrapOptions &O;
  FunctionAnalysisManager &FAM;
  LLVMContext &Ctx;
  Type *I64, *PtrTy;

  Function *WG = nullptr;
  BasicBlock *Entry = nullptr, *Dispatch = nullptr, *Exit = nullptr;
  SmallVector<Value *, 32> CallArgs;
  Value *State[WIGroupMem];
  Value *GroupMem = nullptr, *Context = nullptr;
  /// The group's In and Out copies of the uniform values carried across
  /// barriers.
  Value *UniformIn = nullptr, *UniformOut = nullptr;
  /// The lockstep round number, in group memory.
  Value *RoundNo = nullptr;
  /// Whether any item of a lockstep loop is still in it (SROA turns the
  /// flag into a reduction of the work-item loops).
  AllocaInst *AnyRound = nullptr;
  Value *RoundId = nullptr;
  /// The dimensions, the vectorized one (innermost loop) last.
  SmallVector<unsigned, 3> Order;
  SmallVector<CallInst *, 4> RegionCalls;
  SmallVector<WorkItemLoop, 4> LaneLoops;
  /// Work items whose code has loops run in full chunks of this many (a
  /// multiple of any vector length SimdLoopPass picks), so that every lane
  /// of a chunk enters the inner loops; the rest run in a scalar loop.
  uint64_t Chunk = 16;
};

/// KW_SIG_PREFIX + the kernel's name: its parameters as a runner checks
/// them against what it is given (clSetKernelArg's checks):
/// `kind:bytes:type:space:qualifiers:name` for each, `;`-separated, kind
/// `buf` (a __global or __constant pointer), `local` (a __local pointer: a
/// size is given) or `val` (a value of that many bytes), type the OpenCL
/// type's name, space the address space (1 global, 2 constant, 3 local),
/// qualifiers `const`, `restrict`, `volatile` and the name as clang gives
/// them (the name only under -cl-kernel-arg-info).
void WorkGroupEmitter::emitSignature(Module &M) {
  const DataLayout &DL = M.getDataLayout();
  // The string operand \p I of the kernel's metadata \p Kind.
  auto ArgString = [&](StringRef Kind, unsigned I) -> StringRef {
    MDNode *MD = K.getMetadata(Kind);
    if (MD && I < MD->getNumOperands())
      if (auto *S = dyn_cast<MDString>(MD->getOperand(I)))
        return S->getString();
    return "";
  };
  MDNode *Spaces = K.getMetadata("kernel_arg_addr_space");
  std::string Sig;
  for (Argument &A : K.args()) {
    unsigned I = A.getArgNo();
    uint64_t Space = 0;
    if (Spaces && I < Spaces->getNumOperands())
      if (auto *C = mdconst::dyn_extract<ConstantInt>(Spaces->getOperand(I)))
        Space = C->getZExtValue();
    bool Ptr = A.getType()->isPointerTy() && Space != 0;
    // A struct passed by value is a pointer to it in IR.
    Type *ValTy = A.hasByValAttr() ? A.getParamByValType() : A.getType();
    Sig += (I ? ";" : "");
    Sig += Ptr ? (Space == 3 ? "local" : "buf") : "val";
    Sig += ":" + std::to_string(DL.getTypeAllocSize(ValTy)) + ":" +
           ArgString("kernel_arg_type", I).str() + ":" +
           std::to_string(Space) + ":" +
           ArgString("kernel_arg_type_qual", I).str() + ":" +
           ArgString("kernel_arg_name", I).str();
  }
  Constant *Str = ConstantDataArray::getString(Ctx, Sig);
  new GlobalVariable(M, Str->getType(), /*isConstant=*/true,
                     GlobalValue::ExternalLinkage, Str,
                     KW_SIG_PREFIX + K.getName());
  if (std::optional<std::array<uint64_t, 3>> Reqd = requiredSize(K)) {
    Constant *Sizes = ConstantDataArray::get(Ctx, ArrayRef<uint64_t>(*Reqd));
    new GlobalVariable(M, Sizes->getType(), /*isConstant=*/true,
                       GlobalValue::ExternalLinkage, Sizes,
                       KW_REQD_PREFIX + K.getName());
  }
}

/// The function, its arguments and the group's state, group memory and
/// per-item memory, in the entry block.
void WorkGroupEmitter::emitFrame(IRBuilder<> &B) {
  Module &M = *K.getParent();
  auto *FTy = FunctionType::get(Type::getVoidTy(Ctx), {PtrTy, PtrTy}, false);
  WG = Function::Create(FTy, GlobalValue::ExternalLinkage,
                        KW_WG_PREFIX + K.getName(), M);
  WG->getArg(0)->setName("args");
  WG->getArg(1)->setName("state");
  // The target and FP attributes of the kernel, so TTI sees the same CPU.
  for (Attribute A : K.getAttributes().getFnAttrs())
    if (A.isStringAttribute() || A.getKindAsEnum() == Attribute::UWTable)
      WG->addFnAttr(A);
  WG->addFnAttr(Attribute::NoUnwind);
  WG->addParamAttr(1, Attribute::NoAlias);
  WG->addParamAttr(1, Attribute::ReadOnly);
  emitSignature(M);

  Entry = BasicBlock::Create(Ctx, "entry", WG);
  B.SetInsertPoint(Entry);
  for (auto [I, A] : enumerate(WI.F->args())) {
    if (I == WI.NumKernelArgs)
      break;
    Value *Slot = B.CreateLoad(
        PtrTy, B.CreateConstGEP1_64(PtrTy, WG->getArg(0), I), "arg.ptr");
    // A struct by value: the work-item function takes the host's pointer
    // to it (privatizeByValArgs).
    CallArgs.push_back(K.getArg(I)->hasByValAttr()
                           ? Slot
                           : B.CreateLoad(A.getType(), Slot, "arg" + Twine(I)));
  }
  auto Field = [&](unsigned F, const Twine &Name) -> Value * {
    return B.CreateLoad(I64, B.CreateConstGEP1_64(I64, WG->getArg(1), F),
                        Name);
  };
  std::optional<std::array<uint64_t, 3>> Reqd = requiredSize(K);
  State[WIWorkDim] = Field(SWorkDim, "work_dim");
  for (unsigned D = 0; D < 3; ++D) {
    State[WIGlobalSize + D] = Field(SGlobalSize + D, "gsize" + Twine(D));
    State[WILocalSize + D] = Reqd ? cast<Value>(B.getInt64((*Reqd)[D]))
                                  : Field(SLocalSize + D, "lsize" + Twine(D));
    State[WINumGroups + D] = Field(SNumGroups + D, "ngroups" + Twine(D));
    State[WIOffset + D] = Field(SOffset + D, "goff" + Twine(D));
    State[WIGroupId + D] = Field(SGroupId + D, "group" + Twine(D));
  }
  GroupMem = ConstantPointerNull::get(cast<PointerType>(PtrTy));
  if (WI.GroupBytes) {
    auto *A = B.CreateAlloca(B.getInt8Ty(), B.getInt64(WI.GroupBytes),
                             "group.mem");
    A->setAlignment(Align(64));
    GroupMem = A;
  }
  // The lockstep round number lives in group memory: 0 in the first round,
  // counted after each round (LockstepLoops.h).
  if (WI.LockstepRound) {
    RoundNo = B.CreateConstGEP1_64(B.getInt8Ty(), GroupMem,
                                   WI.LockstepRoundOffset, "lockstep.round");
    B.CreateStore(B.getInt64(0), RoundNo);
  }
  Context = ConstantPointerNull::get(cast<PointerType>(PtrTy));
  // Per-item arrays, then the group's In and Out copies of the uniform
  // values carried across barriers.
  if (WI.ContextBytes || WI.UniformBytes) {
    Value *N = B.CreateMul(B.CreateMul(State[WILocalSize], State[WILocalSize + 1]),
                           State[WILocalSize + 2]);
    auto *A = B.CreateAlloca(
        B.getInt8Ty(),
        B.CreateAdd(B.CreateMul(N, B.getInt64(WI.ContextBytes)),
                    B.getInt64(2 * WI.UniformBytes)),
        "wi.context");
    A->setAlignment(Align(64));
    Context = A;
    if (WI.UniformBytes) {
      UniformIn = uniformSlots(B, A, N, WI.ContextBytes);
      UniformOut = B.CreateConstGEP1_64(B.getInt8Ty(), UniformIn,
                                        WI.UniformBytes, "wi.uniform.out");
    }
  }

  // A lockstep loop's items reach "round" and "done" apart: the group
  // runs another round while any item is still in the loop.
  RoundId = B.getInt32(WI.LockstepRound);
  if (WI.LockstepRound)
    AnyRound = B.CreateAlloca(B.getInt1Ty(), nullptr, "lockstep.any");
}

WrapResult WorkGroupEmitter::emit() {
  IRBuilder<> B(Ctx);
  emitFrame(B);
  Dispatch = BasicBlock::Create(Ctx, "region.dispatch", WG);
  Exit = BasicBlock::Create(Ctx, "exit", WG);
  B.CreateBr(Dispatch);
  ReturnInst::Create(Ctx, Exit);
  IRBuilder<> DB(Dispatch);
  PHINode *Region = DB.CreatePHI(DB.getInt32Ty(), WI.Starts.size() + 1,
                                 "region");
  Region->addIncoming(DB.getInt32(0), Entry);
  SwitchInst *SW = DB.CreateSwitch(Region, Exit, WI.Starts.size());

  for (int D = 2; D >= 0; --D)
    if (unsigned(D) != WI.VecDim)
      Order.push_back(D);
  Order.push_back(WI.VecDim);
  Chunk = std::max<uint64_t>(16, PowerOf2Ceil(O.VF));
  for (unsigned RId = 0; RId < WI.Starts.size(); ++RId)
    emitRegion(RId, SW, Region);
  finishWorkItemLoops();
  FAM.clear(*WG, WG->getName());
  return {WG, unsigned(WI.Starts.size()), WI.LockstepRound != 0};
}

/// One work-item loop over [Lo, Hi) of the vectorized dimension (Lo < Hi),
/// calling the region's function; returns the region it says comes next.
Value *WorkGroupEmitter::emitLaneLoop(RegionScope &R, Value *Lo, Value *Hi,
                                      const Twine &Suffix, bool Scalar) {
  unsigned V = WI.VecDim;
  IRBuilder<> &LB = R.LB;
  std::string Name =
      ("wi.r" + Twine(R.RId) + ".d" + Twine(V) + Suffix).str();
  // The counter is 32 bits wide (local sizes are at most
  // KW_MAX_LOCAL_SIZE), the id its zero extension: a kernel's `int l =
  // get_local_id(0)` truncates the id back to the counter, so its indices
  // stay affine in the work item (contiguous vectors, not gathers).
  Type *I32 = LB.getInt32Ty();
  Value *Lo32 = LB.CreateTrunc(Lo, I32), *Hi32 = LB.CreateTrunc(Hi, I32);
  BasicBlock *From = LB.GetInsertBlock();
  BasicBlock *H = BasicBlock::Create(Ctx, Name, WG, Exit);
  LB.CreateBr(H);
  LB.SetInsertPoint(H);
  PHINode *P = LB.CreatePHI(I32, 2, "lid" + Twine(V) + Suffix);
  P->addIncoming(Lo32, From);
  R.LID[V] = LB.CreateZExt(P, I64, P->getName() + ".id", /*IsNonNeg=*/true);
  SmallVector<Value *, 40> Args(CallArgs.begin(), CallArgs.end());
  for (unsigned I = 0; I < WIGroupMem; ++I)
    Args.push_back(I >= WILocalId && I < WILocalId + 3 ? R.LID[I - WILocalId]
                                                      : State[I]);
  Args.push_back(GroupMem);
  Args.push_back(Context);
  CallInst *Call = LB.CreateCall(R.RF, Args, "next.region");
  RegionCalls.push_back(Call);
  if (AnyRound)
    LB.CreateStore(LB.CreateOr(LB.CreateLoad(LB.getInt1Ty(), AnyRound),
                               LB.CreateICmpEQ(Call, RoundId)),
                   AnyRound);
  Value *Inc = LB.CreateAdd(P, LB.getInt32(1), P->getName() + ".next",
                            /*HasNUW=*/true, /*HasNSW=*/true);
  BasicBlock *After = BasicBlock::Create(Ctx, Name + ".done", WG, Exit);
  BranchInst *Br = LB.CreateCondBr(LB.CreateICmpULT(Inc, Hi32), H, After);
  P->addIncoming(Inc, LB.GetInsertBlock());
  LB.SetInsertPoint(After);
  LaneLoops.push_back({H, Br, Scalar, R.HasLoops});
  return Call;
}

/// The work-item loops of a region whose code has loops: full chunks, then
/// the rest (< Chunk items) as a masked vector tail (SimdLoopPass's
/// strip-mining masks its last chunk) unless a single item is left. A tail
/// item runs whole inner loops, so its lanes are worth a vector even when
/// few are active (Mandelbrot with 13x10 groups: all 13 items of a row in
/// the rest).
Value *WorkGroupEmitter::emitChunkedLoops(RegionScope &R, bool TreeStep) {
  IRBuilder<> &LB = R.LB;
  Value *LS = State[WILocalSize + WI.VecDim];
  std::string Name = ("wi.r" + Twine(R.RId) + ".d" + Twine(WI.VecDim)).str();
  Value *Main = LB.CreateAnd(LS, LB.getInt64(~(Chunk - 1)), "wi.full");
  BasicBlock *Guard = LB.GetInsertBlock();
  BasicBlock *MainPre = BasicBlock::Create(Ctx, Name + ".full", WG, Exit);
  BasicBlock *RemPre = BasicBlock::Create(Ctx, Name + ".rest", WG, Exit);
  // Tested on the 32-bit count the loop compares with (emitLaneLoop), so
  // that SCEV sees the full-chunk loop's trip count as a multiple of Chunk.
  LB.CreateCondBr(
      LB.CreateICmpNE(LB.CreateTrunc(Main, LB.getInt32Ty()), LB.getInt32(0)),
      MainPre, RemPre);
  LB.SetInsertPoint(MainPre);
  Value *MainNext = emitLaneLoop(R, LB.getInt64(0), Main, "", false);
  BasicBlock *MainDone = LB.GetInsertBlock();
  LB.CreateBr(RemPre);
  LB.SetInsertPoint(RemPre);
  PHINode *XStart = LB.CreatePHI(I64, 2, "wi.rest.start");
  XStart->addIncoming(LB.getInt64(0), Guard);
  XStart->addIncoming(Main, MainDone);
  PHINode *MainR = LB.CreatePHI(LB.getInt32Ty(), 2);
  MainR->addIncoming(PoisonValue::get(LB.getInt32Ty()), Guard);
  MainR->addIncoming(MainNext, MainDone);
  BasicBlock *RemLoopPre =
      BasicBlock::Create(Ctx, Name + ".rest.pre", WG, Exit);
  BasicBlock *RemDone = BasicBlock::Create(Ctx, Name + ".rest.done", WG, Exit);
  LB.CreateCondBr(LB.CreateICmpULT(XStart, LS), RemLoopPre, RemDone);
  LB.SetInsertPoint(RemLoopPre);
  BasicBlock *VecRemPre = BasicBlock::Create(Ctx, Name + ".rest.vec", WG, Exit);
  BasicBlock *OneRemPre = BasicBlock::Create(Ctx, Name + ".rest.one", WG, Exit);
  LB.CreateCondBr(LB.CreateICmpUGE(LB.CreateSub(LS, XStart), LB.getInt64(2)),
                  VecRemPre, OneRemPre);
  LB.SetInsertPoint(VecRemPre);
  Value *VecNext = emitLaneLoop(R, XStart, LS, ".rem", TreeStep);
  BasicBlock *VecDone = LB.GetInsertBlock();
  LB.CreateBr(RemDone);
  LB.SetInsertPoint(OneRemPre);
  Value *OneNext = emitLaneLoop(R, XStart, LS, ".one", true);
  BasicBlock *OneDone = LB.GetInsertBlock();
  LB.CreateBr(RemDone);
  LB.SetInsertPoint(RemDone);
  PHINode *N = LB.CreatePHI(LB.getInt32Ty(), 3, "next.region");
  N->addIncoming(MainR, RemPre);
  N->addIncoming(VecNext, VecDone);
  N->addIncoming(OneNext, OneDone);
  return N;
}

/// Region \p RId: its work-item loop nest, the lockstep round's
/// bookkeeping, and the branch back to the dispatch with the next region.
void WorkGroupEmitter::emitRegion(unsigned RId, SwitchInst *SW,
                                  PHINode *Region) {
  Function *RF = cloneRegion(*WI.F, WI.Prologue, WI.Starts[RId], WI.Barriers,
                             RId, WI.Uniform, WI.UniformScope);
  bool TreeStep =
      isTreeStep(*RF, RF->getArg(WI.NumKernelArgs + WILocalId + WI.VecDim));
  BasicBlock *Pre = BasicBlock::Create(Ctx, "region" + Twine(RId), WG, Exit);
  SW->addCase(ConstantInt::get(Type::getInt32Ty(Ctx), RId), Pre);
  IRBuilder<> LB(Pre);
  RegionScope R{RId, RF, LB, {}, hasLanewiseLoops(*RF, FAM)};
  if (AnyRound)
    LB.CreateStore(LB.getFalse(), AnyRound);
  SmallVector<std::pair<PHINode *, unsigned>, 3> Loops;
  for (unsigned D : drop_end(Order)) {
    BasicBlock *From = LB.GetInsertBlock();
    BasicBlock *H =
        BasicBlock::Create(Ctx, "wi.r" + Twine(RId) + ".d" + Twine(D), WG, Exit);
    LB.CreateBr(H);
    LB.SetInsertPoint(H);
    PHINode *P = LB.CreatePHI(I64, 2, "lid" + Twine(D));
    P->addIncoming(LB.getInt64(0), From);
    R.LID[D] = P;
    Loops.push_back({P, D});
  }
  Value *Next = O.NoVec || !R.HasLoops
                    ? emitLaneLoop(R, LB.getInt64(0),
                                   State[WILocalSize + WI.VecDim], "", TreeStep)
                    : emitChunkedLoops(R, TreeStep);
  for (auto [P, D] : reverse(Loops)) {
    Value *Inc = LB.CreateAdd(P, LB.getInt64(1), P->getName() + ".next",
                              /*HasNUW=*/true, /*HasNSW=*/true);
    BasicBlock *After = BasicBlock::Create(
        Ctx, "wi.r" + Twine(RId) + ".d" + Twine(D) + ".done", WG, Exit);
    LB.CreateCondBr(LB.CreateICmpULT(Inc, State[WILocalSize + D]),
                    P->getParent(), After);
    P->addIncoming(Inc, LB.GetInsertBlock());
    LB.SetInsertPoint(After);
  }
  if (AnyRound)
    Next = LB.CreateSelect(LB.CreateLoad(LB.getInt1Ty(), AnyRound), RoundId,
                           Next);
  if (RoundNo && RId == WI.LockstepRound)
    LB.CreateStore(
        LB.CreateAdd(LB.CreateLoad(LB.getInt64Ty(), RoundNo), LB.getInt64(1)),
        RoundNo);
  // What the items left for the next region is what it reads.
  if (UniformIn)
    LB.CreateMemCpy(UniformIn, Align(16), UniformOut, Align(16),
                    WI.UniformBytes);
  // All items reached the same barrier: the last one tells which.
  LB.CreateBr(Dispatch);
  Region->addIncoming(Next, LB.GetInsertBlock());
}

/// Inlines the regions into their work-item loops and gives each loop its
/// metadata: every memory access of a work-item loop is parallel to the
/// other work items' (OpenCL: items of a group only synchronize at
/// barriers).
void WorkGroupEmitter::finishWorkItemLoops() {
  SmallPtrSet<Function *, 4> RegionFns;
  for (CallInst *CI : RegionCalls) {
    RegionFns.insert(CI->getCalledFunction());
    InlineFunctionInfo IFI;
    InlineResult IR = InlineFunction(*CI, IFI);
    (void)IR;
    assert(IR.isSuccess() && "region functions are plain code");
  }
  for (Function *RF : RegionFns)
    RF->eraseFromParent();

  DominatorTree DT(*WG);
  LoopInfo LI(DT);
  TargetLibraryInfo &TLI = FAM.getResult<TargetLibraryAnalysis>(*WG);
  AssumptionCache AC(*WG);
  ScalarEvolution SE(*WG, TLI, AC, DT, LI);
  TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(*WG);
  KernelWrapOptions Scalar = O;
  Scalar.NoVec = true;
  SmallVector<BasicBlock *, 4> VectorHeaders;
  for (auto [H, Br, ScalarLoop, Lanewise] : LaneLoops) {
    Loop *L = LI.getLoopFor(H);
    assert(L && L->getHeader() == H && "lost a work-item loop");
    if (!O.NoVec && !ScalarLoop)
      VectorHeaders.push_back(H);
    MDNode *Group = MDNode::getDistinct(Ctx, {});
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB)
        if (I.mayReadOrWriteMemory() &&
            (!AnyRound || getLoadStorePointerOperand(&I) != AnyRound))
          I.setMetadata(LLVMContext::MD_access_group, Group);
    Br->setMetadata(LLVMContext::MD_loop,
                    workItemLoopID(Ctx, Group, ScalarLoop ? Scalar : O,
                                   Lanewise && !L->isInnermost(),
                                   Lanewise ? lanewiseWidth(*L, SE, TTI)
                                            : 0));
  }
  // 32-bit divisions of innermost work-item loops through double, as in
  // every lane loop (the forced ones get it from SimdLoopPass after their
  // fission).
  vplanext::widenIntDivisions(
      *WG, vplanext::innermostLaneLoops(LI, VectorHeaders),
      vplanext::LaneLoweringOptions::fromCommandLine());
}

/// Emits the work-group function of \p K around its work-item function.
WrapResult emitWorkGroupFunction(Function &K, WorkItemFunction &WI,
                                 const KernelWrapOptions &O,
                                 FunctionAnalysisManager &FAM) {
  return WorkGroupEmitter(K, WI, O, FAM).emit();
}

} // namespace

PreservedAnalyses KernelWrapPass::run(Module &M, ModuleAnalysisManager &MAM) {
  KernelWrapOptions O = Opts;
  O.NoVec |= ClNoVec;
  if (ClVF.getNumOccurrences())
    O.VF = ClVF;
  if (ClDim.getNumOccurrences())
    O.Dim = ClDim;
  if (ClKernel.getNumOccurrences())
    O.Kernel = ClKernel;
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();

  SmallVector<Function *, 8> Kernels;
  for (Function &F : M)
    if (!F.isDeclaration() && F.getCallingConv() == CallingConv::SPIR_KERNEL &&
        (O.Kernel.empty() || F.getName() == O.Kernel))
      Kernels.push_back(&F);
  if (Kernels.empty())
    return PreservedAnalyses::all();

  std::string Names;
  for (Function *K : Kernels) {
    // The scalar reference keeps the work items' own order, so the
    // differential tests check the rounds against it.
    WorkItemFunction WI = buildWorkItemFunction(*K, O.Dim, !O.NoVec, FAM);
    OptimizationRemarkEmitter ORE(K);
    if (!WI.Error.empty()) {
      M.getContext().emitError("kernel-wrap: kernel " + K->getName() + ": " +
                               WI.Error);
      if (WI.F) {
        FAM.clear(*WI.F, WI.F->getName());
        WI.F->eraseFromParent();
      }
      continue;
    }
    WrapResult R = emitWorkGroupFunction(*K, WI, O, FAM);
    FAM.clear(*WI.F, WI.F->getName());
    WI.F->eraseFromParent();
    ++NumKernels;
    Names += (Names.empty() ? "" : ";") + K->getName().str();
    LLVM_DEBUG(dbgs() << "kernel-wrap: " << K->getName() << " -> "
                      << R.WG->getName() << "\n");
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "KernelWrapped", K)
             << "kernel " << ore::NV("Kernel", K->getName())
             << " wrapped: " << ore::NV("Regions", R.Regions)
             << " region(s), vectorization dimension "
             << ore::NV("Dim", WI.VecDim) << ", "
             << ore::NV("ContextArrays", WI.ContextArrays)
             << " context array(s), "
             << ore::NV("GroupBytes", WI.GroupBytes) << " bytes of __local";
    });
    if (R.Lockstep)
      ORE.emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "LockstepLoop", K)
               << "kernel " << ore::NV("Kernel", K->getName())
               << ": divergent loop run in lockstep rounds over the work "
                  "group (its accesses are contiguous across work items for "
                  "a fixed counter)";
      });
  }
  // What clCreateKernelsInProgram lists.
  Constant *List = ConstantDataArray::getString(M.getContext(), Names);
  new GlobalVariable(M, List->getType(), /*isConstant=*/true,
                     GlobalValue::ExternalLinkage, List, KW_KERNELS_SYMBOL);
  // The kernels themselves call work-item builtins nobody defines; only
  // the work-group functions remain.
  for (Function *K : Kernels) {
    FAM.clear(*K, K->getName());
    K->replaceAllUsesWith(PoisonValue::get(K->getType()));
    K->eraseFromParent();
  }
  bool Erased = true;
  while (Erased) {
    Erased = false;
    for (Function &F : make_early_inc_range(M))
      if (!F.isDeclaration() && F.use_empty() &&
          !F.getName().starts_with(KW_WG_PREFIX)) {
        FAM.clear(F, F.getName());
        F.eraseFromParent();
        Erased = true;
      }
  }
  // __local variables now live in the work-group frames.
  for (GlobalVariable &GV : make_early_inc_range(M.globals())) {
    GV.removeDeadConstantUsers();
    if (GV.hasLocalLinkage() && GV.use_empty())
      GV.eraseFromParent();
  }
  assert(!verifyModule(M, &errs()) && "kernel-wrap broke the module");
  return PreservedAnalyses::none();
}

} // namespace kernelwrap
