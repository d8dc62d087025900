//===- LaneLoweringOptions.h - Options of lane-loop lowering -----*- C++ -*-===//
//
/// \file
/// Every option of vplan-ext's lane-loop lowering, in one struct: built
/// once from the command line (`-mllvm -vplan-...`) or from pass
/// parameters (`vecclone<boscc-threshold=8;no-lockstep-access>`), and
/// handed to the plan, which takes the decisions, and through the plan's
/// decisions to the cut.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANELOWERINGOPTIONS_H
#define VPLANEXT_LANELOWERINGOPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace vplanext {

struct LaneLoweringOptions {
  /// `boscc` (`-vplan-boscc`): heavy divergent if/else regions get
  /// unpredicated copies for when all lanes agree.
  bool BOSCC = true;
  /// `boscc-threshold` (`-vplan-boscc-threshold`): the region cost (TTI
  /// reciprocal throughput of its widened instructions) from which BOSCC
  /// pays.
  unsigned BOSCCThreshold = 48;
  /// `boscc-max-regions` (`-vplan-boscc-max-regions`): BOSCC regions per
  /// lane loop at most (each copies its region twice).
  unsigned BOSCCMaxRegions = 4;
  /// `lockstep-access` (`-vplan-lockstep-access`): divergent loops keep
  /// round counters and get lane-stepped copies (LockstepAccess.h).
  bool Lockstep = true;
  /// `lockstep-prefetch` (`-vplan-lockstep-prefetch`): lane chunks ahead a
  /// lane-stepped copy of a divergent loop prefetches (0: none).
  unsigned LockstepPrefetch = 4;
  /// `transposed-blocks` (`-vplan-transposed-blocks`): a uniform loop's
  /// per-lane row reads (`a[i * n + j]`) are read VF iterations at a time
  /// and transposed in registers where the plan prices that below a
  /// gather.
  bool TransposedBlocks = true;
  /// `min-speedup` (`-vplan-min-speedup`): a lane loop whose plan
  /// estimates less speedup over the scalar lane loop stays scalar (0:
  /// always vectorize).
  double MinSpeedup = 1.0;
  /// `verify-plan` (`-vplan-ext-verify-plan`): a cut that differs from its
  /// plan is a compile error.
  bool VerifyPlan = false;
  /// `verify-vectorizer` (`-vplan-ext-verify-vectorizer`): a lane loop
  /// whose plan said vectorize and which the loop vectorizer declines is a
  /// compile error (the plan's model of the vectorizer checked). On, with
  /// `verify-plan`, in the test suite and the fuzz runs.
  bool VerifyVectorizer = false;
  /// Testing only (`-vplan-ext-verify-plan-fault`): every plan's shape
  /// counts one inner loop more than it has, so that verify mode's error
  /// can be tested in each pass that cuts.
  bool VerifyPlanFault = false;
  /// `print-plan` (`-vplan-ext-print-plan`): print each lane loop's plan,
  /// the one the cut executes, to the standard error.
  bool PrintPlan = false;
  /// `int-div-via-fp` (`-vplan-int-div-via-fp`): 32-bit divisions by a
  /// variable in innermost lane loops run as exact double divisions
  /// (WideIntDivision.h); the plan prices them so.
  bool IntDivViaFP = true;
  /// `work-item-plan` (`-vplan-work-item-plan`): kernel-wrap's innermost
  /// work-item loops are widened or kept scalar as their plans say
  /// (WorkItemLoopPlan.h); off, the vectorizer's cost model decides.
  bool WorkItemPlan = true;
  /// `max-uniform-paths` (`-vplan-max-uniform-paths`): most operand paths a
  /// value of a lane loop may have through uniform arithmetic before a
  /// freeze cuts the chain (LaneInvariantHoist.h).
  unsigned MaxUniformPaths = 4096;
  /// `private-local-bytes` (`-vplan-private-local-bytes`): most bytes a
  /// lane's copies of an `omp simd` loop body's locals may take
  /// (SimdLoopPass; vecclone's variants have
  /// `-vecclone-private-local-bytes`). 0 turns the copies off.
  unsigned PrivateLocalBytes = 4096;

  /// The options as set on the command line.
  static LaneLoweringOptions fromCommandLine();

  /// Applies pass parameters, separated by `;`: `NAME=VALUE` for the
  /// numbers, `NAME` or `no-NAME` for the switches (names above). Options
  /// not named keep their value.
  llvm::Error parseParams(llvm::StringRef Params);
};

/// A function pass of the lowering: it reads its options from the command
/// line, or from its pass parameters (`vplan-lane-cut<no-lockstep-access>`).
template <typename PassT>
class LaneLoweringPass : public llvm::PassInfoMixin<PassT> {
public:
  explicit LaneLoweringPass(
      LaneLoweringOptions Opts = LaneLoweringOptions::fromCommandLine())
      : Opts(Opts) {}

protected:
  LaneLoweringOptions Opts;
};

} // namespace vplanext

#endif // VPLANEXT_LANELOWERINGOPTIONS_H
