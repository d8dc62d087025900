//===- LaneLoopCheck.cpp - Why a lane loop may not be widened -------------===//
//
/// \file
/// Implements the blocker scan shared by vecclone and its post-vectorization
/// report.
//
//===----------------------------------------------------------------------===//

#include "vecclone/LaneLoopCheck.h"
#include "vplan-ext/LaneLoopFission.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace vecclone {

bool WideningBlocker::hasSourceLine() const {
  return At && At->getDebugLoc() && At->getDebugLoc().getLine();
}

/// Metadata kind vecclone puts on the lane arrays it creates, so the scan can
/// tell them from locals of the scalar body (see VariantBuilder.cpp).
static constexpr const char *LaneArrayMD = vplanext::LaneArrayMDName;

/// Reason an instruction stops widening, or empty if it does not.
static std::string blockerFor(const Instruction &I) {
  if (auto *Call = dyn_cast<CallBase>(&I)) {
    if (isa<DbgInfoIntrinsic>(Call))
      return {};
    if (auto *II = dyn_cast<IntrinsicInst>(Call)) {
      Intrinsic::ID ID = II->getIntrinsicID();
      if (isTriviallyVectorizable(ID) || II->isAssumeLikeIntrinsic() ||
          ID == Intrinsic::lifetime_start || ID == Intrinsic::lifetime_end ||
          ID == Intrinsic::experimental_noalias_scope_decl)
        return {};
      return ("calls intrinsic '" + II->getCalledFunction()->getName() +
              "', which has no vector form")
          .str();
    }
    if (const Function *Callee = Call->getCalledFunction())
      return ("calls '" + Callee->getName() +
              "', which has no vector variant the loop vectorizer can use")
          .str();
    return "makes an indirect call";
  }
  if (auto *AI = dyn_cast<AllocaInst>(&I))
    if (!AI->getMetadata(LaneArrayMD))
      return "keeps a local variable in memory (its address is taken), which "
             "every lane would share";
  if (I.isAtomic())
    return "performs an atomic operation";
  if (auto *LI = dyn_cast<LoadInst>(&I); LI && LI->isVolatile())
    return "performs a volatile load";
  if (auto *SI = dyn_cast<StoreInst>(&I); SI && SI->isVolatile())
    return "performs a volatile store";
  if (isa<InvokeInst>(I) || isa<CallBrInst>(I))
    return "has exceptional control flow";
  return {};
}

static void scanBlock(const BasicBlock &BB,
                      SmallVectorImpl<WideningBlocker> &Out) {
  for (const Instruction &I : BB) {
    std::string Why = blockerFor(I);
    if (!Why.empty())
      Out.push_back({&I, std::move(Why)});
  }
}

static void addLoopBlocker(const Loop &Sub,
                           SmallVectorImpl<WideningBlocker> &Out) {
  Out.push_back({&Sub.getHeader()->front(),
                 "contains an inner loop that vplan-ext could not cut off "
                 "(see -Rpass-missed=vecclone)"});
}

SmallVector<WideningBlocker, 4> findBodyBlockers(const Function &F,
                                                 const LoopInfo &LI) {
  // Loops and calls without variants are not blockers here: vplan-ext cuts
  // the lane loop at them (calls then run lane by lane), and says so if it
  // cannot. Nor are the body's fixed-size locals: each lane gets its own
  // copy (findLaneLoopBlockers names one the lanes still share).
  SmallVector<WideningBlocker, 4> Out;
  for (const BasicBlock &BB : F)
    scanBlock(BB, Out);
  erase_if(Out, [](const WideningBlocker &B) {
    auto *AI = dyn_cast<AllocaInst>(B.At);
    return isa<CallBase>(B.At) || (AI && AI->isStaticAlloca());
  });
  return Out;
}

SmallVector<WideningBlocker, 4> findLaneLoopBlockers(const Loop &L) {
  SmallVector<WideningBlocker, 4> Out;
  for (const Loop *Sub : L.getSubLoops())
    addLoopBlocker(*Sub, Out);
  for (const BasicBlock *BB : L.blocks())
    scanBlock(*BB, Out);
  // Locals of the inlined body are hoisted to the entry block, outside the
  // loop; they still make lanes share memory.
  for (const Instruction &I : L.getHeader()->getParent()->getEntryBlock())
    if (isa<AllocaInst>(I)) {
      std::string Why = blockerFor(I);
      if (!Why.empty())
        Out.push_back({&I, std::move(Why)});
    }
  return Out;
}

} // namespace vecclone
