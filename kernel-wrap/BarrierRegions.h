//===- BarrierRegions.h - Kernels cut at their barriers ---------*- C++ -*-===//
//
/// \file
/// A barrier splits a kernel into regions: the code from the entry or from
/// a barrier up to the next barrier or return. By OpenCL's rules every work
/// item of a group reaches the same barrier, so a work group runs one region
/// for all its work items, then the region after the barrier they reached.
/// Values defined in one region and used in another are demoted to memory
/// (per-work-item context arrays, see KernelWrapPass.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_BARRIERREGIONS_H
#define KERNELWRAP_BARRIERREGIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class AllocaInst;
class BasicBlock;
class Function;
class MDNode;
class Value;
} // namespace llvm

namespace kernelwrap {

/// The id of "the work item returned"; regions are 0 (entry) and 1 + the
/// index of their barrier block.
constexpr int RegionExit = -1;

/// Gives every barrier call a block of its own (the call and a branch) and
/// returns these blocks; memory fences are dropped.
llvm::SmallVector<llvm::BasicBlock *, 4> isolateBarriers(llvm::Function &F);

/// Demotes to allocas the phis and instructions of \p F whose value may flow
/// across one of \p Barriers. Returns the number demoted. The allocas of
/// values that are the same for every work item of a group (given the
/// values \p Varying that differ: the local ids) go to \p Uniform.
unsigned demoteAcrossBarriers(llvm::Function &F,
                              llvm::ArrayRef<llvm::BasicBlock *> Barriers,
                              llvm::ArrayRef<llvm::Value *> Varying,
                              llvm::SmallPtrSetImpl<llvm::AllocaInst *> &Uniform);

/// A value carried across barriers that is the same for all work items:
/// one copy per group instead of a context array. Each region copies In
/// into Local when it starts and Local to Out when it reaches a barrier;
/// the work-group function copies Out to In after a region's work items
/// (a region both reads the old value and defines the new one, so one
/// slot would let the first work item overwrite what the next still reads).
struct UniformSlot {
  llvm::AllocaInst *Local;
  llvm::Value *In, *Out;
};

/// A copy of \p F (returning void) that returns i32: it starts at \p Start
/// (right after the prologue \p Prologue, which every region keeps), returns
/// 1 + i at barrier block Barriers[i] and RegionExit at a return.
llvm::Function *cloneRegion(llvm::Function &F, llvm::BasicBlock *Prologue,
                            llvm::BasicBlock *Start,
                            llvm::ArrayRef<llvm::BasicBlock *> Barriers,
                            unsigned RegionId,
                            llvm::ArrayRef<UniformSlot> Slots = {},
                            llvm::MDNode *UniformScope = nullptr);

} // namespace kernelwrap

#endif // KERNELWRAP_BARRIERREGIONS_H
