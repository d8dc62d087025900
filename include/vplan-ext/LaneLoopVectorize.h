//===- LaneLoopVectorize.h - Widen lane loops, silence declined ones -*- C++ -*-===//
//
/// \file
/// Lane loops ask the loop vectorizer for their width with
/// `llvm.loop.vectorize.enable`, as a user's pragma would. One it declines
/// (a body with atomics, volatile, alloca, a throw, ...) would then earn
/// clang's `-Wpass-failed=transform-warning` "loop not vectorized", without
/// a source location since the loop is the plugin's own, and break
/// `-Werror` builds that plain clang and gcc build. The warning pass runs
/// inside the vectorizer's pipeline section, before any extension point
/// after it; so this pass, at VectorizerStart, runs the vectorizer on the
/// lane loops of the function itself (forced loops only, as clang does at
/// -O1) and turns the request off on the lane loops it declined. They keep
/// their lane-loop tag: vecclone-report still says, at the function, why
/// the variant stays scalar.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANELOOPVECTORIZE_H
#define VPLANEXT_LANELOOPVECTORIZE_H

#include "llvm/IR/PassManager.h"

namespace vplanext {

/// Runs the loop vectorizer on \p F ahead of the main pipeline's, after
/// injecting -fveclib's mappings (which the main pipeline adds only right
/// before its own vectorizer), and invalidates what it changed. Its remarks
/// on the lane loops still forced to vectorize are dropped unless asked for
/// with `-Rpass-analysis=loop-vectorize` (they would print whatever the
/// user asked, without a location). vecclone's caller side and
/// LaneLoopVectorizePass share it.
void runVectorizerEarly(llvm::Function &F, llvm::FunctionAnalysisManager &AM,
                        bool OnlyWhenForced);

class LaneLoopVectorizePass
    : public llvm::PassInfoMixin<LaneLoopVectorizePass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vplanext

#endif // VPLANEXT_LANELOOPVECTORIZE_H
