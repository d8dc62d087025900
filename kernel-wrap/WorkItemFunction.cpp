//===- WorkItemFunction.cpp - A kernel as one work item's code ------------===//

#include "WorkItemFunction.h"
#include "BarrierRegions.h"
#include "Builtins.h"
#include "GroupUniformity.h"
#include "LockstepLoops.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

using namespace llvm;

#define DEBUG_TYPE "kernel-wrap"

STATISTIC(NumContextArrays, "Number of per-work-item context arrays");
STATISTIC(NumUniformValues,
          "Number of values carried across barriers once per group");
STATISTIC(NumLocalVars, "Number of __local variables moved to the group");

namespace kernelwrap {
namespace {

const char *ParamNames[WINumParams] = {
    "work_dim", "gsize0", "gsize1", "gsize2", "lsize0", "lsize1", "lsize2",
    "ngroups0", "ngroups1", "ngroups2", "goff0", "goff1", "goff2",
    "group0", "group1", "group2", "lid0", "lid1", "lid2", "groupmem",
    "wictx"};

Function *cloneWithWorkItemParams(Function &K) {
  LLVMContext &Ctx = K.getContext();
  SmallVector<Type *, 32> Params(K.getFunctionType()->params());
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::get(Ctx, 0);
  for (unsigned I = 0; I < WINumParams; ++I)
    Params.push_back(I < WIGroupMem ? I64 : Ptr);
  auto *FTy = FunctionType::get(Type::getVoidTy(Ctx), Params, false);
  Function *W = Function::Create(FTy, GlobalValue::InternalLinkage,
                                 K.getName() + ".wi", K.getParent());
  ValueToValueMapTy VMap;
  auto WArg = W->arg_begin();
  for (Argument &A : K.args()) {
    WArg->setName(A.getName());
    VMap[&A] = &*WArg++;
  }
  for (unsigned I = 0; I < WINumParams; ++I)
    (WArg++)->setName(ParamNames[I]);
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(W, &K, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  W->setCallingConv(CallingConv::C);
  W->setLinkage(GlobalValue::InternalLinkage);
  return W;
}

/// A struct argument passed by value arrives as a pointer to the one value
/// the host set (kw_abi.h), shared by every work item of every group, while
/// C gives each call its own copy that the kernel may write. Each work item
/// copies it into its own alloca, which SROA dissolves again when the kernel
/// only reads it; the parameter becomes a plain pointer.
void privatizeByValArgs(Function &W, unsigned NumKernelArgs) {
  IRBuilder<> B(&*W.getEntryBlock().getFirstInsertionPt());
  const DataLayout &DL = W.getDataLayout();
  for (unsigned I = 0; I < NumKernelArgs; ++I) {
    Argument *A = W.getArg(I);
    Type *Ty = A->getParamByValType();
    if (!Ty)
      continue;
    Align Al = A->getParamAlign().valueOrOne();
    W.removeParamAttr(I, Attribute::ByVal);
    AllocaInst *Copy = B.CreateAlloca(Ty, nullptr, A->getName() + ".copy");
    Copy->setAlignment(Al);
    A->replaceAllUsesWith(Copy);
    B.CreateMemCpy(Copy, Al, A, Al, DL.getTypeAllocSize(Ty));
  }
}

/// Inlines every call of a defined function (OpenCL has no recursion).
bool inlineEverything(Function &W, std::string &Err) {
  for (unsigned Round = 0; Round < 64; ++Round) {
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(W))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction();
            Callee && !Callee->isDeclaration())
          Calls.push_back(CB);
    if (Calls.empty())
      return true;
    for (CallBase *CB : Calls) {
      InlineFunctionInfo IFI;
      InlineResult R = InlineFunction(*CB, IFI);
      if (!R.isSuccess()) {
        Err = std::string("cannot inline a callee: ") + R.getFailureReason();
        return false;
      }
    }
  }
  Err = "call graph too deep (recursion?)";
  return false;
}

/// A __local variable: clang gives function-scope __local variables of
/// kernels internal, uninitialized globals (address space 0 on x86; 3 in
/// SPIR-style IR).
bool isLocalVariable(const GlobalVariable &GV) {
  if (GV.getAddressSpace() == 3)
    return true;
  return GV.hasLocalLinkage() && !GV.isConstant() && GV.hasInitializer() &&
         (isa<UndefValue>(GV.getInitializer()));
}

/// Per memory access, how well a step of one work item in dimension d maps
/// to vector lanes: contiguous 4, uniform 1, anything else 0.
unsigned chooseVecDim(Function &W, unsigned NumKernelArgs,
                      ScalarEvolution &SE) {
  const DataLayout &DL = W.getDataLayout();
  Argument *LID[3];
  for (unsigned D = 0; D < 3; ++D)
    LID[D] = W.getArg(NumKernelArgs + WILocalId + D);
  unsigned Score[3] = {0, 0, 0};
  unsigned NumUsed = 0;
  for (unsigned D = 0; D < 3; ++D)
    NumUsed += !LID[D]->use_empty();
  if (NumUsed < 2)
    return 0;
  for (Instruction &I : instructions(W)) {
    Value *Ptr = getLoadStorePointerOperand(&I);
    if (!Ptr)
      continue;
    Type *Ty = getLoadStoreType(&I);
    const SCEV *S = SE.getSCEV(Ptr);
    for (unsigned D = 0; D < 3; ++D) {
      if (LID[D]->use_empty())
        continue;
      const SCEVConstant *Diff = localIdStride(S, LID[D], SE);
      if (!Diff)
        continue;
      if (Diff->isZero())
        Score[D] += 1;
      else if (Diff->getAPInt() == DL.getTypeStoreSize(Ty).getFixedValue())
        Score[D] += 4;
    }
  }
  unsigned Best = 0;
  for (unsigned D = 1; D < 3; ++D)
    if (Score[D] > Score[Best])
      Best = D;
  LLVM_DEBUG(dbgs() << "kernel-wrap: " << W.getName() << " dim scores "
                    << Score[0] << " " << Score[1] << " " << Score[2] << "\n");
  return Best;
}

/// Marks every load, store and memory intrinsic through \p Ptr (a per-item
/// context array, through GEPs, phis and selects) as not aliasing the
/// accesses in \p UniformScope: the arrays end where the uniform copies
/// start.
void markNoAliasUniform(Value *Ptr, MDNode *UniformScope) {
  SmallVector<Value *, 8> Work{Ptr};
  SmallPtrSet<Value *, 16> Seen{Ptr};
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (Use &U : V->uses()) {
      auto *I = cast<Instruction>(U.getUser());
      bool Access = (isa<LoadInst>(I) &&
                     U.getOperandNo() == LoadInst::getPointerOperandIndex()) ||
                    (isa<StoreInst>(I) &&
                     U.getOperandNo() == StoreInst::getPointerOperandIndex()) ||
                    (isa<MemIntrinsic>(I) && U.getOperandNo() < 2);
      if (Access) {
        I->setMetadata(LLVMContext::MD_noalias,
                       MDNode::concatenate(
                           I->getMetadata(LLVMContext::MD_noalias),
                           UniformScope));
        continue;
      }
      if ((isa<GetElementPtrInst, PHINode, SelectInst>(I)) &&
          Seen.insert(I).second)
        Work.push_back(I);
    }
  }
}

