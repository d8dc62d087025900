//===- UniformVectorPhis.h - Loop-carried splats as scalars -----*- C++ -*-===//
//
/// \file
/// A cut lane loop's round loop keeps per-lane arrays: each lane's active
/// flag, resume point and state. In a uniform loop every lane stores the
/// same value (the counter, the "still running" flag), and the round loop
/// reads lane 0 or asks whether any lane is active. Once the vectorizer has
/// widened the lane loops and SROA has promoted the arrays, those values go
/// round the round loop as vector phis of splats, read back by an
/// extractelement or an any-lane test: the counter crosses from a general
/// register into a vector one and back on every iteration, on the loop's
/// carried path.
///
/// This pass finds vector phis whose every lane holds the same value (their
/// incoming values are splats, constants, selects and casts of splats, or
/// such phis) and whose users only read that value (extractelement, a
/// reduction of the lanes' or / and / min / max, a bitcast of an `<N x i1>`
/// to an integer) or are part of the same network; it computes the network
/// inside loops as scalars and deletes the vector one. What the phis start
/// from, computed once before a loop, stays vector code and its first lane
/// is read: it may be the end of a long chain of selects, which as scalar
/// code meets the AArch64 DAG combiner's doubling time on such chains
/// (docs/design/reliability.md). It runs at the end of the
/// pipeline, before MaskPhiWidening, on vecclone's variants and functions
/// with vplan-ext lane loops.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_UNIFORMVECTORPHIS_H
#define VPLANEXT_UNIFORMVECTORPHIS_H

#include "llvm/IR/PassManager.h"

namespace vplanext {

class UniformVectorPhisPass
    : public llvm::PassInfoMixin<UniformVectorPhisPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vplanext

#endif // VPLANEXT_UNIFORMVECTORPHIS_H
