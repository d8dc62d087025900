//===- LaneMaskSimplify.h - Short lane-mask logic after LV -------*- C++ -*-===//
//
/// \file
/// The loop vectorizer builds a predicated block's mask from the masks of
/// the edges into it, as chains of poison-safe `select a, b, false` /
/// `select a, true, b` that InstCombine cannot reassociate (b may be
/// poison). In a cut lane loop's "while any lane is active" loop the mask
/// that goes round the loop is such a chain: Mandelbrot's next mask,
/// `active & (|z|^2 < 4) & (n + 1 != 256)`, came out as seven dependent
/// mask operations after the compares, and on AVX-512 every one of them is
/// a k-register instruction on the loop-carried path (15 cycles an
/// iteration where the scalar loop takes 6).
///
/// This pass finds each `<N x i1>` logic expression (and/or/xor/select with
/// a mask condition) over at most six distinct leaves, evaluates its truth
/// table and, when the function is a conjunction (or a disjunction) of
/// literals and that takes fewer operations, rebuilds it as one: leaves
/// frozen where they might be poison (so the plain and/or is exact where
/// the select chain was defined), the loop-carried phi last, so the
/// compares stay off the carried chain. It runs right after the vectorizer
/// passes, on vecclone's variants and functions with vplan-ext lane loops.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANEMASKSIMPLIFY_H
#define VPLANEXT_LANEMASKSIMPLIFY_H

#include "llvm/IR/PassManager.h"

namespace vplanext {

class LaneMaskSimplifyPass : public llvm::PassInfoMixin<LaneMaskSimplifyPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vplanext

#endif // VPLANEXT_LANEMASKSIMPLIFY_H
