//===- LanePlanPrint.cpp - Printing lane plans ----------------------------===//
//
// The multi-line dump of `print<vplan-ext>`, the one-line summary of its
// `Plan` remark, the plan's shape for verify mode, and the printer pass.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LanePlan.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/LaneLoopFission.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

namespace vplanext {

static StringRef kindName(PlanNode::NodeKind K) {
  switch (K) {
  case PlanNode::Widen:
    return "widen";
  case PlanNode::WidenMemory:
    return "widen memory";
  case PlanNode::MaskedMemory:
    return "masked memory";
  case PlanNode::Interleave:
    return "interleave group";
  case PlanNode::Gather:
    return "gather";
  case PlanNode::Scatter:
    return "scatter";
  case PlanNode::Scalarize:
    return "per-lane memory";
  case PlanNode::Transposed:
    return "transposed block";
  case PlanNode::Uniform:
    return "uniform";
  case PlanNode::Blend:
    return "blend";
  case PlanNode::Instantiate:
    return "instantiate";
  case PlanNode::MaskedExit:
    return "masked exit";
  case PlanNode::DivergentIf:
    return "divergent if";
  case PlanNode::UniformIf:
    return "uniform if";
  case PlanNode::DivergentLoop:
    return "divergent loop";
  case PlanNode::UniformLoop:
    return "uniform loop";
  }
  llvm_unreachable("unknown plan node kind");
}

static void printCost(raw_ostream &OS, InstructionCost C) {
  if (C.isValid())
    OS << C.getValue();
  else
    OS << "invalid";
}

static void printCosts(raw_ostream &OS, const PlanCost &C) {
  OS << "cost scalar ";
  printCost(OS, C.Scalar);
  OS << " vector ";
  printCost(OS, C.Vector);
}

static void printName(raw_ostream &OS, const Value *V) {
  V->printAsOperand(OS, /*PrintType=*/false);
}

/// `load %x`, `store %v` (the stored value), `call @f`.
static void printAccess(raw_ostream &OS, const Instruction *I) {
  if (auto *St = dyn_cast<StoreInst>(I)) {
    OS << "store ";
    printName(OS, St->getValueOperand());
    return;
  }
  if (auto *CB = dyn_cast<CallBase>(I)) {
    OS << "call ";
    printName(OS, CB->getCalledOperand());
    return;
  }
  OS << I->getOpcodeName();
  if (!I->getType()->isVoidTy()) {
    OS << " ";
    printName(OS, I);
  }
}

static constexpr const char *LeftWholeText =
    "; not cut (in the lane loop a refused cut leaves whole)";

/// Where the lanes that leave a cut's region go on: through a resume
/// dispatch, or carrying the values the landing block's phis take on
/// their edges (nothing when they land in one block on one edge); or why
/// the cut is refused.
static void printLanding(raw_ostream &OS, const CutDecision *D) {
  if (!D)
    return;
  if (D->Refused) {
    OS << "; not cut: " << D->Refused.Why;
    return;
  }
  if (D->ResumeDispatch) {
    OS << "; lanes resume through a dispatch";
    return;
  }
  if (D->LandingPhis.empty())
    return;
  OS << "; lanes carry their values of ";
  ListSeparator LS;
  for (const PHINode &PN : (*D->LandingPhis.begin())->getParent()->phis())
    if (D->LandingPhis.count(&PN)) {
      OS << LS;
      printName(OS, &PN);
    }
}

/// A copy of a loop's lane loop 2 (LaneCopy), as the dump names it.
static const char *copyName(unsigned Copy) {
  switch (Copy) {
  case SteppedCopy:
    return "lane-stepped copy";
  case AllEnteredCopy:
    return "copy for rounds where every lane entered";
  case SteadyCopy:
    return "steady copy";
  default:
    return "steady lane-stepped copy";
  }
}

/// Where a cut's lanes land, as the dump prints it.
static std::string landingText(const CutDecision *D) {
  std::string Text;
  raw_string_ostream OS(Text);
  printLanding(OS, D);
  return Text;
}

/// The cut's landing in the copies of a loop's lane loop 2 where it
/// differs from its own (\p Own).
static void printCopyCuts(
    raw_ostream &OS, const CutDecision *Own,
    ArrayRef<std::pair<unsigned, const CutDecision *>> CopyCuts) {
  std::string OwnText = landingText(Own);
  for (auto [Copy, D] : CopyCuts) {
    std::string Text = landingText(D);
    if (Text != OwnText)
      OS << "; in the " << copyName(Copy) << ":"
         << (Text.empty() ? " lanes land in one block" : Text.substr(1));
  }
}

void PlanNode::print(raw_ostream &OS, unsigned Indent) const {
  OS.indent(Indent) << kindName(Kind);
  // A call run lane by lane or a BOSCC region: its cut's decision, or that
  // it runs in a lane loop a refused cut leaves whole; and its decisions in
  // the copies of a loop's lane loop 2 that differ.
  auto printFlatCut = [&] {
    if (LeftWhole && (SerialCall || BOSCC) && !(FlatCut && FlatCut->Refused))
      OS << LeftWholeText;
    else
      printLanding(OS, FlatCut);
    printCopyCuts(OS, FlatCut, CopyCuts);
  };
  // A recipe's line ends with its note, if any, and its costs.
  auto EndRecipe = [&] {
    if (!Note.empty())
      OS << " (" << Note << ")";
    OS << ", ";
    printCosts(OS, Cost);
    printFlatCut();
    OS << "\n";
  };
  switch (Kind) {
  case Widen:
  case Uniform:
  case Blend:
    OS << ": " << Insts.size()
       << (Insts.size() == 1 ? " instruction" : " instructions");
    EndRecipe();
    return;
  case MaskedExit:
    OS << ": " << Insts.size()
       << (Insts.size() == 1 ? " exit test" : " exit tests")
       << " clear the leaving lanes, loop while any lane is active, " << Note
       << ", ";
    printCosts(OS, Cost);
    OS << "\n";
    return;
  case WidenMemory:
  case MaskedMemory:
  case Interleave:
  case Gather:
  case Scatter:
  case Scalarize:
  case Transposed:
  case Instantiate: {
    OS << ": ";
    ListSeparator LS;
    for (const Instruction *I : Insts) {
      OS << LS;
      printAccess(OS, I);
    }
    EndRecipe();
    return;
  }
  case DivergentIf:
  case UniformIf:
    OS << (Else && Then ? "/else " : " ");
    printName(OS, Entry);
    OS << " (";
    if (Then) {
      OS << "then ";
      printName(OS, Then);
    }
    if (Else) {
      OS << (Then ? ", else " : "else ");
      printName(OS, Else);
    }
    OS << "): BOSCC " << (BOSCC ? "yes" : "no") << " (" << Note << "), ";
    printCosts(OS, Cost);
    if (BOSCC)
      OS << "; all lanes then: vector " << ThenCost.Vector
         << ", all lanes else: vector " << ElseCost.Vector;
    printFlatCut();
    OS << "\n";
    break;
  case DivergentLoop:
  case UniformLoop:
    OS << " ";
    printName(OS, Entry);
    OS << (Kind == DivergentLoop
               ? " (per-lane trip count): run while any lane is active"
               : LoopDecision.ShadowLanes ? " (the lanes run it together; lanes that skip "
                               "it shadow one that enters)"
                             : " (the lanes run it together)");
    OS << ", trip count ";
    if (TripCountKnown)
      OS << TripCount;
    else if (!Note.empty())
      OS << Note << " " << TripCount;
    else
      OS << "unknown (assumed " << TripCount << ")";
    OS << ", per iteration ";
    printCosts(OS, IterCost);
    if (ScalarInnerWidth > 1)
      OS << "; the scalar lane loop's vectorizer runs it " << ScalarInnerWidth
         << " iterations at a time (scalar " << ScalarInnerIterCost
         << " per iteration)";
    if (!Lockstep.empty())
      OS << "; lockstep: " << Lockstep;
    if (LoopDecision.EnteredCopy)
      OS << "; a copy for rounds where every lane entered computes its "
            "lane-affine inputs again";
    if (LeftWhole && !LoopDecision.Refused)
      OS << LeftWholeText;
    else
      printLanding(OS, &LoopDecision);
    OS << "\n";
    break;
  }
  for (const auto &C : Children)
    C->print(OS, Indent + 2);
}

void LanePlan::printSpeedup(raw_ostream &OS) const {
  if (double Speedup = getSpeedup()) {
    OS << " (estimated speedup " << format("%.1f", Speedup) << ")";
    return;
  }
  OS << " (no estimate";
  if (const Function *Callee =
          UnpricedCall ? UnpricedCall->getCalledFunction() : nullptr)
    OS << ": the call to " << Callee->getName() << " has no price";
  else if (UnpricedCall)
    OS << ": an indirect call has no price";
  OS << ")";
}

void LanePlan::print(raw_ostream &OS) const {
  OS << "vplan for lane loop ";
  printName(OS, L->getHeader());
  OS << " in " << L->getHeader()->getParent()->getName() << ", VF "
     << (Scalable ? "vscale x " : "") << VF;
  if (!VFFromMetadata)
    OS << " (no vectorize.width: one register of the widest data)";
  OS << ":\n";
  if (NoCut)
    OS << "  not cut: " << NoCut.Why << "\n";
  for (const auto &N : Nodes)
    N->print(OS, 2);
  OS << "  total: scalar ";
  printCost(OS, Cost.Scalar);
  OS << ", vector ";
  printCost(OS, Cost.Vector);
  printSpeedup(OS);
  OS << "\n";
}

PlanShape LanePlan::shape() const {
  PlanShape S;
  forEachNode([&](const PlanNode &N) {
    if (N.isLeftWhole())
      return;
    S.Loops += N.isLoop();
    S.UniformLoops += N.getKind() == PlanNode::UniformLoop;
    S.BOSCC += N.hasBOSCC();
    S.RoundCounters += N.getNumRoundCounters();
    S.SteppedCopies += N.hasSteppedCopy();
    S.SteadyCopies += N.getLoopDecision().SteadyRounds;
    S.EnteredCopies += N.getLoopDecision().EnteredCopy;
    S.TransposedReads += N.getLoopDecision().Blocks.Reads.size();
  });
  return S;
}

bool LaneLoopVerdict::expectsVectorizer(const FissionResult &FR) const {
  return expectsVectorizer() && FR.FailReason.empty();
}

std::string comparePlanWithCut(const PlanShape &Plan, const FissionResult &FR) {
  if (FR.PlanDisagrees)
    return FR.FailReason;
  PlanShape Cut;
  Cut.Loops = FR.NumCuts;
  Cut.UniformLoops = FR.NumUniformLoops;
  Cut.BOSCC = FR.NumBOSCC;
  Cut.RoundCounters = FR.NumRoundCounters;
  Cut.SteppedCopies = FR.NumSteppedCopies;
  Cut.SteadyCopies = FR.NumSteadyCopies;
  Cut.EnteredCopies = FR.NumEnteredCopies;
  Cut.TransposedReads = FR.NumTransposedReads;
  if (FR.UnplannedFailure || Plan == Cut)
    return "";
  std::string S;
  raw_string_ostream OS(S);
  OS << "the plan said " << Plan.Loops << " inner loop(s), "
     << Plan.UniformLoops << " uniform, " << Plan.BOSCC << " BOSCC region(s), "
     << Plan.RoundCounters << " round counter(s), " << Plan.SteppedCopies
     << " lane-stepped copy(ies), " << Plan.SteadyCopies
     << " steady copy(ies), " << Plan.EnteredCopies << " entered copy(ies), "
     << Plan.TransposedReads << " read(s) in transposed blocks; the cut made "
     << Cut.Loops << ", " << Cut.UniformLoops << " uniform, " << Cut.BOSCC
     << ", " << Cut.RoundCounters << ", " << Cut.SteppedCopies << ", "
     << Cut.SteadyCopies << ", " << Cut.EnteredCopies << ", "
     << Cut.TransposedReads;
  return S;
}

std::string LanePlan::summary() const {
  // Instructions per recipe kind, regions by kind, BOSCC decisions, calls.
  unsigned Count[PlanNode::UniformLoop + 1] = {};
  SmallVector<std::string, 2> BOSCCs, Calls, Lockstep;
  forEachNode([&](const PlanNode &N) {
    if (N.isRegion())
      ++Count[N.getKind()];
    else
      Count[N.getKind()] += N.insts().size();
    if (N.getKind() == PlanNode::DivergentIf ||
        N.getKind() == PlanNode::UniformIf) {
      std::string S;
      raw_string_ostream SS(S);
      SS << (N.hasBOSCC() ? "yes for " : "no for ");
      printName(SS, N.getEntry());
      SS << " (" << N.getNote() << ")";
      BOSCCs.push_back(S);
    }
    if (!N.getLockstep().empty()) {
      std::string S;
      raw_string_ostream SS(S);
      printName(SS, N.getEntry());
      SS << " (" << N.getLockstep() << ")";
      Lockstep.push_back(S);
    }
    if (N.getKind() == PlanNode::Instantiate)
      for (const Instruction *I : N.insts()) {
        std::string S;
        raw_string_ostream SS(S);
        printAccess(SS, I);
        Calls.push_back(S);
      }
  });

  std::string S;
  raw_string_ostream OS(S);
  OS << "plan for lane loop '" << L->getHeader()->getName() << "' (VF "
     << (Scalable ? "vscale x " : "") << VF << "): ";
  ListSeparator LS;
  for (unsigned K = PlanNode::Widen; K <= PlanNode::UniformLoop; ++K)
    if (Count[K] && K != PlanNode::MaskedExit)
      OS << LS << kindName(PlanNode::NodeKind(K)) << " " << Count[K];
  OS << "; BOSCC ";
  if (BOSCCs.empty())
    OS << "no (no if/else region)";
  else
    OS << join(BOSCCs, ", ");
  if (!Calls.empty())
    OS << "; lane by lane: " << join(Calls, ", ");
  if (!Lockstep.empty())
    OS << "; lockstep: " << join(Lockstep, ", ");
  OS << "; cost scalar ";
  printCost(OS, Cost.Scalar);
  OS << " vector ";
  printCost(OS, Cost.Vector);
  printSpeedup(OS);
  return S;
}

void LanePlanInfo::print(raw_ostream &OS) const {
  for (const auto &P : Plans)
    P->print(OS);
}

PreservedAnalyses LanePlanPrinterPass::run(Function &F,
                                           FunctionAnalysisManager &AM) {
  auto &Info = AM.getResult<LanePlanAnalysis>(F);
  if (Info.plans().empty())
    return PreservedAnalyses::all();
  Info.print(OS);
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  for (const auto &P : Info.plans())
    ORE.emit([&] {
      const Loop &L = P->getLoop();
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "Plan", L.getStartLoc(),
                                        L.getHeader())
             << P->summary();
    });
  return PreservedAnalyses::all();
}

} // namespace vplanext
