//===- VecCloneReport.cpp - Did each variant get widened? -----------------===//
//
/// \file
/// Runs right after the loop vectorizer. A variant whose lane loop still
/// exists without `llvm.loop.isvectorized` was not widened: report it as a
/// missed optimization with the first blocker found in the loop. A variant
/// built to run its lanes one by one (SerialLanesAttr) got its remark when it
/// was built: it counts as not widened, whether or not the unroller removed
/// its lane loop. Otherwise report success. Never changes IR.
//
//===----------------------------------------------------------------------===//

#include "vecclone/LaneLoopCheck.h"
#include "vecclone/VariantBuilder.h"
#include "vecclone/VecClonePass.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include <optional>

using namespace llvm;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumWidened, "Number of variants whose lane loop was vectorized");
STATISTIC(NumNotWidened, "Number of variants left as scalar lane loops");

namespace vecclone {

PreservedAnalyses VecCloneReportPass::run(Function &F,
                                          FunctionAnalysisManager &AM) {
  Attribute Of = F.getFnAttribute(VariantOfAttr);
  if (!Of.isValid())
    return PreservedAnalyses::all();
  if (F.hasFnAttribute(SerialLanesAttr)) {
    ++NumNotWidened;
    return PreservedAnalyses::all();
  }
  auto &LI = AM.getResult<LoopAnalysis>(F);
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  const Loop *Lane = nullptr;
  // Lane loops cut by vplan-ext sit inside uniform loops: look at all.
  for (const Loop *L : LI.getLoopsInPreorder())
    if (isLaneLoopID(L->getLoopID()) && !isVectorizedLoopID(L->getLoopID()))
      Lane = L;
  if (!Lane) {
    ++NumWidened;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "Widened", &F)
             << "variant " << F.getName() << " of '" << Of.getValueAsString()
             << "' is vectorized";
    });
    return PreservedAnalyses::all();
  }
  ++NumNotWidened;
  SmallVector<WideningBlocker, 4> Blockers = findLaneLoopBlockers(*Lane);
  // At the blocker when it has a source line; else at the scalar function,
  // whose declaration the front end knows (a variant's name it does not).
  bool AtBlocker = !Blockers.empty() && Blockers[0].hasSourceLine();
  Function *Scalar = F.getParent()->getFunction(Of.getValueAsString());
  std::optional<OptimizationRemarkEmitter> ScalarORE;
  if (!AtBlocker && Scalar && !Scalar->isDeclaration())
    ScalarORE.emplace(Scalar);
  (ScalarORE ? *ScalarORE : ORE).emit([&] {
    OptimizationRemarkMissed R =
        AtBlocker ? OptimizationRemarkMissed(DEBUG_TYPE, "NotWidened",
                                             Blockers[0].At)
        : ScalarORE
            ? OptimizationRemarkMissed(DEBUG_TYPE, "NotWidened", Scalar)
            : OptimizationRemarkMissed(DEBUG_TYPE, "NotWidened", &F);
    R << "variant " << F.getName() << " of '" << Of.getValueAsString()
      << "' stays a scalar lane loop: ";
    if (Blockers.empty())
      R << "the loop vectorizer declined it (see -Rpass-analysis=loop-vectorize)";
    else
      R << "the body " << Blockers[0].Reason;
    return R;
  });
  return PreservedAnalyses::all();
}

} // namespace vecclone
