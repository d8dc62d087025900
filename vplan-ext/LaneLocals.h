//===- LaneLocals.h - A copy of a body's locals per lane --------*- C++ -*-===//
//
/// \file
/// A lane loop runs one call of a scalar body (vecclone's variants) or one
/// iteration of a user loop (SimdLoopPass's strip-mined loops) per lane.
/// Each call or iteration has its own locals; once the body is in a lane
/// loop, a local whose address is taken is one object for every lane, and
/// the cut, which runs a part of the body for every lane before the next
/// part, would let the lanes see each other's writes (it refuses: the
/// shared-local rule of LoweringRules). privatizeLaneLocals gives each lane
/// its own copy: a lane array in place of the local, every use reading the
/// lane's slot. shareLaneLocals makes them one again for a lane loop that
/// runs its lanes one by one, where a lane's slot only reads slower.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANELOCALS_H
#define VPLANEXT_LANELOCALS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Alignment.h"
#include "llvm/Support/TypeSize.h"
#include <string>

namespace llvm {
class AllocaInst;
class Function;
class Instruction;
class Type;
class Value;
} // namespace llvm

namespace vplanext {

/// A local given a copy per lane: the lane's slot, the lane array, and the
/// local as it was.
struct LaneLocalCopy {
  llvm::Instruction *Slot;
  llvm::AllocaInst *Lanes;
  llvm::Type *Ty;
  llvm::Align Alignment;
  std::string Name;
};

struct LaneLocals {
  llvm::SmallVector<LaneLocalCopy, 4> Copies;
  /// Why some locals stay shared (empty when none does).
  std::string SharedReason;
};

/// Gives each lane its own copy of \p Locals (static allocas of \p F): a
/// lane array of \p VL copies in place of each, every use reading the
/// slot of \p Lane, computed before \p InsertPt. The smallest go first
/// while a lane's copies take at most \p MaxBytes (the stack grows by VL
/// copies; \p BudgetOption names the option that sets it, for the
/// reason); the others stay shared, as do all at scalable lanes (a slot's
/// offset would need a run-time stride), an over-aligned local (its slots
/// would not keep the alignment) and those \p KeepShared names. Their
/// lifetime markers go: they would name every lane's copy.
LaneLocals
privatizeLaneLocals(llvm::Function &F, llvm::ArrayRef<llvm::AllocaInst *> Locals,
                    llvm::Instruction *InsertPt, llvm::Value *Lane,
                    llvm::ElementCount VL, uint64_t MaxBytes,
                    llvm::StringRef BudgetOption,
                    llvm::function_ref<bool(const llvm::AllocaInst &)>
                        KeepShared);

/// \p Copies one local each again, in \p F's entry block.
void shareLaneLocals(llvm::Function &F, llvm::ArrayRef<LaneLocalCopy> Copies);

} // namespace vplanext

#endif // VPLANEXT_LANELOCALS_H