/// Replaces every alloca of the prologue by its element of a context array:
/// array a of item i at wictx + nitems * offset(a) + i * size(a).
/// Allocas in \p Uniform stay allocas of each region (see UniformSlot) with
/// one group copy after the arrays.
void moveAllocasToContext(WorkItemFunction &R,
                          const SmallPtrSetImpl<AllocaInst *> &Uniform) {
  Function &W = *R.F;
  const DataLayout &DL = W.getDataLayout();
  unsigned N = R.NumKernelArgs;
  SmallVector<AllocaInst *, 8> Allocas, Shared;
  for (Instruction &I : *R.Prologue)
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      (Uniform.contains(AI) ? Shared : Allocas).push_back(AI);
  if (Allocas.empty() && Shared.empty())
    return;
  IRBuilder<> B(R.Prologue->getTerminator());
  auto Arg = [&](unsigned I) { return W.getArg(N + I); };
  if (!Shared.empty()) {
    MDBuilder MDB(W.getContext());
    MDNode *Domain = MDB.createAnonymousAliasScopeDomain("kw.context");
    R.UniformScope = MDNode::get(
        W.getContext(),
        {MDB.createAnonymousAliasScope(Domain, "kw.uniform.copies")});
  }
  // Linear id with the vectorization dimension fastest.
  unsigned V = R.VecDim;
  unsigned O1 = V == 2 ? 1 : 2, O2 = V == 0 ? 1 : 0;
  Value *Lin = B.CreateAdd(
      B.CreateMul(B.CreateAdd(B.CreateMul(Arg(WILocalId + O1),
                                          Arg(WILocalSize + O2)),
                              Arg(WILocalId + O2)),
                  Arg(WILocalSize + V)),
      Arg(WILocalId + V), "wi.linear");
  Value *NItems = B.CreateMul(
      B.CreateMul(Arg(WILocalSize + 0), Arg(WILocalSize + 1)),
      Arg(WILocalSize + 2), "wi.nitems");
  uint64_t Off = 0;
  for (AllocaInst *AI : Allocas) {
    std::optional<TypeSize> Size = AI->getAllocationSize(DL);
    assert(Size && !Size->isScalable() && "OpenCL allocas have fixed sizes");
    uint64_t Bytes = Size->getFixedValue();
    uint64_t A = std::max<uint64_t>(AI->getAlign().value(), 16);
    Off = alignTo(Off, A);
    Value *Base = B.CreateMul(NItems, B.getInt64(Off));
    Value *Idx = B.CreateAdd(Base, B.CreateMul(Lin, B.getInt64(Bytes)));
    Value *P = B.CreateGEP(B.getInt8Ty(), Arg(WIContext), Idx,
                           AI->getName() + ".ctx");
    // Lifetime markers only apply to allocas.
    for (User *U : make_early_inc_range(AI->users()))
      if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
        II->eraseFromParent();
    if (R.UniformScope)
      markNoAliasUniform(AI, R.UniformScope);
    AI->replaceAllUsesWith(P);
    AI->eraseFromParent();
    Off += Bytes;
    ++R.ContextArrays;
    ++NumContextArrays;
  }
  R.ContextBytes = alignTo(Off, 16);
  if (Shared.empty())
    return;
  SmallVector<uint64_t, 4> Offsets;
  uint64_t UOff = 0;
  for (AllocaInst *AI : Shared) {
    UOff = alignTo(UOff, AI->getAlign().value());
    Offsets.push_back(UOff);
    UOff += AI->getAllocationSize(DL)->getFixedValue();
  }
  R.UniformBytes = alignTo(UOff, 16);
  Value *UBase = uniformSlots(B, Arg(WIContext), NItems, R.ContextBytes);
  for (auto [AI, O] : zip(Shared, Offsets)) {
    Value *In = B.CreateConstGEP1_64(B.getInt8Ty(), UBase, O,
                                     AI->getName() + ".in");
    Value *Out = B.CreateConstGEP1_64(B.getInt8Ty(), UBase,
                                      R.UniformBytes + O,
                                      AI->getName() + ".out");
    R.Uniform.push_back({AI, In, Out});
    ++NumUniformValues;
  }
}

