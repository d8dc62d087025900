//===- GroupUniformity.h - Values shared by a work group --------*- C++ -*-===//
//
/// \file
/// Which values of a work-item function are the same for every work item of
/// a group: the kernel's arguments, the group's sizes and ids, and what is
/// computed from them under control flow that does not depend on the local
/// ids. Values carried across a barrier that are uniform need one copy per
/// group instead of one per work item (a per-item copy hides from the loop
/// vectorizer that a pointer is shared: scan's swapped __local buffers
/// became gathers). The analysis is conservative: memory reads, calls and
/// anything after a divergent branch's join are varying.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_GROUPUNIFORMITY_H
#define KERNELWRAP_GROUPUNIFORMITY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"

namespace llvm {
class Function;
class SCEV;
class SCEVConstant;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace kernelwrap {

class GroupUniformity {
public:
  /// \p Varying: the values that differ between work items (the local ids).
  GroupUniformity(llvm::Function &F, llvm::ArrayRef<llvm::Value *> Varying);

  bool isUniform(const llvm::Value *V) const { return !Varying.contains(V); }

private:
  llvm::DenseSet<const llvm::Value *> Varying;
};

/// How far the expression \p S moves from one work item to its neighbour in
/// the dimension whose local id is the argument \p LocalId (SCEV of S with
/// the id plus one, minus S): a constant (zero: the same for both), or null
/// when SCEV cannot tell. It chooses the vectorization dimension (accesses
/// contiguous across items) and finds the loops whose items read side by
/// side (lockstep rounds).
const llvm::SCEVConstant *localIdStride(const llvm::SCEV *S,
                                        llvm::Value *LocalId,
                                        llvm::ScalarEvolution &SE);

} // namespace kernelwrap

#endif // KERNELWRAP_GROUPUNIFORMITY_H
