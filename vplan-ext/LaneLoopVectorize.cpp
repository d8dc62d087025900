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

/// The loop vectorizer on \p F, after -fveclib's mappings.
static void runVectorizer(Function &F, FunctionAnalysisManager &AM,
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
/// vectorizer's remarks on the lane loops made of \p Blocks. Those loops ask
/// for vectorization because the plugin made them, so the vectorizer would
/// print why it declines one whatever the user asked (a location-less
/// "remark: loop not vectorized: ..."); the plugin's own remarks say what
/// became of them. Asked for (`-Rpass-analysis=loop-vectorize`), they are
/// printed. With \p Capture (-vplan-ext-verify-vectorizer: some loop's
/// plan said vectorize) the vectorizer is asked for its remarks on them
/// anyway, to say why it declined one.
class LaneLoopRemarkFilter final : public DiagnosticHandler {
public:
  LaneLoopRemarkFilter(std::unique_ptr<DiagnosticHandler> Prev,
                       SmallPtrSet<const Value *, 32> Blocks, bool Capture)
      : Prev(std::move(Prev)), Blocks(std::move(Blocks)), Capture(Capture) {}

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    auto *R = dyn_cast<DiagnosticInfoIROptimization>(&DI);
    if (!R)
      return Prev && Prev->handleDiagnostics(DI);
    bool InLaneLoop = Blocks.count(R->getCodeRegion());
    if (InLaneLoop && !isa<OptimizationRemark>(R)) {
      // The interleaving verdict says nothing about why a loop was declined.
      std::string Msg = R->getMsg();
      std::string &All = Why[R->getCodeRegion()];
      if (!StringRef(Msg).contains("interleav") &&
          !StringRef(All).contains(Msg))
        All += (All.empty() ? "" : "; ") + Msg;
    }
    // Only what the user's handler asked for goes on (remarks captured for
    // the check do not); the rest is handled here, by dropping it.
    if (!Prev || !prevWants(*R, InLaneLoop))
      return true;
    return Prev->handleDiagnostics(DI);
  }
  /// What the vectorizer said about the blocks of \p L, or "".
  std::string whyDeclined(const Loop &L) const {
    std::string Out;
    for (const BasicBlock *BB : L.blocks())
      if (std::string W = Why.lookup(BB); !W.empty())
        Out += (Out.empty() ? "" : "; ") + W;
    return Out;
  }
  bool isAnalysisRemarkEnabled(StringRef PassName) const override {
    return captures(PassName) ||
           (Prev && Prev->isAnalysisRemarkEnabled(PassName));
  }
  bool isMissedOptRemarkEnabled(StringRef PassName) const override {
    return captures(PassName) ||
           (Prev && Prev->isMissedOptRemarkEnabled(PassName));
  }
  bool isPassedOptRemarkEnabled(StringRef PassName) const override {
    return Prev && Prev->isPassedOptRemarkEnabled(PassName);
  }
  bool isAnyRemarkEnabled() const override {
    return Capture || (Prev && Prev->isAnyRemarkEnabled());
  }
  std::unique_ptr<DiagnosticHandler> release() { return std::move(Prev); }

private:
  bool captures(StringRef PassName) const {
    return Capture && PassName == "loop-vectorize";
  }
  /// Whether the user's handler enabled \p R's kind for its pass. The
  /// vectorizer's analysis remarks on a loop forced to vectorize always
  /// print: on lane loops, only with `-Rpass-analysis=loop-vectorize`.
  bool prevWants(const DiagnosticInfoIROptimization &R,
                 bool InLaneLoop) const {
    StringRef P = R.getPassName();
    if (isa<OptimizationRemarkMissed>(R))
      return Prev->isMissedOptRemarkEnabled(P);
    if (auto *A = dyn_cast<OptimizationRemarkAnalysis>(&R))
      return InLaneLoop ? Prev->isAnalysisRemarkEnabled("loop-vectorize")
                        : A->shouldAlwaysPrint() ||
                              Prev->isAnalysisRemarkEnabled(P);
    if (isa<OptimizationRemark>(R))
      return Prev->isPassedOptRemarkEnabled(P);
    return true;
  }

  std::unique_ptr<DiagnosticHandler> Prev;
  SmallPtrSet<const Value *, 32> Blocks;
  bool Capture;
  DenseMap<const Value *, std::string> Why;
};
} // namespace

