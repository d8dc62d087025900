//===- MaskPhiWidening.h - Lane masks in the data's width -------*- C++ -*-===//
//
/// \file
/// After vectorization and InstCombine, the lane flags that a cut lane loop
/// carries around its "while any lane is active" loop are `<N x i1>` phis.
/// Without AVX-512 mask registers the x86 backend keeps such a phi as packed
/// 8/16-bit lanes and converts it to and from the 32/64-bit compare masks the
/// loop computes on every iteration. This pass gives each `<N x i1>` phi of a
/// vector variant the data's element width (sext in, sign bit out), where the
/// masks come from; it runs at the very end of the optimization pipeline, so
/// no later InstCombine narrows them back.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_MASKPHIWIDENING_H
#define VPLANEXT_MASKPHIWIDENING_H

#include "llvm/IR/PassManager.h"

namespace vplanext {

/// Function attribute vplan-ext puts on functions whose user loops it
/// turned into lane loops (vecclone's variants carry `vecclone-variant-of`).
constexpr const char *LaneLoopsAttr = "vplan-ext-lane-loops";

class MaskPhiWideningPass : public llvm::PassInfoMixin<MaskPhiWideningPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vplanext

#endif // VPLANEXT_MASKPHIWIDENING_H
