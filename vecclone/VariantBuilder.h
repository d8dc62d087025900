//===- VariantBuilder.h - Define one vector variant -------------*- C++ -*-===//
//
/// \file
/// Creates the definition of one `_ZGV` variant: the ABI signature from
/// VariantABI, and a body that is the scalar function in a loop over the SIMD
/// lanes, annotated so that the stock LoopVectorizer widens it with width VL.
//
//===----------------------------------------------------------------------===//

#ifndef VECCLONE_VARIANTBUILDER_H
#define VECCLONE_VARIANTBUILDER_H

#include "vecclone/LaneCallPrep.h"
#include "vecclone/VariantABI.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "vplan-ext/LanePlan.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/StringRef.h"
#include <functional>
#include <string>

namespace llvm {
class Function;
class FunctionType;
class Loop;
class MDNode;
class TargetLibraryInfo;
class TargetTransformInfo;
} // namespace llvm

namespace vecclone {

struct BuildOptions {
  /// Inline the scalar body into the lane loop (unless it is noinline or
  /// optnone); otherwise each lane calls the scalar function.
  bool InlineBody = true;
  /// Cut lane loops with inner loops into innermost ones (vplan-ext).
  bool CutInnerLoops = true;
  /// The target's costs for a variant (the cut's BOSCC decision); none:
  /// the cut counts instructions instead.
  std::function<const llvm::TargetTransformInfo &(llvm::Function &)> GetTTI;
  /// The library functions a variant's target knows (math functions are
  /// total, so calls of them may run on inactive lanes); none: calls inside
  /// the body are left as they are.
  std::function<const llvm::TargetLibraryInfo &(llvm::Function &)> GetTLI;
  /// Plans a variant's uncut lane loop (given its header) and says whether
  /// to vectorize it (vplan-ext's cost model); none: every lane loop is
  /// offered to the vectorizer.
  std::function<std::optional<vplanext::LaneLoopVerdict>(llvm::Function &,
                                                         llvm::BasicBlock *)>
      DecideLaneLoop;
  /// The lane-lowering options of the rewrites after the cut (divisions
  /// through double, uniform chains).
  vplanext::LaneLoweringOptions Lowering;
  /// The most bytes a lane's copies of the body's locals may take
  /// (VecCloneOptions::PrivateLocalBytes).
  uint64_t PrivateLocalBytes = 4096;
};

/// What building a variant produced.
struct BuiltVariant {
  llvm::Function *Fn = nullptr;
  /// The out-of-line copy that calls the scalar per lane for linear bases
  /// that would wrap, when the variant has one.
  llvm::Function *Fallback = nullptr;
  /// True when the scalar body was inlined into the lane loop.
  bool Inlined = false;
  /// Locals of the inlined body given a copy per lane, and why others
  /// stay one copy the lanes share (empty if none does).
  unsigned NumPrivateLocals = 0;
  std::string SharedLocalsReason;
  /// Why the body was not inlined, when it was not.
  std::string NotInlinedReason;
  /// Inner loops the lane loop was cut at (vplan-ext), and why a cut that
  /// was needed could not be made.
  unsigned NumCuts = 0;
  /// Of the cuts, those at uniform inner loops (the lanes run them
  /// together).
  unsigned NumUniformLoops = 0;
  std::string CutFailure;
  std::string CutFailureSite;
  /// Calls cut out to run lane by lane (no vector variant), and callees.
  unsigned NumSerialCalls = 0;
  std::string SerialCallees;
  /// If/else regions given BOSCC copies.
  unsigned NumBOSCC = 0;
  /// Calls of the inlined body hoisted out of the lane loop, and calls of
  /// declare-simd functions left to run lane by lane (LaneCallPrep.h).
  LaneCallPrep Calls;
  /// Why the lane loops are left scalar up front (not offered to the loop
  /// vectorizer), when they are.
  std::string ScalarLaneLoopReason;
  /// The summary of the lane loop's plan, when one was made.
  std::string PlanSummary;
  /// Verify mode (`-vplan-ext-verify-plan`): how the cut differed from
  /// the plan, when it did.
  std::string PlanMismatch;
};


/// Name of the loop-metadata tag that marks a SIMD-lane loop.
constexpr const char *LaneLoopTag = vplanext::LaneLoopTag;
/// Name of the function attribute on a variant naming its scalar function.
constexpr const char *VariantOfAttr = vplanext::VariantOfAttr;
/// Function attribute of a variant built to run its lanes one by one (its
/// value says why): the unroller may remove its lane loop before
/// vecclone-report looks for it, and the report must not call it vectorized.
constexpr const char *SerialLanesAttr = "vecclone-serial-lanes";

/// True if \p LoopID carries the lane-loop tag.
bool isLaneLoopID(const llvm::MDNode *LoopID);
/// True if \p LoopID says the loop vectorizer already handled the loop.
bool isVectorizedLoopID(const llvm::MDNode *LoopID);

/// Returns why a variant with \p ABI cannot be built for \p Scalar (the
/// pointee type behind a variable linear step or a `uval` reference is not
/// recoverable from the IR), or an empty string when it can.
std::string whyCannotBuild(const llvm::Function &Scalar, const VariantABI &ABI);

/// The variant \p Name of \p Scalar with type \p FnTy, declared with the
/// scalar's linkage (weak for linkonce: gcc's clones are weak), visibility,
/// section and comdat; no attributes, no body.
llvm::Function *createVariantSymbol(llvm::Function &Scalar,
                                    llvm::StringRef Name,
                                    llvm::FunctionType *FnTy);

/// Defines \p Name in \p Scalar's module with the calling convention \p ABI.
/// \p Scalar must be a definition; it is not modified.
BuiltVariant buildVariant(llvm::Function &Scalar, llvm::StringRef Name,
                          const VariantABI &ABI, const BuildOptions &Opts);

/// Removes what buildVariant made for \p BV from the module (the variant
/// and its out-of-line copy), for another form of the same variant, and
/// their analyses from \p FAM (a later function at the same address must
/// not find them).
void discardVariant(const BuiltVariant &BV,
                    llvm::FunctionAnalysisManager &FAM);

/// Whether an SVE variant \p BV runs its inner loops in rounds over all its
/// lanes (vplan-ext's cut at the run-time lane count), every lane loop
/// offered to the vectorizer; else why not.
std::string whyNoScalableRounds(const BuiltVariant &BV);

} // namespace vecclone

#endif // VECCLONE_VARIANTBUILDER_H
