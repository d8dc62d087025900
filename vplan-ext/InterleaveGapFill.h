//===- InterleaveGapFill.h - Whole-struct groups for AoS reads -*- C++ -*-===//
//
/// \file
/// A lane loop that reads one field of `p[lane]` (`p[i].a` of an array of
/// `struct { int a, b, c; }`) is a strided read. The loop vectorizer turns it
/// into an interleave group (wide loads plus shuffles), but a group with
/// gaps may read past the last element, so LV then insists on a scalar
/// epilogue iteration; a lane loop has exactly VL iterations, so no vector
/// iteration is left and the variant stays scalar.
///
/// The accessed struct is a whole object (C's effective-type rules: `p[i].a`
/// is read through a `struct P3` lvalue), so reading its other fields cannot
/// fault. This utility adds unused loads of the missing fields (of the first
/// read's type; LV groups fields of one size whatever their type) next to
/// the object's first read, which completes the group: LV emits wide loads
/// and shuffles with no epilogue, and the unused lanes of the shuffles are
/// deleted afterwards. Then the groups LV will form are computed
/// (InterleaveGroupModel.h, the model the plan reads too): a group of reads
/// that still misses its last member (a plain array's: reading it could
/// fault) becomes gathers: its members' indices are frozen, which hides the
/// stride from LV. On a target with masked interleaved accesses (SVE) LV
/// groups reads under a condition too, and wants the same epilogue for
/// their gap: those become gathers as well.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_INTERLEAVEGAPFILL_H
#define VPLANEXT_INTERLEAVEGAPFILL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>

namespace llvm {
class BasicBlock;
class DataLayout;
class DominatorTree;
class Function;
class LoadInst;
class Loop;
class LoopInfo;
class TargetTransformInfo;
class Type;
class Value;
} // namespace llvm

namespace vplanext {

/// The field a read `p[k].f...` reads of the object `p[k]`: an aggregate
/// (struct or array) `p[k]`, `k` varying in the lane loop, constant indices
/// after it.
struct ObjectField {
  llvm::Type *ObjectTy = nullptr; ///< the type of p[k]
  llvm::Value *Base = nullptr;    ///< p
  llvm::Value *Index = nullptr;   ///< k
  uint64_t Offset = 0;            ///< the field's, in bytes, in p[k]
  explicit operator bool() const { return ObjectTy; }
  bool sameObject(const ObjectField &O) const {
    return ObjectTy == O.ObjectTy && Base == O.Base && Index == O.Index;
  }
};

/// The object field \p Ld reads in the lane loop \p L, if it reads one.
ObjectField objectFieldOf(const llvm::LoadInst &Ld, const llvm::Loop &L);

/// An object whose reads every lane makes InterleaveGapFill completes: it
/// reads the \p Missing fields (byte offsets, ascending) as \p EltTy right
/// after \p First, the first read of the object in the loop's block order.
struct ObjectFill {
  llvm::LoadInst *First = nullptr;
  ObjectField Object; ///< the object, and the field First reads
  llvm::Type *EltTy = nullptr;
  llvm::SmallVector<uint64_t, 8> Missing;
};

/// The objects of lane loop \p L InterleaveGapFill completes, from the
/// reads in blocks \p EveryLaneRuns says every lane runs.
llvm::SmallVector<ObjectFill, 4> findObjectFills(
    const llvm::Loop &L,
    llvm::function_ref<bool(const llvm::BasicBlock &)> EveryLaneRuns);

/// Completes the strided struct reads of \p LaneLoops (innermost lane loops
/// of \p F: innermostLaneLoops in LaneLoopPrep.h; \p DT and \p LI describe
/// \p F); returns the number of loads added or turned into gathers.
/// \p TTI (optional) says whether the target has masked interleaved
/// accesses.
unsigned fillInterleaveGaps(llvm::Function &F, llvm::DominatorTree &DT,
                            llvm::LoopInfo &LI,
                            llvm::ArrayRef<llvm::Loop *> LaneLoops,
                            const llvm::TargetTransformInfo *TTI);

} // namespace vplanext

#endif // VPLANEXT_INTERLEAVEGAPFILL_H
