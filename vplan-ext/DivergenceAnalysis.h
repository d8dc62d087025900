//===- DivergenceAnalysis.h - Uniform and varying values of lane loops -*- C++ -*-===//
//
/// \file
/// Which values of a SIMD-lane loop are the same in every lane (uniform) and
/// which differ (varying). A lane loop is
///   for (lane = 0; lane != VL; ++lane) body(lane)
/// tagged `vecclone.lane.loop` by vecclone, or a user `omp simd` loop
/// (`llvm.loop.vectorize.enable` + `llvm.loop.parallel_accesses`). Once
/// vectorized, one iteration of the lane loop is one vector lane, so:
///
/// - the lane index (the loop's induction), and every header phi the lanes
///   do not share, is varying;
/// - a value computed from a varying value is varying (data dependence);
/// - a phi joining the paths of a branch on a varying condition picks a
///   different incoming value per lane (sync dependence);
/// - an inner loop left by the lanes at different iterations ("divergent
///   loop") gives its values to the code after it at different times, so
///   those uses are varying (temporal divergence);
/// - a load from a uniform address is uniform unless the lane loop may write
///   that memory; a call is uniform when its arguments are and it touches no
///   memory.
///
/// The analysis never changes the IR. `print<vplan-divergence>` prints it.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_DIVERGENCEANALYSIS_H
#define VPLANEXT_DIVERGENCEANALYSIS_H

#include "vplan-ext/LaneLoopMetadata.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include <memory>

namespace llvm {
class Instruction;
class Loop;
class MDNode;
class PHINode;
class raw_ostream;
class Value;
} // namespace llvm

namespace vplanext {

/// Loop-metadata tag vecclone puts on its lane loops.
constexpr const char *LaneLoopMDName = LaneLoopTag;

/// True for a lane loop's LoopID: vecclone's tag, or a user `omp simd` loop
/// (vectorization forced on, accesses declared free of loop-carried
/// dependences).
bool isLaneLoopID(const llvm::MDNode *LoopID);

/// Uniform and varying values of one lane loop.
class LaneLoopDivergence {
public:
  LaneLoopDivergence(llvm::Loop &L, llvm::PHINode *LaneIndex, bool IsUserLoop)
      : L(&L), LaneIndex(LaneIndex), IsUserLoop(IsUserLoop) {}

  llvm::Loop &getLoop() const { return *L; }
  /// The lane counter (vecclone) or the induction variable (user loop); null
  /// when the loop has none in canonical form.
  llvm::PHINode *getLaneIndex() const { return LaneIndex; }
  bool isUserLoop() const { return IsUserLoop; }

  /// True when \p V may differ between lanes. Values defined outside the
  /// lane loop (arguments, constants, invariant code) are uniform.
  bool isVarying(const llvm::Value *V) const { return Varying.count(V); }
  bool isUniform(const llvm::Value *V) const { return !isVarying(V); }
  /// A conditional branch or switch of the body on a varying value.
  bool isDivergentBranch(const llvm::Instruction *Term) const {
    return DivergentBranches.count(Term);
  }
  /// An inner loop the lanes may leave at different iterations.
  bool isDivergentLoop(const llvm::Loop *Inner) const {
    return DivergentLoops.count(Inner);
  }

  void print(llvm::raw_ostream &OS) const;

private:
  friend class LaneDivergenceBuilder;
  llvm::Loop *L;
  llvm::PHINode *LaneIndex;
  bool IsUserLoop;
  llvm::SmallPtrSet<const llvm::Value *, 32> Varying;
  llvm::SmallPtrSet<const llvm::Instruction *, 8> DivergentBranches;
  llvm::SmallPtrSet<const llvm::Loop *, 4> DivergentLoops;
};

/// The analysis result: every lane loop of the function, in block order of
/// their headers.
class LaneDivergenceInfo {
public:
  llvm::ArrayRef<std::unique_ptr<LaneLoopDivergence>> loops() const {
    return Loops;
  }
  /// The lane loop headed by \p L, or null when \p L is not a lane loop.
  const LaneLoopDivergence *getLaneLoop(const llvm::Loop *L) const;
  /// The innermost lane loop holding \p I, or null.
  const LaneLoopDivergence *getLaneLoopFor(const llvm::Instruction *I) const;

  void print(llvm::raw_ostream &OS) const;

  /// The result points at loops: it goes with LoopInfo.
  bool invalidate(llvm::Function &F, const llvm::PreservedAnalyses &PA,
                  llvm::FunctionAnalysisManager::Invalidator &Inv);

private:
  friend class LaneDivergenceAnalysis;
  llvm::SmallVector<std::unique_ptr<LaneLoopDivergence>, 2> Loops;
};

class LaneDivergenceAnalysis
    : public llvm::AnalysisInfoMixin<LaneDivergenceAnalysis> {
  friend llvm::AnalysisInfoMixin<LaneDivergenceAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = LaneDivergenceInfo;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// `print<vplan-divergence>`.
class LaneDivergencePrinterPass
    : public llvm::PassInfoMixin<LaneDivergencePrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit LaneDivergencePrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace vplanext

#endif // VPLANEXT_DIVERGENCEANALYSIS_H
