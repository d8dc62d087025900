//===- BarrierRegions.cpp - Kernels cut at their barriers -----------------===//

#include "BarrierRegions.h"
#include "Builtins.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

#define DEBUG_TYPE "kernel-wrap"

STATISTIC(NumBarriers, "Number of barriers cut");
STATISTIC(NumDemoted, "Number of values carried across barriers");

namespace kernelwrap {

SmallVector<BasicBlock *, 4> isolateBarriers(Function &F) {
  SmallVector<CallInst *, 4> Barriers, Fences;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I)) {
        if (isBarrierCall(*CI))
          Barriers.push_back(CI);
        else if (isMemFenceCall(*CI))
          Fences.push_back(CI);
      }
  // One thread runs the whole group: fences between its work items order
  // nothing more than program order does.
  for (CallInst *CI : Fences)
    CI->eraseFromParent();
  SmallVector<BasicBlock *, 4> Blocks;
  for (CallInst *CI : Barriers) {
    BasicBlock *BB = CI->getParent();
    if (&BB->front() != CI)
      BB = SplitBlock(BB, CI);
    SplitBlock(BB, CI->getNextNode());
    Blocks.push_back(BB);
    ++NumBarriers;
  }
  return Blocks;
}

namespace {

/// Blocks reachable from \p From's successors (Forward) or reaching \p From
/// (backward).
DenseSet<BasicBlock *> reach(BasicBlock *From, bool Forward) {
  DenseSet<BasicBlock *> Seen;
  SmallVector<BasicBlock *, 16> Work;
  auto Push = [&](BasicBlock *BB) {
    if (Seen.insert(BB).second)
      Work.push_back(BB);
  };
  if (Forward)
    for (BasicBlock *S : successors(From))
      Push(S);
  else
    for (BasicBlock *P : predecessors(From))
      Push(P);
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (Forward)
      for (BasicBlock *S : successors(BB))
        Push(S);
    else
      for (BasicBlock *P : predecessors(BB))
        Push(P);
  }
  return Seen;
}

} // namespace

unsigned demoteAcrossBarriers(Function &F, ArrayRef<BasicBlock *> Barriers) {
  if (Barriers.empty())
    return 0;
  SmallVector<std::pair<DenseSet<BasicBlock *>, DenseSet<BasicBlock *>>, 4>
      Sets;
  for (BasicBlock *B : Barriers)
    Sets.push_back({reach(B, /*Forward=*/false), reach(B, /*Forward=*/true)});
  // A value of block D used at the end of block U may cross a barrier B when
  // D reaches B and B reaches U.
  auto Crosses = [&](BasicBlock *D, BasicBlock *U) {
    for (auto &[Before, After] : Sets)
      if (Before.contains(D) && After.contains(U))
        return true;
    return false;
  };
  auto UseBlock = [](const Use &U) {
    auto *UI = cast<Instruction>(U.getUser());
    if (auto *PN = dyn_cast<PHINode>(UI))
      return PN->getIncomingBlock(U);
    return UI->getParent();
  };
  auto NeedsDemotion = [&](Instruction &I) {
    for (const Use &U : I.uses())
      if (Crosses(I.getParent(), UseBlock(U)))
        return true;
    return false;
  };
  unsigned N = 0;
  // Phis first: demoting them adds stores of their inputs, uses that may
  // cross a barrier themselves.
  SmallVector<PHINode *, 8> Phis;
  for (BasicBlock &BB : F)
    for (PHINode &PN : BB.phis())
      if (NeedsDemotion(PN))
        Phis.push_back(&PN);
  for (PHINode *PN : Phis)
    DemotePHIToStack(PN);
  N += Phis.size();
  SmallVector<Instruction *, 16> Insts;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (!isa<AllocaInst>(I) && !I.getType()->isVoidTy() && NeedsDemotion(I))
        Insts.push_back(&I);
  for (Instruction *I : Insts)
    DemoteRegToStack(*I);
  N += Insts.size();
  NumDemoted += N;
  return N;
}

Function *cloneRegion(Function &F, BasicBlock *Prologue, BasicBlock *Start,
                      ArrayRef<BasicBlock *> Barriers, unsigned RegionId) {
  LLVMContext &Ctx = F.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  auto *FTy = FunctionType::get(I32, F.getFunctionType()->params(), false);
  Function *R = Function::Create(FTy, GlobalValue::InternalLinkage,
                                 F.getName() + ".region" + Twine(RegionId),
                                 F.getParent());
  ValueToValueMapTy VMap;
  for (auto [From, To] : zip(F.args(), R->args())) {
    To.setName(From.getName());
    VMap[&From] = &To;
  }
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(R, &F, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  // The return attributes of a void function do not fit an i32.
  R->removeRetAttrs(AttributeFuncs::typeIncompatible(I32, R->getAttributes().getRetAttrs()));
  for (ReturnInst *RI : Returns) {
    ReturnInst::Create(Ctx, ConstantInt::getSigned(I32, RegionExit),
                       RI->getIterator());
    RI->eraseFromParent();
  }
  for (auto [I, B] : enumerate(Barriers)) {
    auto *NB = cast<BasicBlock>(VMap[B]);
    // The block holds the barrier call and the branch to the next region.
    while (!NB->empty())
      NB->back().eraseFromParent();
    ReturnInst::Create(Ctx, ConstantInt::get(I32, I + 1), NB);
  }
  auto *NP = cast<BasicBlock>(VMap[Prologue]);
  auto *Br = cast<BranchInst>(NP->getTerminator());
  Br->setSuccessor(0, cast<BasicBlock>(VMap[Start]));
  removeUnreachableBlocks(*R);
  return R;
}

} // namespace kernelwrap
