//===- SimdCallLoops.h - Keep omp simd loops with variant calls -*- C++ -*-===//
//
/// \file
/// Clang's full unroller unrolls an `omp simd` loop with a small constant
/// trip count (`safelen(4)`, 4 iterations) into scalar calls before the
/// vectorizer sees it, where gcc makes one call of a 4-lane variant. This
/// loop pass, at the late loop optimizations, marks an innermost loop whose
/// vectorization is forced (`omp simd`, `vectorize(enable)`)
/// `llvm.loop.unroll.disable` when it calls a function with vector variants,
/// so the vectorizer gets the loop (and the unroller the vectorized one).
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_SIMDCALLLOOPS_H
#define VECCLONE_SIMDCALLLOOPS_H

#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class LPMUpdater;
} // namespace llvm

namespace vecclone {

class KeepSimdCallLoopsPass : public llvm::PassInfoMixin<KeepSimdCallLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &,
                              llvm::LoopStandardAnalysisResults &,
                              llvm::LPMUpdater &);
};

} // namespace vecclone

#endif // VECCLONE_SIMDCALLLOOPS_H
