//===- BarrierRegions.cpp - Kernels cut at their barriers -----------------===//

#include "BarrierRegions.h"
#include "Builtins.h"
#include "GroupUniformity.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
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

/// Blocks reachable from \p From's successors without entering \p Avoid
/// (Forward), or reaching \p From (backward).
DenseSet<BasicBlock *> reach(BasicBlock *From, bool Forward,
                             BasicBlock *Avoid = nullptr) {
  DenseSet<BasicBlock *> Seen;
  SmallVector<BasicBlock *, 16> Work;
  auto Push = [&](BasicBlock *BB) {
    if (BB != Avoid && Seen.insert(BB).second)
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

namespace {

/// Whether \p V can be recomputed anywhere from the function's arguments
/// and constants: pure arithmetic, casts and address computations (the
/// work-item ids, sizes and addresses built from them), up to a small
/// depth. Such values are recomputed after a barrier instead of being
/// stored in a context array.
bool isRematerializable(Value *V, unsigned Depth = 0) {
  if (isa<Argument>(V) || isa<Constant>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 8 || isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
      I->mayHaveSideEffects() || isa<AllocaInst>(I) || isa<CallBase>(I))
    return false;
  // Divisions may trap where the original did not execute.
  if (I->isIntDivRem())
    return false;
  if (!(isa<BinaryOperator>(I) || isa<CastInst>(I) || isa<CmpInst>(I) ||
        isa<SelectInst>(I) || isa<GetElementPtrInst>(I)))
    return false;
  for (Value *Op : I->operands())
    if (!isRematerializable(Op, Depth + 1))
      return false;
  return true;
}

/// A copy of the expression \p V computed right before \p Pos.
Value *rematerialize(Value *V, Instruction *Pos) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return V;
  Instruction *C = I->clone();
  for (Use &Op : C->operands())
    Op.set(rematerialize(Op.get(), Pos));
  C->insertBefore(Pos->getIterator());
  C->setName(I->getName() + ".remat");
  return C;
}

} // namespace

unsigned demoteAcrossBarriers(Function &F, ArrayRef<BasicBlock *> Barriers,
                              ArrayRef<Value *> Varying,
                              SmallPtrSetImpl<AllocaInst *> &Uniform) {
  if (Barriers.empty())
    return 0;
  GroupUniformity GU(F, Varying);
  SmallVector<DenseSet<BasicBlock *>, 4> Before;
  for (BasicBlock *B : Barriers)
    Before.push_back(reach(B, /*Forward=*/false));
  // Blocks reachable from barrier i without passing through block D (which
  // would define the value anew), per D.
  DenseMap<std::pair<BasicBlock *, unsigned>, DenseSet<BasicBlock *>> After;
  // A value of block D used at the end of block U is live across barrier B
  // when D reaches B and B reaches U without a new definition in D.
  auto Crosses = [&](BasicBlock *D, BasicBlock *U) {
    for (unsigned I = 0; I < Barriers.size(); ++I) {
      if (!Before[I].contains(D))
        continue;
      auto It = After.find({D, I});
      if (It == After.end())
        It = After.insert({{D, I}, reach(Barriers[I], /*Forward=*/true, D)})
                 .first;
      if (It->second.contains(U))
        return true;
    }
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
  // Values recomputable from the arguments are recomputed at their uses
  // that may come after a barrier.
  SmallVector<Instruction *, 16> Remat;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (!isa<PHINode>(I) && isRematerializable(&I) && NeedsDemotion(I))
        Remat.push_back(&I);
  for (Instruction *I : Remat)
    for (Use &U : make_early_inc_range(I->uses()))
      if (Crosses(I->getParent(), UseBlock(U))) {
        auto *UI = cast<Instruction>(U.getUser());
        Instruction *Pos = isa<PHINode>(UI)
                               ? cast<PHINode>(UI)->getIncomingBlock(U)->getTerminator()
                               : UI;
        U.set(rematerialize(I, Pos));
      }
  unsigned N = 0;
  // Phis first: demoting them adds stores of their inputs, uses that may
  // cross a barrier themselves.
  SmallVector<PHINode *, 8> Phis;
  for (BasicBlock &BB : F)
    for (PHINode &PN : BB.phis())
      if (NeedsDemotion(PN))
        Phis.push_back(&PN);
  for (PHINode *PN : Phis) {
    bool U = GU.isUniform(PN);
    AllocaInst *AI = DemotePHIToStack(PN);
    if (U && AI)
      Uniform.insert(AI);
  }
  N += Phis.size();
  // The reload of a uniform phi's slot is as uniform as the phi.
  auto IsUniform = [&](Instruction &I) {
    if (auto *LI = dyn_cast<LoadInst>(&I))
      if (auto *AI = dyn_cast<AllocaInst>(LI->getPointerOperand()))
        return Uniform.contains(AI);
    return GU.isUniform(&I);
  };
  SmallVector<Instruction *, 16> Insts;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (!isa<AllocaInst>(I) && !I.getType()->isVoidTy() && NeedsDemotion(I))
        Insts.push_back(&I);
  for (Instruction *I : Insts) {
    bool U = IsUniform(*I);
    AllocaInst *AI = DemoteRegToStack(*I);
    if (U && AI)
      Uniform.insert(AI);
  }
  N += Insts.size();
  NumDemoted += N;
  return N;
}

Function *cloneRegion(Function &F, BasicBlock *Prologue, BasicBlock *Start,
                      ArrayRef<BasicBlock *> Barriers, unsigned RegionId,
                      ArrayRef<UniformSlot> Slots, MDNode *UniformScope) {
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
  // Cloning gave the per-item arrays' accesses a copy of the scope (its
  // nodes are distinct): the copies' accesses take the same copy.
  if (UniformScope)
    UniformScope = MapMetadata(UniformScope, VMap);
  for (auto [I, B] : enumerate(Barriers)) {
    auto *NB = cast<BasicBlock>(VMap[B]);
    // The block holds the barrier call and the branch to the next region.
    while (!NB->empty())
      NB->back().eraseFromParent();
    IRBuilder<> RB(NB);
    // The group's copy of the uniform values, as this item leaves them.
    for (const UniformSlot &S : Slots) {
      auto *L = cast<AllocaInst>(VMap[S.Local]);
      RB.CreateStore(RB.CreateLoad(L->getAllocatedType(), L), VMap[S.Out])
          ->setMetadata(LLVMContext::MD_alias_scope, UniformScope);
    }
    RB.CreateRet(ConstantInt::get(I32, I + 1));
  }
  auto *NP = cast<BasicBlock>(VMap[Prologue]);
  auto *Br = cast<BranchInst>(NP->getTerminator());
  Br->setSuccessor(0, cast<BasicBlock>(VMap[Start]));
  // Uniform values from the barrier this region starts at (region 0 starts
  // at the entry: nothing to read).
  if (RegionId != 0) {
    IRBuilder<> PB(Br);
    for (const UniformSlot &S : Slots) {
      auto *L = cast<AllocaInst>(VMap[S.Local]);
      LoadInst *In = PB.CreateLoad(L->getAllocatedType(), VMap[S.In]);
      In->setMetadata(LLVMContext::MD_alias_scope, UniformScope);
      PB.CreateStore(In, L);
    }
  }
  removeUnreachableBlocks(*R);
  return R;
}

} // namespace kernelwrap
