//===- ScalarContraction.h - Lanes contract as the scalar does --*- C++ -*-===//
//
/// \file
/// A variant's ISA may have FMA (AVX-512 implies it) where the scalar
/// function's target has none; a fused multiply-add rounds once where the
/// scalar rounds twice, and the lane's answer differs. When the scalar has
/// no FMA, the variant is built without anything fusable (keepScalarContraction,
/// when its body is copied) and, after vectorization, every multiply that
/// feeds an add or subtract is fenced (ContractionFencePass): under
/// `-ffp-contract=fast` clang asks the backend to fuse whatever it can,
/// whatever the IR's flags say.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_SCALARCONTRACTION_H
#define VECCLONE_SCALARCONTRACTION_H

#include "llvm/IR/PassManager.h"

namespace vecclone {

/// Function attribute on variants whose scalar function cannot fuse.
constexpr const char *NoContractionAttr = "vecclone-no-contraction";

/// Splits llvm.fmuladd (and its constrained form, under
/// `#pragma STDC FENV_ACCESS ON`) and drops `contract` flags in \p V when
/// \p Scalar's target has no FMA; when there were such flags (fast
/// contraction), tags \p V with NoContractionAttr.
void keepScalarContraction(llvm::Function &V, const llvm::Function &Scalar);

/// VectorizerEnd: in functions tagged NoContractionAttr, an
/// `llvm.arithmetic.fence` between each floating-point multiply and the adds
/// and subtracts that use it (the vectorizer cannot widen a fence, so it
/// comes after it).
class ContractionFencePass : public llvm::PassInfoMixin<ContractionFencePass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vecclone

#endif // VECCLONE_SCALARCONTRACTION_H