/// Gives the __local variables W uses offsets in the work-group block.
void moveLocalsToGroup(WorkItemFunction &R) {
  Function &W = *R.F;
  Module &M = *W.getParent();
  const DataLayout &DL = M.getDataLayout();
  SmallVector<GlobalVariable *, 4> Locals;
  for (GlobalVariable &GV : M.globals())
    if (isLocalVariable(GV))
      Locals.push_back(&GV);
  uint64_t Off = 0;
  IRBuilder<> B(R.Prologue->getTerminator());
  for (GlobalVariable *GV : Locals) {
    convertUsersOfConstantsToInstructions({GV}, &W);
    SmallVector<Use *, 8> Uses;
    for (Use &U : GV->uses())
      if (auto *I = dyn_cast<Instruction>(U.getUser());
          I && I->getFunction() == &W)
        Uses.push_back(&U);
    if (Uses.empty())
      continue;
    uint64_t A = std::max<uint64_t>(GV->getAlign().valueOrOne().value(), 16);
    Off = alignTo(Off, A);
    Value *P = B.CreateConstGEP1_64(B.getInt8Ty(),
                                    W.getArg(R.NumKernelArgs + WIGroupMem),
                                    Off, GV->getName());
    if (GV == R.LockstepRoundVar)
      R.LockstepRoundOffset = Off;
    for (Use *U : Uses)
      U->set(P);
    Off += DL.getTypeAllocSize(GV->getValueType());
    ++NumLocalVars;
  }
  R.GroupBytes = alignTo(Off, 64);
}

} // namespace

Value *uniformSlots(IRBuilder<> &B, Value *Context, Value *NItems,
                    uint64_t ContextBytes) {
  return B.CreateGEP(B.getInt8Ty(), Context,
                     B.CreateMul(NItems, B.getInt64(ContextBytes)),
                     "wi.uniform.in");
}

