//===- WorkItemAccessGroups.cpp - Work-item loops stay parallel -----------===//
//
/// \file
/// See WorkItemAccessGroups.h.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/WorkItemAccessGroups.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumRegrouped, "Number of accesses -O3 made in work-item loops "
                        "given the loop's parallel access group");
STATISTIC(NumLoopsRestored,
          "Number of work-item loops annotated parallel again");

namespace vplanext {
namespace {

/// The access groups the loop ID of \p L lists as parallel.
SmallPtrSet<const MDNode *, 2> parallelGroups(const Loop &L) {
  SmallPtrSet<const MDNode *, 2> Groups;
  MDNode *ID = L.getLoopID();
  if (!ID)
    return Groups;
  for (const MDOperand &Op : drop_begin(ID->operands())) {
    auto *N = dyn_cast<MDNode>(Op.get());
    if (!N || N->getNumOperands() == 0)
      continue;
    auto *S = dyn_cast<MDString>(N->getOperand(0));
    if (!S || S->getString() != "llvm.loop.parallel_accesses")
      continue;
    for (const MDOperand &G : drop_begin(N->operands()))
      if (auto *GN = dyn_cast<MDNode>(G.get()))
        Groups.insert(GN);
  }
  return Groups;
}

/// Whether \p I is in one of \p Groups (a group node, or a list of them).
bool inGroups(const Instruction &I, const SmallPtrSetImpl<const MDNode *> &Groups) {
  const MDNode *MD = I.getMetadata(LLVMContext::MD_access_group);
  if (!MD)
    return false;
  if (MD->getNumOperands() == 0)
    return Groups.count(MD);
  return any_of(MD->operands(), [&](const MDOperand &Op) {
    return Groups.count(dyn_cast<MDNode>(Op.get()));
  });
}

/// The pointers \p I accesses memory through, or nullopt when it may touch
/// memory it does not name (an ordinary call).
std::optional<SmallVector<const Value *, 2>> accessedPointers(Instruction &I) {
  if (const Value *Ptr = getLoadStorePointerOperand(&I))
    return SmallVector<const Value *, 2>{Ptr};
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || !CB->onlyAccessesArgMemory())
    return std::nullopt;
  SmallVector<const Value *, 2> Ptrs;
  for (const Use &A : CB->args())
    if (A->getType()->isPointerTy())
      Ptrs.push_back(A.get());
  return Ptrs;
}

class Regrouper {
public:
  Regrouper(Loop &L, LoopInfo &LI) : L(L), LI(LI), Groups(parallelGroups(L)) {}

  /// Gives the loop's ungrouped accesses its group when all may; true if
  /// the loop is annotated parallel again.
  bool run();

private:
  Loop &L;
  LoopInfo &LI;
  SmallPtrSet<const MDNode *, 2> Groups;
  /// Stack objects the group's own accesses touch.
  SmallPtrSet<const Value *, 8> GroupedStack;

  void collectGroupedStack();
  bool mayShare(const Value *Ptr) const;
};

void Regrouper::collectGroupedStack() {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (!I.mayReadOrWriteMemory() || !inGroups(I, Groups))
        continue;
      std::optional<SmallVector<const Value *, 2>> Ptrs = accessedPointers(I);
      for (const Value *Ptr : Ptrs ? *Ptrs : SmallVector<const Value *, 2>{}) {
        SmallVector<const Value *, 4> Objs;
        getUnderlyingObjects(Ptr, Objs, &LI);
        for (const Value *O : Objs)
          if (isa<AllocaInst>(O))
            GroupedStack.insert(O);
      }
    }
}

/// Whether every object \p Ptr may point into is memory the work items may
/// share by OpenCL's rules, or a stack object the group already covers.
bool Regrouper::mayShare(const Value *Ptr) const {
  SmallVector<const Value *, 4> Objs;
  getUnderlyingObjects(Ptr, Objs, &LI);
  return all_of(Objs, [&](const Value *O) {
    if (isa<AllocaInst>(O))
      return GroupedStack.count(O) != 0;
    return isa<Argument>(O) || isa<GlobalVariable>(O) || isa<LoadInst>(O);
  });
}

bool Regrouper::run() {
  if (Groups.empty())
    return false;
  collectGroupedStack();
  SmallVector<Instruction *, 8> Ungrouped;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (!I.mayReadOrWriteMemory() || inGroups(I, Groups))
        continue;
      std::optional<SmallVector<const Value *, 2>> Ptrs = accessedPointers(I);
      if (!Ptrs || !all_of(*Ptrs, [&](const Value *P) { return mayShare(P); })) {
        LLVM_DEBUG(dbgs() << "vplan-ext: work-item loop at "
                          << L.getHeader()->getName()
                          << " keeps an access out of its group: " << I
                          << "\n");
        return false;
      }
      Ungrouped.push_back(&I);
    }
  MDNode *Group = const_cast<MDNode *>(*Groups.begin());
  for (Instruction *I : Ungrouped)
    I->setMetadata(LLVMContext::MD_access_group,
                   uniteAccessGroups(
                       I->getMetadata(LLVMContext::MD_access_group), Group));
  NumRegrouped += Ungrouped.size();
  return !Ungrouped.empty();
}

} // namespace

PreservedAnalyses WorkItemAccessGroupsPass::run(Function &F,
                                                FunctionAnalysisManager &AM) {
  auto &LI = AM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!findStringMetadataForLoop(L, WorkItemParallelTag) ||
        L->isAnnotatedParallel())
      continue;
    if (Regrouper(*L, LI).run()) {
      Changed = true;
      if (L->isAnnotatedParallel())
        ++NumLoopsRestored;
    }
  }
  if (!Changed)
    return PreservedAnalyses::all();
  // Metadata only: the CFG and every analysis of it stand.
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace vplanext
