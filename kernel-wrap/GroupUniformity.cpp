//===- GroupUniformity.cpp - Values shared by a work group ----------------===//

#include "GroupUniformity.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace kernelwrap {

GroupUniformity::GroupUniformity(Function &F, ArrayRef<Value *> Seeds) {
  Varying.insert(Seeds.begin(), Seeds.end());
  DominatorTree DT(F);
  PostDominatorTree PDT(F);
  LoopInfo LI(DT);
  // Blocks where paths of a divergent branch meet (their phis differ per
  // work item) and blocks a divergent branch decides how often to run (a
  // loop with a divergent exit: every value in it differs per work item
  // once used after the loop; conservatively, everywhere).
  DenseSet<const BasicBlock *> Joins, Temporal, DivergentDone;
  auto MarkRegion = [&](BasicBlock *BB) {
    DomTreeNode *N = PDT.getNode(BB);
    BasicBlock *Join =
        N && N->getIDom() ? N->getIDom()->getBlock() : nullptr;
    SmallVector<BasicBlock *, 16> Work(successors(BB));
    DenseSet<BasicBlock *> Region;
    bool HasCycle = false;
    while (!Work.empty()) {
      BasicBlock *B = Work.pop_back_val();
      if (B == Join || !Region.insert(B).second)
        continue;
      if (LI.isLoopHeader(B))
        HasCycle = true;
      append_range(Work, successors(B));
    }
    if (Join)
      Joins.insert(Join);
    for (BasicBlock *B : Region) {
      if (!B->hasNPredecessorsOrMore(2))
        continue;
      Joins.insert(B);
    }
    if (HasCycle)
      Temporal.insert(Region.begin(), Region.end());
  };
  auto IsVarying = [&](Instruction &I) {
    if (Temporal.contains(I.getParent()))
      return true;
    if (isa<PHINode>(I) && Joins.contains(I.getParent()))
      return true;
    // Private memory, memory reads and calls: each work item may see its
    // own value (a __local word another item wrote since the barrier).
    if (isa<AllocaInst>(I) || isa<LoadInst>(I) || isa<AtomicRMWInst>(I) ||
        isa<AtomicCmpXchgInst>(I))
      return true;
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (!isa<IntrinsicInst>(CB) || !CB->doesNotAccessMemory())
        return true;
    for (Value *Op : I.operands())
      if (Varying.contains(Op))
        return true;
    return false;
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (!Varying.contains(&I) && IsVarying(I)) {
          Varying.insert(&I);
          Changed = true;
        }
    for (BasicBlock &BB : F) {
      Instruction *T = BB.getTerminator();
      if (T->getNumSuccessors() < 2 || DivergentDone.contains(&BB) ||
          !Varying.contains(T))
        continue;
      DivergentDone.insert(&BB);
      MarkRegion(&BB);
      Changed = true;
    }
  }
}

const SCEVConstant *localIdStride(const SCEV *S, Value *LocalId,
                                  ScalarEvolution &SE) {
  ValueToSCEVMapTy Map;
  Map[LocalId] =
      SE.getAddExpr(SE.getSCEV(LocalId), SE.getOne(LocalId->getType()));
  const SCEV *Next = SCEVParameterRewriter::rewrite(S, SE, Map);
  return dyn_cast<SCEVConstant>(SE.getMinusSCEV(Next, S));
}

} // namespace kernelwrap
