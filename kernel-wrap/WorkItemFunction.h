//===- WorkItemFunction.h - A kernel as one work item's code ----*- C++ -*-===//
//
/// \file
/// The kernel with its callees inlined, its builtins lowered and its state
/// moved out: work-item queries read parameters (the work group's sizes and
/// ids, the work item's local ids), private variables and values live across
/// barriers live in per-work-item context arrays (one array per variable,
/// indexed by the work item's linear id with the vectorization dimension
/// fastest, so the lanes of a vector access neighbouring elements), and
/// __local variables live in a work-group block. The work-group function
/// (KernelWrapPass.cpp) calls copies of it, one per barrier region, in its
/// work-item loops.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_WORKITEMFUNCTION_H
#define KERNELWRAP_WORKITEMFUNCTION_H

#include "BarrierRegions.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Alignment.h"
#include <string>

namespace llvm {
class BasicBlock;
class Function;
class GlobalVariable;
} // namespace llvm

namespace kernelwrap {

/// Parameters the work-item function has after the kernel's own.
enum WorkItemParam : unsigned {
  WIWorkDim = 0,
  WIGlobalSize = 1, // 3 each: dimension 0, 1, 2
  WILocalSize = 4,
  WINumGroups = 7,
  WIOffset = 10,
  WIGroupId = 13,
  WILocalId = 16,
  WIGroupMem = 19,   // __local variables
  WIContext = 20,    // per-work-item context arrays
  WINumParams = 21
};

struct WorkItemFunction {
  llvm::Function *F = nullptr;
  unsigned NumKernelArgs = 0;
  /// Entry block: context addresses only; every region keeps it.
  llvm::BasicBlock *Prologue = nullptr;
  /// Blocks holding one barrier each; region i + 1 starts after Barriers[i].
  llvm::SmallVector<llvm::BasicBlock *, 4> Barriers;
  /// First block of each region (index = region id).
  llvm::SmallVector<llvm::BasicBlock *, 4> Starts;
  /// Bytes of __local variables.
  uint64_t GroupBytes = 0;
  /// Bytes of context per work item.
  uint64_t ContextBytes = 0;
  /// Values carried across barriers that are the same for the whole group
  /// (after the per-item arrays: In copies, then Out copies, UniformBytes
  /// each).
  llvm::SmallVector<UniformSlot, 4> Uniform;
  uint64_t UniformBytes = 0;
  /// The alias scope (a scope list) of the accesses to the uniform copies;
  /// accesses to the per-item arrays carry it as !noalias. They share one
  /// block, where BasicAA cannot tell them apart, and without it every
  /// item of pathfinder's step reloaded the uniform step counter and its
  /// test. Null without uniform values.
  llvm::MDNode *UniformScope = nullptr;
  unsigned ContextArrays = 0;
  unsigned Demoted = 0;
  /// 1 + the index of the barrier that ends a lockstep round
  /// (LockstepLoops.h): the work group repeats that region while any item
  /// returns it. 0: no lockstep loop.
  unsigned LockstepRound = 0;
  /// The round number's __local variable, and its offset in group memory.
  llvm::GlobalVariable *LockstepRoundVar = nullptr;
  uint64_t LockstepRoundOffset = 0;
  /// Vectorization dimension (innermost work-item loop).
  unsigned VecDim = 0;
  std::string Error;
};

/// The layout of the context block, shared by the work-item function and
/// the work-group function: \p NItems per-item arrays of \p ContextBytes,
/// then the group's In copies of the uniform values, then their Out copies.
/// Returns the In copies' address (Out is \p UniformBytes further).
llvm::Value *uniformSlots(llvm::IRBuilder<> &B, llvm::Value *Context,
                          llvm::Value *NItems, uint64_t ContextBytes);

/// Builds the work-item function of kernel \p K; \p Dim < 0 chooses the
/// vectorization dimension by the cost of the memory accesses. \p Lockstep
/// allows running a divergent loop in rounds over the group.
WorkItemFunction buildWorkItemFunction(llvm::Function &K, int Dim,
                                       bool Lockstep,
                                       llvm::FunctionAnalysisManager &FAM);

} // namespace kernelwrap

#endif // KERNELWRAP_WORKITEMFUNCTION_H