/// Runs the vectorizer on \p F with the remarks on its pending lane loops
/// filtered (LaneLoopRemarkFilter; \p Capture: asked for anyway). Returns
/// the lane loops it declined, with what it said about each.
static SmallVector<std::pair<Loop *, std::string>, 4>
runFiltered(Function &F, FunctionAnalysisManager &AM, bool OnlyWhenForced,
            bool Capture) {
  SmallVector<Loop *, 4> Pending =
      pendingLaneLoops(AM.getResult<LoopAnalysis>(F));
  if (Pending.empty()) {
    runVectorizer(F, AM, OnlyWhenForced);
    return {};
  }
  // The vectorizer's analysis remarks name the loop's header or the block
  // of the instruction that stopped it.
  SmallPtrSet<const Value *, 32> Blocks;
  for (Loop *L : Pending)
    Blocks.insert(L->block_begin(), L->block_end());
  LLVMContext &Ctx = F.getContext();
  auto *Filter = new LaneLoopRemarkFilter(Ctx.getDiagnosticHandler(),
                                          std::move(Blocks), Capture);
  Ctx.setDiagnosticHandler(std::unique_ptr<DiagnosticHandler>(Filter),
                           /*RespectFilters=*/true);
  runVectorizer(F, AM, OnlyWhenForced);
  SmallVector<std::pair<Loop *, std::string>, 4> Declined;
  for (Loop *L : pendingLaneLoops(AM.getResult<LoopAnalysis>(F)))
    Declined.push_back({L, Filter->whyDeclined(*L)});
  std::unique_ptr<DiagnosticHandler> Prev = Filter->release();
  // Every handler sees only enabled diagnostics then: the ones that filter
  // for themselves (clang's, opt's) drop nothing more.
  Ctx.setDiagnosticHandler(std::move(Prev), /*RespectFilters=*/true);
  return Declined;
}

void runVectorizerEarly(Function &F, FunctionAnalysisManager &AM,
                        bool OnlyWhenForced) {
  runFiltered(F, AM, OnlyWhenForced, /*Capture=*/false);
}

PreservedAnalyses LaneLoopVectorizePass::run(Function &F,
                                             FunctionAnalysisManager &AM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  SmallVector<Loop *, 4> Pending =
      pendingLaneLoops(AM.getResult<LoopAnalysis>(F));
  if (Pending.empty())
    return PreservedAnalyses::all();
  bool Capture = any_of(Pending, [](const Loop *L) {
    return findStringMetadataForLoop(L, PlanVectorizesTag).has_value();
  });
  SmallVector<std::pair<Loop *, std::string>, 4> Declined =
      runFiltered(F, AM, /*OnlyWhenForced=*/true, Capture);
  LLVMContext &Ctx = F.getContext();
  OptimizationRemarkEmitter ORE(&F);
  for (auto &[L, Reason] : Declined) {
    ++NumDeclined;
    // -vplan-ext-verify-vectorizer: the plan priced this loop as vector
    // code.
    if (findStringMetadataForLoop(L, PlanVectorizesTag))
      Ctx.diagnose(DiagnosticInfoGeneric(
          Twine("vplan-ext: -vplan-ext-verify-vectorizer: lane loop '") +
          L->getHeader()->getName() + "' in " + F.getName() +
          ": the plan said vectorize, the vectorizer declined it" +
          (Reason.empty() ? Twine(" (-Rpass-analysis=loop-vectorize)")
                          : Twine(": ") + Reason)));
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
