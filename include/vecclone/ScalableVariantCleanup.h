//===- ScalableVariantCleanup.h - SVE variants after LV ---------*- C++ -*-===//
//
/// \file
/// After the loop vectorizer has widened an SVE variant's lane loop at VF
/// vscale x N, whose trip count is vscale x N too, the vectorized loop runs
/// once and the scalar remainder never runs, but the vectorizer computes the
/// vector trip count as `tc & -VF` (it knows vscale is a power of two) and
/// nothing later folds `(vscale * N) & (vscale * -N)` back to `vscale * N`.
/// The remainder loop then stays in the code, with it the lane arrays in
/// memory. This pass folds that `and` in vecclone's SVE variants and cleans
/// up (InstCombine, SimplifyCFG, SROA) so the lane arrays become registers.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_SCALABLEVARIANTCLEANUP_H
#define VECCLONE_SCALABLEVARIANTCLEANUP_H

#include "llvm/IR/PassManager.h"

namespace vecclone {

class ScalableVariantCleanupPass
    : public llvm::PassInfoMixin<ScalableVariantCleanupPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vecclone

#endif // VECCLONE_SCALABLEVARIANTCLEANUP_H
