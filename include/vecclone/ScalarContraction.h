//===- ScalarContraction.h - Lanes contract as the scalar does --*- C++ -*-===//
//
/// \file
/// A fused multiply-add rounds once where a multiply and an add round
/// twice: a lane's answer equals the scalar function's only if both fuse
/// the same operations.
///
/// - The variant's ISA may have FMA (AVX-512 implies it) where the scalar
///   function's target has none. The variant is then built without anything
///   fusable (keepScalarContraction, when its body is copied; not under
///   `-ffast-math`, which lets rounding change) and, after
///   vectorization, every multiply that feeds an add or subtract is fenced
///   (ContractionFencePass): under `-ffp-contract=fast` clang asks the
///   backend to fuse whatever it can, whatever the IR's flags say.
/// - Both have FMA and the body has `contract` flags (`-ffp-contract=fast`):
///   the backend fuses where its DAG of one block allows, which depends on
///   block boundaries and on how many users a multiply has, and a variant's
///   lane loop changes both (a cut computes a value again in another lane
///   loop). pinScalarContraction makes the choice in the IR of the scalar
///   function before any variant copies it, and the rest is fenced as
///   above, in the scalar function and in its variants.
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
/// \p Scalar's target has no FMA and the body is not `-ffast-math` (no
/// `reassoc`: there the user lets rounding change); when there were such
/// flags (fast contraction), tags \p V with NoContractionAttr.
void keepScalarContraction(llvm::Function &V, const llvm::Function &Scalar);

/// When \p Scalar's target has FMA and its body has `contract` flags
/// without `reassoc` (`-ffp-contract=fast`, not `-ffast-math`): each
/// add or subtract with a contractable multiply operand that it alone uses,
/// in its block, becomes `llvm.fma` (what the backend would fuse), the
/// `contract` flags are dropped and \p Scalar is tagged NoContractionAttr,
/// so that its multiplies and its variants' are fenced alike after
/// vectorization. Returns whether it changed \p Scalar.
bool pinScalarContraction(llvm::Function &Scalar);

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
