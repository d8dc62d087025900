//===- SimdCallLoops.cpp - Keep omp simd loops with variant calls ---------===//

#include "vecclone/SimdCallLoops.h"
#include "vecclone/VariantSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumKept, "omp simd loops with variant calls kept from unrolling");

namespace vecclone {

static bool callsVariantFunction(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (const Function *Callee = CB->getCalledFunction();
            Callee && hasVariantAttributes(*Callee))
          return true;
  return false;
}

PreservedAnalyses KeepSimdCallLoopsPass::run(Loop &L, LoopAnalysisManager &,
                                             LoopStandardAnalysisResults &,
                                             LPMUpdater &) {
  if (!L.isInnermost() || hasVectorizeTransformation(&L) != TM_ForcedByUser ||
      hasUnrollTransformation(&L) == TM_SuppressedByUser ||
      !callsVariantFunction(L))
    return PreservedAnalyses::all();
  L.setLoopAlreadyUnrolled();
  ++NumKept;
  // Loop metadata only: no analysis reads it.
  return PreservedAnalyses::all();
}

} // namespace vecclone
