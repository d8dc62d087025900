//===- LaneLoopVectorize.cpp - Widen lane loops, silence declined ones ----===//

#include "vplan-ext/LaneLoopVectorize.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "vplan-ext/WorkItemAccessGroups.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Transforms/Utils/InjectTLIMappings.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Vectorize/LoopVectorize.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumDeclined, "Lane loops the vectorizer declined (request dropped)");

namespace vplanext {

void runVectorizerEarly(Function &F, FunctionAnalysisManager &AM,
                        bool OnlyWhenForced) {
  AM.invalidate(F, InjectTLIMappings().run(F, AM));
  LoopVectorizeOptions Opts;
  Opts.setVectorizeOnlyWhenForced(OnlyWhenForced);
  Opts.setInterleaveOnlyWhenForced(OnlyWhenForced);
  AM.invalidate(F, LoopVectorizePass(Opts).run(F, AM));
}

/// An innermost work-item loop. One that still asks to be vectorized here
/// asks for the width the user gave kernel-wrap (`kw-run --vf`).
static bool isForcedWorkItemLoop(const Loop &L) {
  return L.isInnermost() &&
         findStringMetadataForLoop(&L, WorkItemParallelTag).has_value();
}

/// Lane loops, and forced work-item loops, that still ask to be vectorized.
static SmallVector<Loop *, 4> pendingLaneLoops(LoopInfo &LI) {
  SmallVector<Loop *, 4> Out;
  for (Loop *L : LI.getLoopsInPreorder())
    if ((findStringMetadataForLoop(L, LaneLoopTag) ||
         isForcedWorkItemLoop(*L)) &&
        hasVectorizeTransformation(L) == TM_ForcedByUser)
      Out.push_back(L);
  return Out;
}

namespace {
/// Passes every diagnostic on to the context's own handler but the
/// vectorizer's analysis remarks on the lane loops made of \p Blocks. Those
/// loops ask for vectorization because the plugin made them, so the
/// vectorizer would print why it declines one whatever the user asked
/// (a location-less "remark: loop not vectorized: ..."); the plugin's own
/// remarks say what became of them. Asked for (`-Rpass-analysis=
/// loop-vectorize`), they are printed.
class LaneLoopRemarkFilter final : public DiagnosticHandler {
public:
  LaneLoopRemarkFilter(std::unique_ptr<DiagnosticHandler> Prev,
                       SmallPtrSet<const Value *, 32> Blocks)
      : Prev(std::move(Prev)), Blocks(std::move(Blocks)) {}

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (auto *R = dyn_cast<OptimizationRemarkAnalysis>(&DI);
        R && Blocks.count(R->getCodeRegion()) &&
        !isAnalysisRemarkEnabled("loop-vectorize"))
      return true;
    return Prev && Prev->handleDiagnostics(DI);
  }
  bool isAnalysisRemarkEnabled(StringRef PassName) const override {
    return Prev && Prev->isAnalysisRemarkEnabled(PassName);
  }
  bool isMissedOptRemarkEnabled(StringRef PassName) const override {
    return Prev && Prev->isMissedOptRemarkEnabled(PassName);
  }
  bool isPassedOptRemarkEnabled(StringRef PassName) const override {
    return Prev && Prev->isPassedOptRemarkEnabled(PassName);
  }
  bool isAnyRemarkEnabled() const override {
    return Prev && Prev->isAnyRemarkEnabled();
  }
  std::unique_ptr<DiagnosticHandler> release() { return std::move(Prev); }

private:
  std::unique_ptr<DiagnosticHandler> Prev;
  SmallPtrSet<const Value *, 32> Blocks;
};
} // namespace

PreservedAnalyses LaneLoopVectorizePass::run(Function &F,
                                             FunctionAnalysisManager &AM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  SmallVector<Loop *, 4> Pending =
      pendingLaneLoops(AM.getResult<LoopAnalysis>(F));
  if (Pending.empty())
    return PreservedAnalyses::all();
  // The vectorizer's analysis remarks name the loop's header or the block
  // of the instruction that stopped it.
  SmallPtrSet<const Value *, 32> Blocks;
  for (Loop *L : Pending)
    Blocks.insert(L->block_begin(), L->block_end());
  LLVMContext &Ctx = F.getContext();
  auto *Filter = new LaneLoopRemarkFilter(Ctx.getDiagnosticHandler(),
                                          std::move(Blocks));
  Ctx.setDiagnosticHandler(std::unique_ptr<DiagnosticHandler>(Filter),
                           /*RespectFilters=*/true);
  runVectorizerEarly(F, AM, /*OnlyWhenForced=*/true);
  std::unique_ptr<DiagnosticHandler> Prev = Filter->release();
  // Every handler sees only enabled diagnostics then: the ones that filter
  // for themselves (clang's, opt's) drop nothing more.
  Ctx.setDiagnosticHandler(std::move(Prev), /*RespectFilters=*/true);
  OptimizationRemarkEmitter ORE(&F);
  for (Loop *L : pendingLaneLoops(AM.getResult<LoopAnalysis>(F))) {
    ++NumDeclined;
    L->setLoopID(makeDeclinedLaneLoopID(L->getLoopID()));
    // Variants' lane loops get vecclone-report's remark, at the function.
    if (isForcedWorkItemLoop(*L))
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "WorkItemLoopDeclined",
                                        L->getStartLoc(), L->getHeader())
               << "work-item loop not vectorized at the width asked for: "
                  "the vectorizer declined it "
                  "(-Rpass-analysis=loop-vectorize says why)";
      });
  }
  return PreservedAnalyses::none();
}

} // namespace vplanext
