//===- LaneLoopMetadata.h - Loop metadata of SIMD-lane loops ----*- C++ -*-===//
//
/// \file
/// The `llvm.loop` metadata every SIMD-lane loop carries, in one place for
/// vecclone's variants and vplan-ext's strip-mined user loops: widened lane
/// loops ask the loop vectorizer for width VL, no interleaving, parallel
/// accesses, no unrolling (a lane loop the vectorizer leaves scalar must
/// stay a loop, or vecclone-report would take it for widened); lane loops
/// that run a call lane by lane are never vectorized.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANELOOPMETADATA_H
#define VPLANEXT_LANELOOPMETADATA_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/TypeSize.h"

namespace llvm {
class AllocaInst;
class BasicBlock;
class Function;
class IRBuilderBase;
class LLVMContext;
class MDNode;
class Metadata;
class Twine;
class Type;
class Value;
} // namespace llvm

namespace vplanext {

/// Tag of lane loops meant for the vectorizer.
constexpr const char *LaneLoopTag = "vecclone.lane.loop";
/// Tag of lane loops that run a call lane by lane: never vectorized.
constexpr const char *SerialLaneLoopTag = "vecclone.lane.serial";

/// With -vplan-ext-verify-vectorizer only: tag of lane loops whose plan
/// has an estimate and says vectorize. The vectorizer declining one is a disagreement between the
/// plan and the vectorizer (LaneLoopVectorizePass reports it as an error).
constexpr const char *PlanVectorizesTag = "vplan-ext.verify.plan-vectorizes";

/// Tag of kernel-wrap's innermost work-item loops, which the work-item
/// loop plan (WorkItemLoopPlan.h) widens or keeps scalar before the
/// vectorizer starts.
constexpr const char *WorkItemLoopTag = "kernel-wrap.work-items";

/// Metadata kind on the per-lane arrays: private to one lane, never shared
/// memory.
constexpr const char *LaneArrayMDName = "vecclone.lane.array";

/// A per-lane array in \p F's entry block, tagged with LaneArrayMDName:
/// `[VL x EltTy]` for a fixed \p VL, aligned so that the whole array is one
/// aligned vector (SROA then makes it a register); `<vscale x N x EltTy>`
/// for a scalable one (an SVE variant's vscale x N lanes), read and written
/// whole or one element at a time.
llvm::AllocaInst *createLaneArray(llvm::Function &F, llvm::Type *EltTy,
                                  llvm::ElementCount VL,
                                  const llvm::Twine &Name);
/// The type of one lane's slot in lane array \p Array.
llvm::Type *laneArrayElementType(const llvm::AllocaInst *Array);
/// The address of lane \p Lane's slot in lane array \p Array.
llvm::Value *laneArraySlot(llvm::IRBuilderBase &B, llvm::AllocaInst *Array,
                           llvm::Value *Lane);

/// A new loop ID for a lane loop of width \p VL whose memory accesses are in
/// \p AccessGroups.
llvm::MDNode *makeLaneLoopID(llvm::LLVMContext &Ctx, unsigned VL,
                             llvm::ArrayRef<llvm::Metadata *> AccessGroups);
/// A new loop ID for a lane loop that must stay scalar, in lane order: the
/// vectorizer leaves it, the unroller may unroll it (as it would the scalar
/// function called VL times: a lane loop the cost model keeps scalar runs
/// its short rows a quarter faster unrolled).
llvm::MDNode *makeSerialLaneLoopID(llvm::LLVMContext &Ctx);
/// \p ID with `llvm.loop.vectorize.enable` turned off: a lane loop the
/// vectorizer declined (it keeps its tag).
llvm::MDNode *makeDeclinedLaneLoopID(llvm::MDNode *ID);
/// \p ID with PlanVectorizesTag added.
llvm::MDNode *withPlanVectorizesTag(llvm::MDNode *ID);
/// Puts \p ID on the latch of the lane loop headed by \p LaneHeader (the
/// block its lane counter comes back from).
void setLaneLoopID(llvm::BasicBlock *LaneHeader, llvm::MDNode *ID);
/// A work-item loop's \p ID without WorkItemLoopTag and with the width the
/// plan chose: \p VF lanes (vectorize.enable), 1 (scalar, the items one
/// after the other), or 0 (no verdict: SimdLoopPass for a loop with inner
/// loops (\p Nest), which keeps kernel-wrap's request; the vectorizer's
/// cost model for an innermost one, which loses it: its inner loops were
/// unrolled away, and a request the vectorizer cannot meet ends in clang's
/// location-less "loop not vectorized" warning).
llvm::MDNode *makeDecidedWorkItemLoopID(llvm::MDNode *ID, unsigned VF,
                                        bool Nest);

} // namespace vplanext

#endif // VPLANEXT_LANELOOPMETADATA_H