WorkItemFunction buildWorkItemFunction(Function &K, int Dim, bool Lockstep,
                                       FunctionAnalysisManager &FAM) {
  WorkItemFunction R;
  R.NumKernelArgs = K.arg_size();
  Function *W = R.F = cloneWithWorkItemParams(K);
  privatizeByValArgs(*W, R.NumKernelArgs);
  if (!inlineEverything(*W, R.Error))
    return R;
  // Registers for the kernel's variables first: what stays in memory
  // becomes a context array.
  {
    FunctionPassManager FPM;
    FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
    FPM.addPass(EarlyCSEPass());
    FPM.addPass(SimplifyCFGPass());
    FPM.run(*W, FAM);
  }
  unsigned N = R.NumKernelArgs;
  auto Arg = [&](unsigned I) -> Value * { return W->getArg(N + I); };
  WorkItemValues V;
  V.WorkDim = Arg(WIWorkDim);
  for (unsigned D = 0; D < 3; ++D) {
    V.GlobalSize[D] = Arg(WIGlobalSize + D);
    V.LocalSize[D] = Arg(WILocalSize + D);
    V.NumGroups[D] = Arg(WINumGroups + D);
    V.Offset[D] = Arg(WIOffset + D);
    V.GroupId[D] = Arg(WIGroupId + D);
    V.LocalId[D] = Arg(WILocalId + D);
  }
  lowerWorkItemQueries(*W, V);
  lowerMathBuiltins(*W);
  lowerVectorMemoryBuiltins(*W);
  lowerAtomicBuiltins(*W);
  // The copies add loops: the cached CFG analyses are stale.
  if (lowerAsyncCopyBuiltins(*W, V))
    FAM.invalidate(*W, PreservedAnalyses::none());
  // OpenCL vector types (float4) in one work item: the loop vectorizer only
  // widens scalars, so the work item's vectors become scalars first.
  {
    ScalarizerPassOptions SO;
    SO.ScalarizeLoadStore = true;
    FunctionPassManager FPM;
    FPM.addPass(ScalarizerPass(SO));
    FPM.addPass(InstCombinePass());
    FPM.addPass(EarlyCSEPass());
    FPM.run(*W, FAM);
  }
  for (Instruction &I : instructions(*W))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction();
          Callee && Callee->getName().starts_with("_Z") &&
          !isBarrierCall(*CI) && !isMemFenceCall(*CI)) {
        R.Error = ("unsupported OpenCL builtin " + Callee->getName()).str();
        return R;
      }
  if (Dim >= 0 && Dim < 3) {
    R.VecDim = Dim;
  } else {
    FAM.invalidate(*W, PreservedAnalyses::none());
    R.VecDim = chooseVecDim(*W, N, FAM.getResult<ScalarEvolutionAnalysis>(*W));
  }
  FAM.invalidate(*W, PreservedAnalyses::none());

  Value *LocalIds[3] = {Arg(WILocalId), Arg(WILocalId + 1),
                        Arg(WILocalId + 2)};
  LockstepLoop LS;
  if (Lockstep)
    LS = interchangeLockstepLoop(*W, LocalIds, R.VecDim, FAM);
  R.Barriers = isolateBarriers(*W);
  SmallPtrSet<AllocaInst *, 8> Uniform;
  R.Demoted = demoteAcrossBarriers(*W, R.Barriers, LocalIds, Uniform);
  if (LS) {
    // Items reach "round" and "done" apart, and those at "done" may not
    // have computed what the others carry: no group copies (the round
    // number is group memory of its own).
    Uniform.clear();
    R.LockstepRoundVar = LS.RoundNumber;
    for (auto [I, B] : enumerate(R.Barriers))
      if (&B->front() == LS.Round)
        R.LockstepRound = I + 1;
    assert(R.LockstepRound && "lost the round barrier");
  }
  // The prologue: the entry's allocas, later the context addresses.
  BasicBlock &Entry = W->getEntryBlock();
  BasicBlock::iterator FirstNonAlloca = Entry.begin();
  while (isa<AllocaInst>(*FirstNonAlloca))
    ++FirstNonAlloca;
  for (Instruction &I : instructions(*W))
    if (auto *AI = dyn_cast<AllocaInst>(&I);
        AI && (AI->getParent() != &Entry || !AI->isStaticAlloca())) {
      R.Error = "variable-sized or non-entry alloca";
      return R;
    }
  R.Prologue = &Entry;
  BasicBlock *Body = SplitBlock(&Entry, FirstNonAlloca);
  Body->setName("wi.body");
  R.Starts.push_back(Body);
  for (BasicBlock *B : R.Barriers)
    R.Starts.push_back(B->getSingleSuccessor());
  moveAllocasToContext(R, Uniform);
  moveLocalsToGroup(R);
  return R;
}

} // namespace kernelwrap
