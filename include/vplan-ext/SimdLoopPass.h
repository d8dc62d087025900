//===- SimdLoopPass.h - omp simd loops with divergent inner loops -*- C++ -*-===//
//
/// \file
/// A user loop under `#pragma omp simd` (vectorize.enable + parallel
/// accesses covering every memory access) whose body holds an inner loop is
/// an outer loop, and LLVM's loop vectorizer skips it. This pass strip-mines
/// such a loop into chunks of VL iterations,
///
///   for (k0 = 0; k0 < TC; k0 += VL)          // chunk loop, scalar
///     for (lane = 0; lane != VL; ++lane)     // SIMD-lane loop
///       if (k0 + lane < TC) body(start + (k0 + lane) * step)
///
/// so the last chunk is masked, and hands the lane loop to lane loop fission
/// (LaneLoopFission.h), which cuts it at the inner loops into innermost lane
/// loops the vectorizer widens with width VL. A `#pragma clang loop
/// vectorize(enable)` loop, which declares nothing, is taken when its
/// iterations are proved independent (OuterLoopDependence.h), after
/// versioning it on a run-time alias check where pointers may alias.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_SIMDLOOPPASS_H
#define VPLANEXT_SIMDLOOPPASS_H

#include "vplan-ext/LaneLoweringOptions.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class DataLayout;
class Loop;
class TargetTransformInfo;
} // namespace llvm

namespace vplanext {

/// The lane count for the omp simd loop \p L: the user's `simdlen` if any,
/// else one vector register of the widest data the body loads, stores or
/// carries (index arithmetic does not count).
unsigned chooseSimdLoopVL(const llvm::Loop &L,
                          const llvm::TargetTransformInfo &TTI,
                          const llvm::DataLayout &DL);

class SimdLoopPass : public LaneLoweringPass<SimdLoopPass> {
public:
  using LaneLoweringPass::LaneLoweringPass;
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vplanext

#endif // VPLANEXT_SIMDLOOPPASS_H
