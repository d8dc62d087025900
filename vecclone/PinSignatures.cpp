//===- PinSignatures.cpp - Keep promised signatures through IPO -----------===//

#include "vecclone/PinSignatures.h"
#include "vecclone/VariantSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumPinned, "Local declare-simd functions pinned through IPO");

namespace vecclone {

PreservedAnalyses PinSignaturesPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<GlobalValue *, 8> Pin;
  for (Function &F : M)
    if (!F.isDeclaration() && F.hasLocalLinkage() &&
        hasVariantAttributes(F) && !F.hasFnAttribute(PinnedAttr)) {
      F.addFnAttr(PinnedAttr);
      Pin.push_back(&F);
    }
  if (Pin.empty())
    return PreservedAnalyses::all();
  NumPinned += Pin.size();
  appendToCompilerUsed(M, Pin);
  return PreservedAnalyses::none();
}

void unpinSignatures(Module &M) {
  removeFromUsedLists(M, [](Constant *C) {
    auto *F = dyn_cast<Function>(C);
    return F && F->hasFnAttribute(PinnedAttr);
  });
  for (Function &F : M)
    F.removeFnAttr(PinnedAttr);
}

} // namespace vecclone
