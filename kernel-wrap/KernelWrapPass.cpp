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
#include "BarrierRegions.h"
#include "WorkItemFunction.h"
#include "kernel-wrap/kw_abi.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Dominators.h"
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
/// take them at all); innermost ones are left to the vectorizer's cost model
/// (parallel accesses spare it the run-time alias checks): a reduction tree
/// step with most work items idle runs faster scalar.
MDNode *workItemLoopID(LLVMContext &Ctx, MDNode *AccessGroup,
                       const KernelWrapOptions &O, bool Force) {
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
    if (O.VF > 1)
      Ops.push_back(MDNode::get(
          Ctx, {MDString::get(Ctx, "llvm.loop.vectorize.width"), I32(O.VF)}));
  }
  MDNode *ID = MDNode::getDistinct(Ctx, Ops);
  ID->replaceOperandWith(0, ID);
  return ID;
}

struct WrapResult {
  Function *WG = nullptr;
  unsigned Regions = 0;
};

/// Emits the work-group function of \p K around its work-item function.
WrapResult emitWorkGroupFunction(Function &K, WorkItemFunction &WI,
                                 const KernelWrapOptions &O) {
  Module &M = *K.getParent();
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *PtrTy = PointerType::get(Ctx, 0);
  auto *FTy = FunctionType::get(Type::getVoidTy(Ctx), {PtrTy, PtrTy}, false);
  Function *WG = Function::Create(FTy, GlobalValue::ExternalLinkage,
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

  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", WG);
  IRBuilder<> B(Entry);
  SmallVector<Value *, 32> CallArgs;
  for (auto [I, A] : enumerate(WI.F->args())) {
    if (I == WI.NumKernelArgs)
      break;
    Value *Slot = B.CreateLoad(
        PtrTy, B.CreateConstGEP1_64(PtrTy, WG->getArg(0), I), "arg.ptr");
    CallArgs.push_back(B.CreateLoad(A.getType(), Slot, "arg" + Twine(I)));
  }
  auto Field = [&](unsigned F, const Twine &Name) -> Value * {
    return B.CreateLoad(I64, B.CreateConstGEP1_64(I64, WG->getArg(1), F),
                        Name);
  };
  std::optional<std::array<uint64_t, 3>> Reqd = requiredSize(K);
  Value *State[WIGroupMem];
  State[WIWorkDim] = Field(SWorkDim, "work_dim");
  for (unsigned D = 0; D < 3; ++D) {
    State[WIGlobalSize + D] = Field(SGlobalSize + D, "gsize" + Twine(D));
    State[WILocalSize + D] = Reqd ? cast<Value>(B.getInt64((*Reqd)[D]))
                                  : Field(SLocalSize + D, "lsize" + Twine(D));
    State[WINumGroups + D] = Field(SNumGroups + D, "ngroups" + Twine(D));
    State[WIOffset + D] = Field(SOffset + D, "goff" + Twine(D));
    State[WIGroupId + D] = Field(SGroupId + D, "group" + Twine(D));
  }
  Value *GroupMem = ConstantPointerNull::get(cast<PointerType>(PtrTy));
  if (WI.GroupBytes) {
    auto *A = B.CreateAlloca(B.getInt8Ty(), B.getInt64(WI.GroupBytes),
                             "group.mem");
    A->setAlignment(Align(64));
    GroupMem = A;
  }
  Value *Context = ConstantPointerNull::get(cast<PointerType>(PtrTy));
  if (WI.ContextBytes) {
    Value *N = B.CreateMul(B.CreateMul(State[WILocalSize], State[WILocalSize + 1]),
                           State[WILocalSize + 2]);
    auto *A = B.CreateAlloca(B.getInt8Ty(),
                             B.CreateMul(N, B.getInt64(WI.ContextBytes)),
                             "wi.context");
    A->setAlignment(Align(64));
    Context = A;
  }

  BasicBlock *Dispatch = BasicBlock::Create(Ctx, "region.dispatch", WG);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "exit", WG);
  B.CreateBr(Dispatch);
  ReturnInst::Create(Ctx, Exit);
  IRBuilder<> DB(Dispatch);
  PHINode *Region = DB.CreatePHI(DB.getInt32Ty(), WI.Starts.size() + 1,
                                 "region");
  Region->addIncoming(DB.getInt32(0), Entry);
  SwitchInst *SW = DB.CreateSwitch(Region, Exit, WI.Starts.size());

  unsigned V = WI.VecDim;
  SmallVector<unsigned, 3> Order;
  for (int D = 2; D >= 0; --D)
    if (unsigned(D) != V)
      Order.push_back(D);
  Order.push_back(V);

  SmallVector<CallInst *, 4> RegionCalls;
  SmallVector<BasicBlock *, 4> LaneHeaders;
  SmallVector<BranchInst *, 4> LaneLatches;
  for (unsigned RId = 0; RId < WI.Starts.size(); ++RId) {
    Function *RF = cloneRegion(*WI.F, WI.Prologue, WI.Starts[RId],
                               WI.Barriers, RId);
    BasicBlock *Pre = BasicBlock::Create(Ctx, "region" + Twine(RId), WG, Exit);
    SW->addCase(B.getInt32(RId), Pre);
    IRBuilder<> LB(Pre);
    Value *LID[3];
    SmallVector<std::pair<PHINode *, unsigned>, 3> Loops;
    for (unsigned D : Order) {
      BasicBlock *From = LB.GetInsertBlock();
      BasicBlock *H = BasicBlock::Create(
          Ctx, "wi.r" + Twine(RId) + ".d" + Twine(D), WG, Exit);
      LB.CreateBr(H);
      LB.SetInsertPoint(H);
      PHINode *P = LB.CreatePHI(I64, 2, "lid" + Twine(D));
      P->addIncoming(LB.getInt64(0), From);
      LID[D] = P;
      Loops.push_back({P, D});
    }
    LaneHeaders.push_back(LB.GetInsertBlock());
    SmallVector<Value *, 40> Args(CallArgs.begin(), CallArgs.end());
    for (unsigned I = 0; I < WIGroupMem; ++I)
      Args.push_back(I >= WILocalId && I < WILocalId + 3 ? LID[I - WILocalId]
                                                        : State[I]);
    Args.push_back(GroupMem);
    Args.push_back(Context);
    CallInst *Next = LB.CreateCall(RF, Args, "next.region");
    RegionCalls.push_back(Next);
    for (auto [P, D] : reverse(Loops)) {
      Value *Inc = LB.CreateAdd(P, LB.getInt64(1), P->getName() + ".next",
                                /*HasNUW=*/true, /*HasNSW=*/true);
      BasicBlock *After = BasicBlock::Create(
          Ctx, "wi.r" + Twine(RId) + ".d" + Twine(D) + ".done", WG, Exit);
      BranchInst *Br = LB.CreateCondBr(
          LB.CreateICmpULT(Inc, State[WILocalSize + D]), P->getParent(),
          After);
      if (D == V)
        LaneLatches.push_back(Br);
      P->addIncoming(Inc, LB.GetInsertBlock());
      LB.SetInsertPoint(After);
    }
    // All items reached the same barrier: the last one tells which.
    LB.CreateBr(Dispatch);
    Region->addIncoming(Next, LB.GetInsertBlock());
  }

  for (CallInst *CI : RegionCalls) {
    Function *RF = CI->getCalledFunction();
    InlineFunctionInfo IFI;
    InlineResult IR = InlineFunction(*CI, IFI);
    (void)IR;
    assert(IR.isSuccess() && "region functions are plain code");
    RF->eraseFromParent();
  }

  // Every memory access of a work-item loop is parallel to the other work
  // items' (OpenCL: items of a group only synchronize at barriers).
  DominatorTree DT(*WG);
  LoopInfo LI(DT);
  for (auto [H, Br] : zip(LaneHeaders, LaneLatches)) {
    Loop *L = LI.getLoopFor(H);
    assert(L && L->getHeader() == H && "lost a work-item loop");
    MDNode *Group = MDNode::getDistinct(Ctx, {});
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB)
        if (I.mayReadOrWriteMemory())
          I.setMetadata(LLVMContext::MD_access_group, Group);
    Br->setMetadata(LLVMContext::MD_loop,
                    workItemLoopID(Ctx, Group, O, !L->isInnermost()));
  }
  return {WG, unsigned(WI.Starts.size())};
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

  for (Function *K : Kernels) {
    WorkItemFunction WI = buildWorkItemFunction(*K, O.Dim, FAM);
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
    WrapResult R = emitWorkGroupFunction(*K, WI, O);
    FAM.clear(*WI.F, WI.F->getName());
    WI.F->eraseFromParent();
    ++NumKernels;
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
  }
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
