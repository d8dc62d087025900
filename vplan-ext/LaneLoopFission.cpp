//===- LaneLoopFission.cpp - Cut a SIMD-lane loop at its inner loops ------===//
//
/// \file
/// See LaneLoopFission.h for the shape of the result. fissionLaneLoop cuts
/// one lane loop after another; each cut (Cutter::run) finds where to cut,
/// analyses the parts around that region, then transforms them. The steps
/// share the Cutter's state through LaneLoopCutter.h, which lists their
/// files.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopFission.h"
#include "vplan-ext/LaneLoopCutter.h"
#include "vplan-ext/LanePlan.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include <deque>

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumCuts, "Number of lane loops cut at an inner loop");
STATISTIC(NumCutFailures, "Number of lane loops that could not be cut");

namespace vplanext {

/// How remarks name the callee of a call run lane by lane.
static StringRef calleeName(const CallBase &Call) {
  if (auto *II = dyn_cast<IntrinsicInst>(&Call))
    return Intrinsic::getBaseName(II->getIntrinsicID());
  if (const Function *Callee = Call.getCalledFunction())
    return Callee->getName();
  return Call.isInlineAsm() ? "inline asm" : "indirect call";
}

std::string cutRefusedText(StringRef Site) {
  if (Site.empty())
    return "could not cut the lane loop: ";
  return ("could not cut the lane loop at " + Site + ": ").str();
}

namespace fission {

Cutter::Outcome Cutter::run(BasicBlock *Header, Failure &Fail) {
  bool MayNeedCut = mayNeedCut(Header);
  if (SerialDisagrees)
    return disagreeOnCall(Fail);
  if (!MayNeedCut)
    return NoInnerLoop;
  if (!CutsLeft) {
    Fail.Why = TooManyCutsReason;
    Fail.PlanDisagrees = Plan && Plan->Verify;
    return Failed;
  }
  std::optional<LaneLoop> Shape = normaliseLaneLoop(Header, VL, Fail);
  if (!Shape) {
    // Every lane loop is ours (the variant's, a strip-mined user loop's, a
    // kernel's, or an earlier cut's): one out of shape is a lowering bug
    // the plan, which counts on its inner loops being cut, cannot predict.
    if (Plan && Plan->Verify) {
      Fail.Why = "verify: a lane loop the plan cuts is not in normal form: " +
                 Fail.Why;
      Fail.PlanDisagrees = true;
    }
    return Failed;
  }
  L = *Shape;
  DominatorTree DT(F);
  LoopInfo LI(DT);
  Loop *LL = checkLaneLoop(LI, Fail);
  if (!LL)
    return Failed;
  CutSite S = findCutSite(*LL, DT);
  if (SerialDisagrees)
    return disagreeOnCall(Fail);
  if (S.empty())
    return NoInnerLoop;
  SiteText = S.Call     ? ("the call to '" + calleeName(*S.Call) + "'").str()
             : S.Branch ? "its if/else region"
                        : "its inner loop";
  if (!isolateCutSite(S, DT, LI, Fail) || !analyse(*LL, S, DT, Fail))
    return Failed;
  transform();
  ++NumCuts;
  LLVM_DEBUG(dbgs() << "vplan-ext: cut lane loop of " << F.getName()
                    << (D.SerialCall ? " at call " : " at inner loop ")
                    << IH->getName()
                    << "\n");
  assert(!verifyFunction(F, &errs()) && "lane loop fission broke the IR");
  return Cut;
}

} // namespace fission

namespace {
/// findSerialCallClobber for the lane loop headed by \p LaneHeader, asked
/// of the uncut loop, where every lane still computes a shared address
/// itself (`__errno_location()` is a call the cut would move into a lane
/// loop of its own).
const Instruction *serialCallClobber(Function &F, BasicBlock *LaneHeader) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  const Loop *LL = LI.getLoopFor(LaneHeader);
  return LL ? findSerialCallClobber(*LL) : nullptr;
}
} // namespace

