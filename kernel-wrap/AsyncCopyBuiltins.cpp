//===- AsyncCopyBuiltins.cpp - async_work_group_copy and its kin ----------===//
//
/// \file
/// `async_work_group_copy(dst, src, n, event)` is a work-group collective:
/// every work item calls it with the same arguments, and the copy is
/// complete once the items have passed `wait_group_events`. Here each work
/// item copies its share, the elements j = l, l + L, l + 2L, ... below n
/// for its linear local id l and the group's L items, and
/// `wait_group_events` becomes `barrier(CLK_LOCAL_MEM_FENCE |
/// CLK_GLOBAL_MEM_FENCE)`, lowered like any other barrier (a region cut).
/// The linear id enumerates the group's items once in any dimension and
/// local size, so every element is copied exactly once, and all of them
/// are in place after the barrier; OpenCL leaves reading the destination
/// before the wait undefined, and a kernel orders other items' writes to
/// the source before the copy with a barrier of its own, as on any
/// device. The strided form reads (to __local) or writes (to __global)
/// every stride-th element. Events are dummies (null). `prefetch` is a
/// hint and does nothing.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"
#include "OclNames.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "kernel-wrap"

STATISTIC(NumAsyncCopies, "Number of async work-group copy builtins lowered");

namespace kernelwrap {
namespace {

/// Each work item's share of the copy, as a loop before \p CI.
Value *lowerCopy(CallInst &CI, const OclName &N, const WorkItemValues &V) {
  bool Strided = N.Base == "async_work_group_strided_copy";
  Type *Elt = N.firstPointee(CI.getContext());
  if (!Elt || CI.arg_size() != (Strided ? 5u : 4u))
    return nullptr;
  Value *Dst = CI.getArgOperand(0), *Src = CI.getArgOperand(1);
  Value *Count = CI.getArgOperand(2);
  BasicBlock *Before = CI.getParent();
  BasicBlock *After = SplitBlock(Before, &CI);
  IRBuilder<> B(Before->getTerminator());
  Type *I64 = B.getInt64Ty();
  Count = B.CreateZExtOrTrunc(Count, I64);
  Value *Stride =
      Strided ? B.CreateZExtOrTrunc(CI.getArgOperand(3), I64) : nullptr;
  Value *Linear = B.CreateAdd(
      B.CreateMul(
          B.CreateAdd(B.CreateMul(V.LocalId[2], V.LocalSize[1]), V.LocalId[1]),
          V.LocalSize[0]),
      V.LocalId[0], "copy.first");
  Value *Items =
      B.CreateMul(B.CreateMul(V.LocalSize[0], V.LocalSize[1]), V.LocalSize[2]);
  BasicBlock *Loop = BasicBlock::Create(CI.getContext(), "copy.share",
                                        Before->getParent(), After);
  Before->getTerminator()->eraseFromParent();
  B.SetInsertPoint(Before);
  B.CreateCondBr(B.CreateICmpULT(Linear, Count), Loop, After);
  B.SetInsertPoint(Loop);
  PHINode *J = B.CreatePHI(I64, 2, "copy.j");
  J->addIncoming(Linear, Before);
  // Strided toward __local reads every stride-th source element; toward
  // __global writes every stride-th destination element.
  bool ToLocal = N.firstParamLocal();
  Value *Far = Strided ? B.CreateMul(J, Stride) : J;
  Value *SrcIdx = Strided && ToLocal ? Far : J;
  Value *DstIdx = Strided && !ToLocal ? Far : J;
  const DataLayout &DL = CI.getDataLayout();
  Align A = DL.getABITypeAlign(Elt);
  Value *Val = B.CreateAlignedLoad(Elt, B.CreateGEP(Elt, Src, SrcIdx), A);
  B.CreateAlignedStore(Val, B.CreateGEP(Elt, Dst, DstIdx), A);
  Value *Next = B.CreateAdd(J, Items);
  J->addIncoming(Next, Loop);
  B.CreateCondBr(B.CreateICmpULT(Next, Count), Loop, After);
  return Constant::getNullValue(CI.getType());
}

Value *lowerCall(IRBuilder<> &B, CallInst &CI, const OclName &N,
                 const WorkItemValues &V) {
  if (N.Base == "async_work_group_copy" ||
      N.Base == "async_work_group_strided_copy")
    return lowerCopy(CI, N, V);
  if (N.Base == "prefetch")
    return B.getTrue();
  if (N.Base != "wait_group_events")
    return nullptr;
  Module &M = *CI.getModule();
  FunctionCallee Barrier =
      M.getOrInsertFunction("_Z7barrierj", B.getVoidTy(), B.getInt32Ty());
  // CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE.
  return B.CreateCall(Barrier, {B.getInt32(3)});
}

} // namespace

unsigned lowerAsyncCopyBuiltins(Function &F, const WorkItemValues &V) {
  unsigned N = replaceBuiltinCalls(
      F, [&](IRBuilder<> &B, CallInst &CI, const OclName &Name) {
        return lowerCall(B, CI, Name, V);
      });
  NumAsyncCopies += N;
  return N;
}

} // namespace kernelwrap
