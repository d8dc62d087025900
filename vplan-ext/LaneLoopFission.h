//===- LaneLoopFission.h - Cut a SIMD-lane loop at its inner loops -*- C++ -*-===//
//
/// \file
/// LLVM's loop vectorizer widens innermost loops only. A lane loop
///   for (lane = 0; lane != VL; ++lane) body(lane)
/// whose body holds a loop with a per-lane trip count (Mandelbrot's escape
/// loop, a search, Newton iterations) is an outer loop, and stays scalar.
///
/// Fission cuts the lane loop at its first inner loop I into three lane loops
/// around a uniform "while any lane is active" loop:
///
///   for lane: A(lane); act[lane] = lane entered I; state[lane] = I's entry
///   while (any act):
///     for lane: if (act[lane]) one iteration of I;   // act[lane] = stays in I
///   for lane: resume where the lane left I (or bypassed it); B(lane)
///
/// Every value that crosses a cut goes through a per-lane array
/// (`alloca [VL x T]`) written once, unconditionally, at the end of each lane
/// iteration (a phi at the new latch picks the value per path: select
/// masking, never a conditional store) and read at the start of the next
/// lane loop. After the loop vectorizer each array is read and written whole,
/// so SROA turns it into a vector register. Real memory side effects stay
/// where they were and are predicated by the vectorizer itself, so inactive
/// lanes never touch memory. The cut is repeated until every lane loop is
/// innermost (nested loops, several loops in sequence).
///
/// A call the vectorizer cannot widen (no vector variant: printf, a logger)
/// is cut out the same way, into a lane loop of its own that runs the call
/// lane by lane, in lane order (instantiation), between vectorized lane
/// loops. Such calls inside an inner loop prevent its cut: the lanes would
/// interleave their calls iteration by iteration.
///
/// BOSCC: an if/else region the plan chose (LanePlan.h: cost above
/// -vplan-boscc-threshold, within the budget) is cut out too; its lane loop
/// gets two more copies, with every lane active and the branch fixed to one
/// side, and a uniform dispatch picks the copy when all lanes agree, the
/// predicated loop otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANELOOPFISSION_H
#define VPLANEXT_LANELOOPFISSION_H

#include "vplan-ext/LaneLoopMetadata.h"
#include "vplan-ext/LaneLoweringOptions.h"
#include "vplan-ext/PlanDecisions.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include <string>

namespace llvm {
class BasicBlock;
class Function;
class TargetTransformInfo;
class Instruction;
} // namespace llvm

namespace vplanext {


struct FissionResult {
  /// Headers of the lane loops that replace the input loop, in program
  /// order; each is innermost, with one latch. Just the input header when
  /// the loop had no inner loop or fission failed.
  llvm::SmallVector<llvm::BasicBlock *, 4> LaneHeaders;
  /// Number of cuts made at inner loops (0: nothing changed).
  unsigned NumCuts = 0;
  /// Of those, the cuts at uniform inner loops (UniformLoopRule.h): the
  /// lanes run them together; the others became "while any lane is
  /// active" loops.
  unsigned NumUniformLoops = 0;
  /// Lane loops that run one call lane by lane, in lane order (calls with no
  /// vector variant: printf, a logger); they must not be vectorized.
  llvm::SmallVector<llvm::BasicBlock *, 2> SerialHeaders;
  unsigned NumSerialCalls = 0;
  /// Heavy divergent if/else regions given BOSCC copies (run unpredicated
  /// when every lane takes the same side).
  unsigned NumBOSCC = 0;
  /// Lockstep access: round counters, and inner loops given a lane-stepped
  /// copy.
  unsigned NumRoundCounters = 0;
  unsigned NumSteppedCopies = 0;
  /// Divergent loops given a steady copy (exit tests on round counters
  /// tested once per round).
  unsigned NumSteadyCopies = 0;
  /// Uniform loops with shadow lanes given a copy for rounds where every
  /// lane entered.
  unsigned NumEnteredCopies = 0;
  /// Loads read in transposed blocks.
  unsigned NumTransposedReads = 0;
  llvm::SetVector<llvm::StringRef> SerialCallees;
  /// Why a cut was refused (the first one): the lane loop it would have
  /// cut is left whole.
  std::string FailReason;
  const llvm::Instruction *FailAt = nullptr;
  /// Where that cut was to be made: `its inner loop`, `the call to 'f'`,
  /// `its if/else region`; empty when the lane loop is not cut at all or
  /// its shape stopped the cut before a site was found.
  std::string FailSite;
  /// Some cut failed other than by a refusal the plan made
  /// (InnerLoopDecision::Refused, PlanDecisions::NoCut): what the cut made
  /// then differs from the plan's shape, and is not compared.
  bool UnplannedFailure = false;
  /// Verify mode (`-vplan-ext-verify-plan`): the failure is a decision of
  /// the plan that the rules, applied to the IR being cut, contradict.
  bool PlanDisagrees = false;
};

/// Cuts the lane loop headed by \p LaneHeader (induction `phi i64 [0, ...]`,
/// single latch `next = lane + 1; br (next == VL)`) at every inner loop.
/// Each cut is checked before it changes anything, and the code is correct
/// after every cut: when a later cut fails, the loops made so far stay (the
/// one that could not be cut runs as a scalar lane loop) and FailReason says
/// why.
/// \p Plan, the plan's decisions (LanePlan.h's decideLaneLoop), says which
/// if/else regions get BOSCC copies; without one none do. \p TTI
/// (optional) gives the vector register width.
/// A scalable \p VL (vscale x N lanes, an SVE variant's, the latch's bound
/// `vscale * N`) cuts at inner loops only, with scalable lane arrays; of
/// the plan it takes the uniform loops and shadow lanes, and leaves out
/// what counts lanes at compile time: BOSCC copies, round counters,
/// lane-stepped and steady copies; a call that would run lane by lane is
/// refused.
FissionResult fissionLaneLoop(llvm::Function &F, llvm::BasicBlock *LaneHeader,
                              llvm::ElementCount VL,
                              const llvm::TargetTransformInfo *TTI = nullptr,
                              const PlanDecisions *Plan = nullptr);

/// The text of the missed remark for a lane loop the cut refused at
/// \p Site (FissionResult::FailSite), before the reason
/// (FissionResult::FailReason): `could not cut the lane loop at the call to
/// 'f': `, or without a site `could not cut the lane loop: `.
std::string cutRefusedText(llvm::StringRef Site);

/// `vplan-lane-cut`: cuts every lane loop of the function (an outermost
/// loop tagged `vecclone.lane.loop` with `llvm.loop.vectorize.width`) at
/// its inner loops, as vecclone does for its variants' lane loops, so that
/// hand-written lane loops can be tested. A cut lane loop gets the remark
/// `LaneLoopCut` (pass `vplan-ext`), a refused one the missed remark
/// `LaneLoopNotCut` at the instruction that stopped the cut.
class LaneLoopCutPass : public LaneLoweringPass<LaneLoopCutPass> {
public:
  using LaneLoweringPass::LaneLoweringPass;
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
};

} // namespace vplanext

#endif // VPLANEXT_LANELOOPFISSION_H