FissionResult fissionLaneLoop(Function &F, BasicBlock *LaneHeader,
                              ElementCount VL, const TargetTransformInfo *TTI,
                              const PlanDecisions *Plan) {
  FissionResult R;
  // The plan decided not to cut; without a plan, the serial-call rule is
  // asked of the uncut loop here (the cut checks the others itself).
  CutRefusal NoCut = Plan ? Plan->NoCut : CutRefusal();
  if (!Plan)
    if (const Instruction *Shared = serialCallClobber(F, LaneHeader))
      NoCut = {Shared, SerialCallClobberReason};
  if (NoCut) {
    R.LaneHeaders.push_back(LaneHeader);
    R.FailReason = NoCut.Why;
    R.FailAt = NoCut.At;
    R.UnplannedFailure = !Plan;
    return R;
  }
  // Each cut leaves up to three lane loops; the ones that still hold loops
  // are cut again. The bound only guards against a runaway.
  std::deque<BasicBlock *> Work = {LaneHeader};
  // Copies of a BOSCC region are not cut again.
  SmallPtrSet<BasicBlock *, 8> NoBOSCC;
  // Every instruction stands for itself before the first cut.
  fission::CutOrigins Origins;
  for (Instruction &I : instructions(F))
    Origins[&I] = {&I};
  while (!Work.empty()) {
    BasicBlock *H = Work.front();
    Work.pop_front();
    fission::Failure Fail;
    fission::Cutter C(F, VL, TTI);
    // The plan chose the BOSCC regions (LanePlan's buildIf: threshold,
    // budget, target); without a plan there are none.
    C.Plan = Plan;
    C.Origins = &Origins;
    C.AllowBOSCC = Plan && !Plan->BOSCCBranches.empty() && !NoBOSCC.count(H);
    C.CutsLeft =
        R.NumCuts + R.NumSerialCalls + R.NumBOSCC < MaxCutsPerLaneLoop;
    fission::Cutter::Outcome O = C.run(H, Fail);
    switch (O) {
    case fission::Cutter::NoInnerLoop:
      R.LaneHeaders.push_back(H);
      break;
    case fission::Cutter::Cut:
      if (CallBase *Call = C.decisions().SerialCall) {
        // Lane loop 2 is the call alone: it runs lane by lane, never cut
        // or widened again.
        ++R.NumSerialCalls;
        R.SerialCallees.insert(calleeName(*Call));
        R.SerialHeaders.push_back(C.NewHeaders[1]);
        Work.insert(Work.begin(), {C.NewHeaders[0], C.NewHeaders[2]});
        break;
      }
      if (C.decisions().BOSCCBranch) {
        // H1, the predicated loop, the two uniform copies, H3.
        ++R.NumBOSCC;
        for (unsigned K = 1; K + 1 < C.NewHeaders.size(); ++K) {
          NoBOSCC.insert(C.NewHeaders[K]);
          R.LaneHeaders.push_back(C.NewHeaders[K]);
        }
        Work.insert(Work.begin(), {C.NewHeaders.front(), C.NewHeaders.back()});
        break;
      }
      ++R.NumCuts;
      R.NumUniformLoops += C.decisions().UniformLoop;
      R.NumRoundCounters += C.decisions().Lockstep.Counters.size();
      R.NumSteppedCopies += !C.decisions().Lockstep.LaneStepped.empty();
      R.NumSteadyCopies += C.madeSteadyCopy();
      R.NumEnteredCopies += C.madeEnteredCopy();
      R.NumTransposedReads += C.numTransposedReads();
      Work.insert(Work.begin(), C.NewHeaders.begin(), C.NewHeaders.end());
      break;
    case fission::Cutter::Failed:
      ++NumCutFailures;
      R.LaneHeaders.push_back(H);
      R.UnplannedFailure |= !Fail.Planned;
      if (R.FailReason.empty()) {
        R.FailReason = Fail.Why;
        R.FailAt = Fail.At;
        R.FailSite = C.siteText();
        R.PlanDisagrees = Fail.PlanDisagrees;
      }
      break;
    }
  }
  return R;
}

PreservedAnalyses LaneLoopCutPass::run(Function &F,
                                       FunctionAnalysisManager &AM) {
  // Headers first: each cut changes the loop nest.
  SmallVector<std::pair<BasicBlock *, ElementCount>, 2> LaneLoops;
  for (Loop *L : AM.getResult<LoopAnalysis>(F))
    if (findStringMetadataForLoop(L, LaneLoopTag))
      if (std::optional<int> VL =
              getOptionalIntLoopAttribute(L, "llvm.loop.vectorize.width");
          VL && *VL > 1)
        LaneLoops.push_back(
            {L->getHeader(),
             ElementCount::get(*VL,
                               getBooleanLoopAttribute(
                                   L, "llvm.loop.vectorize.scalable.enable"))});
  if (LaneLoops.empty())
    return PreservedAnalyses::all();
  bool Changed = false;
  for (auto [Header, VL] : LaneLoops) {
    // Planning drops the function's analyses (the cut changes it).
    std::optional<LaneLoopVerdict> Plan = decideLaneLoop(F, Header, AM, Opts);
    auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    if (Plan && !Plan->Vectorize) {
      setLaneLoopID(Header, makeSerialLaneLoopID(F.getContext()));
      Changed = true;
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "LaneLoopScalar",
                                        Header->getTerminator())
               << "lane loop left scalar: " << Plan->whyScalar();
      });
      continue;
    }
    const TargetTransformInfo &TTI = AM.getResult<TargetIRAnalysis>(F);
    FissionResult R = fissionLaneLoop(F, Header, VL, &TTI,
                                      Plan ? &Plan->Decisions : nullptr);
    bool Cut = R.NumCuts || R.NumSerialCalls || R.NumBOSCC;
    Changed |= Cut;
    // Verify mode: what the cut made is what the plan said (a refusal where
    // the plan and the rules differ is the LaneLoopNotCut remark's).
    if (Plan && Plan->Decisions.Verify && !R.PlanDisagrees)
      if (std::string Mismatch = comparePlanWithCut(Plan->Shape, R);
          !Mismatch.empty())
        F.getContext().diagnose(DiagnosticInfoGeneric(
            Twine("vplan-ext: -vplan-ext-verify-plan: lane loop in ") +
            F.getName() + ": " + Mismatch));
    if (!R.FailReason.empty()) {
      // The cut may have replaced the header; its lane loops are R's.
      const Instruction *At =
          R.FailAt ? R.FailAt : R.LaneHeaders.back()->getTerminator();
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "LaneLoopNotCut", At)
               << cutRefusedText(R.FailSite) << R.FailReason;
      });
      continue;
    }
    if (Cut)
      ORE.emit([&] {
        return OptimizationRemark(DEBUG_TYPE, "LaneLoopCut",
                                  R.LaneHeaders.front()->getTerminator())
               << "cut the lane loop into "
               << ore::NV("LaneLoops", unsigned(R.LaneHeaders.size()))
               << " lane loops: " << ore::NV("Cuts", R.NumCuts)
               << " at inner loops ("
               << ore::NV("UniformLoops", R.NumUniformLoops)
               << " uniform), "
               << ore::NV("SerialCalls", R.NumSerialCalls)
               << " around lane-by-lane calls, "
               << ore::NV("BOSCC", R.NumBOSCC) << " BOSCC regions";
      });
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace vplanext
