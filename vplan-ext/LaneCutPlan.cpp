//===- LaneCutPlan.cpp - The plan's decisions a cut takes -----------------===//
//
/// \file
/// One cut (LaneLoopCutter.h) takes its decisions from the lane loop's plan
/// (PlanDecisions.h) instead of taking them again: how the inner loop is
/// lowered (uniform, shadow lanes, lockstep access, the copies), whether
/// the cut is refused, which calls run lane by lane, and which values of A
/// are read once per round or computed again. The plan names instructions
/// of the uncut lane loop; the cut finds them on its IR through what each
/// value an earlier cut made stands for (CutOrigins), and the copy of a
/// loop's lane loop 2 each is in. Without a plan, and at a cut the plan
/// does not model, the rules (LoweringRules.h and the analyses) decide. In
/// verify mode the cut also
/// applies the rules to its IR and refuses, with PlanDisagrees, wherever
/// they differ from the plan.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopCutter.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/UniformLoopRule.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumUnplannedLoops,
          "Number of inner loops cut without a decision of the plan");
STATISTIC(NumUnplannedFlatCuts, "Number of cuts at calls and BOSCC regions "
                                "made without a decision of the plan");

namespace vplanext {
namespace fission {

namespace {
/// Verify mode's failure: the plan's decision that \p Why names differs
/// from the rules on the IR being cut, at \p At. Returns false.
bool planDisagrees(Failure &Fail, std::string Why, const Instruction *At) {
  Fail = {std::move(Why), At};
  Fail.PlanDisagrees = true;
  return false;
}
} // namespace

const Value *Cutter::originOf(const Value *V) const {
  if (!Origins)
    return V;
  auto It = Origins->find(V);
  return It == Origins->end() ? nullptr : It->second.Origin;
}

unsigned Cutter::copyOf(const Value *V) const {
  if (!Origins)
    return NotACopy;
  auto It = Origins->find(V);
  return It == Origins->end() ? NotACopy : It->second.Copy;
}

void Cutter::noteOrigin(const Value *New, const Value *Old, unsigned Copy) {
  if (Origins)
    (*Origins)[New] = {const_cast<Value *>(originOf(Old)), copyOf(Old) | Copy};
}

void Cutter::noteOrigins() {
  if (!Origins)
    return;
  for (auto *In : {&N.InI, &N.InB})
    for (auto [Old, New] : *In)
      if (New != Old && !isa<Constant>(New) && !Origins->count(New))
        noteOrigin(New, Old);
}

bool Cutter::findPlannedCut(const CutSite &S, Failure &Fail) {
  Planned = PlannedLoop = nullptr;
  if (!Plan)
    return true;
  const Instruction *Site = S.Call ? static_cast<Instruction *>(S.Call)
                                   : S.Branch;
  if (S.Inner) {
    if (auto It = Plan->InnerLoops.find(S.Inner->getHeader());
        It != Plan->InnerLoops.end())
      Planned = PlannedLoop = &It->second;
    Site = S.Inner->getHeader()->getTerminator();
  } else if (auto It = Plan->FlatCuts.find(
                 {dyn_cast_or_null<Instruction>(originOf(Site)),
                  copyOf(Site)});
             It != Plan->FlatCuts.end()) {
    Planned = &It->second;
  } else {
    ++NumUnplannedFlatCuts;
  }
  if (Planned || !Plan->Verify)
    return true;
  return planDisagrees(Fail, "verify: the plan has no decision for this cut",
                       Site);
}

std::optional<unsigned> Cutter::plannedOrder(const Instruction *Site) const {
  if (!Plan)
    return std::nullopt;
  auto It = Plan->FlatCuts.find(
      {dyn_cast_or_null<Instruction>(originOf(Site)), copyOf(Site)});
  if (It == Plan->FlatCuts.end())
    return std::nullopt;
  return It->second.CutOrder;
}

std::optional<unsigned> Cutter::plannedOrder(const Loop *Inner) const {
  if (!Plan)
    return std::nullopt;
  auto It = Plan->InnerLoops.find(Inner->getHeader());
  if (It == Plan->InnerLoops.end())
    return std::nullopt;
  return It->second.CutOrder;
}

/// A loop the plan did not see is divergent, without lockstep access.
/// Verify mode applies the uniform-loop rule (UniformLoopRule.h) to this
/// cut's parts too.
bool Cutter::takeLoopDecision(Loop &Inner, const DominatorTree &DT,
                              Failure &Fail) {
  if (const InnerLoopDecision *L = PlannedLoop) {
    D.UniformLoop = L->Uniform;
    D.ShadowLanes = L->ShadowLanes;
    D.UniformPhis = L->UniformPhis;
    D.LockstepPlanned = L->Lockstep;
    D.PrefetchChunks = L->PrefetchChunks;
    D.SteadyPlanned = L->SteadyRounds;
    D.Blocks = L->Blocks.empty() ? nullptr : &L->Blocks;
  } else {
    ++NumUnplannedLoops;
    LLVM_DEBUG(dbgs() << "vplan-ext: no plan for the loop at "
                      << Inner.getHeader()->getName() << "\n");
  }
  if (!Plan || !Plan->Verify)
    return true;
  UniformLoopShape S =
      vplanext::findUniformLoop(Inner, InnerLatches, View, DT);
  if (S.Uniform == D.UniformLoop && S.ShadowLanes == D.ShadowLanes &&
      S.UniformPhis == D.UniformPhis)
    return true;
  return planDisagrees(Fail,
                       "verify: the plan lowers this inner loop other than "
                       "the cut's uniform-loop rule on the IR it cuts",
                       Inner.getHeader()->getTerminator());
}

/// The plan's refusal of this cut (CutDecision::Refused), beside the
/// rules' refusal on the IR being cut (\p Own, null if none): without a
/// plan, or at a cut the plan does not model, the rules decide; with one
/// the plan does, and verify mode reports a cut where the two differ. The
/// rules still refuse a cut the plan would make: they keep the IR correct.
bool Cutter::takeRefusal(const Failure *Own, Failure &Fail) const {
  const CutRefusal *R =
      Planned && Planned->Refused ? &Planned->Refused : nullptr;
  if (Planned && Plan->Verify &&
      (R ? !Own || Own->Why != R->Why : Own != nullptr)) {
    return planDisagrees(
        Fail,
        R ? std::string("verify: the plan refuses this cut (") + R->Why +
                "), the rules on the IR it cuts " +
                (Own ? "refuse it for: " + Own->Why : "accept it")
          : "verify: the rules on the IR it cuts refuse this cut (" +
                Own->Why + "), the plan does not",
        IH->getTerminator());
  }
  if (R) {
    Fail = {R->Why, R->At};
    Fail.Planned = true;
    return false;
  }
  if (Own) {
    Fail = *Own;
    return false;
  }
  return true;
}

namespace {
/// Whether \p A and \p B (vectors or sets) hold the same members.
template <typename RangeT> bool sameMembers(const RangeT &A, const RangeT &B) {
  return A.size() == B.size() &&
         all_of(A, [&](const auto &X) { return is_contained(B, X); });
}

/// Whether two lockstep accesses of one loop rewrite the same instructions
/// in the same way.
bool sameLockstep(const LockstepAccess &A, const LockstepAccess &B) {
  return sameMembers(A.Counters,
                                                       B.Counters) &&
         sameMembers(A.LaneStepped, B.LaneStepped) &&
         sameMembers(A.ExitTests, B.ExitTests) &&
         sameMembers(A.SteppedAccesses, B.SteppedAccesses) &&
         sameMembers(A.UniformAccesses, B.UniformAccesses) &&
         A.NumAccesses == B.NumAccesses &&
         A.ExitTestsRecomputable == B.ExitTestsRecomputable;
}

} // namespace

/// The counters, exit tests and accesses are the plan's instructions as
/// they are (the loop's own); each lane-stepped input is the input of this
/// cut's region that stands for the plan's (an earlier cut may have made
/// it: a value lane loop 2 computes again). An input the plan names that
/// the region does not read is a lowering bug: the cut refuses.
bool Cutter::takeLockstep(Loop &Inner, Failure &Fail) {
  const LockstepAccess &Access = PlannedLoop->Access;
  D.Lockstep = Access;
  D.Lockstep.LaneStepped.clear();
  for (Instruction *P : Access.LaneStepped) {
    auto It = find_if(Cross, [&](const auto &KV) {
      return isInputOfI(KV.first, KV.second) && originOf(KV.first) == P;
    });
    if (It == Cross.end()) {
      Fail = {"a lane-stepped input of the plan is not an input of the "
              "loop on the IR it cuts",
              Inner.getHeader()->getTerminator()};
      Fail.PlanDisagrees = Plan->Verify;
      return false;
    }
    D.Lockstep.LaneStepped.push_back(It->first);
  }
  if (!Plan->Verify || sameLockstep(D.Lockstep, ruleLockstep(Inner)))
    return true;
  return planDisagrees(Fail,
                       "verify: the plan's lockstep access of this loop "
                       "differs from the rule's on the IR it cuts",
                       Inner.getHeader()->getTerminator());
}

/// The plan's shared inputs (InnerLoopDecision::SharedInputs) and
/// lane-affine values (CutDecision's RecomputedInLoop, RecomputedAfter),
/// found among this
/// cut's crossing values of A by origin; the rules' without a plan.
/// Lane-affine values a lane loop computes again then cross no more
/// (dropRecomputedReads).
bool Cutter::takeLaneValues(const Loop *Inner, Failure &Fail) {
  SmallPtrSet<Instruction *, 8> RuleShared;
  SmallSetVector<Instruction *, 4> Rule[PartB + 1];
  if (!Planned || Plan->Verify) {
    RuleShared = ruleUniformInA();
    ruleLaneAffine(Inner, RuleShared, Rule);
  }
  if (!Planned) {
    D.UniformInA = RuleShared;
    LaneAffineIn[PartI] = Rule[PartI];
    LaneAffineIn[PartB] = Rule[PartB];
    dropRecomputedReads();
    return true;
  }
  for (auto &[I, Needs] : Cross) {
    if (partOf(I->getParent()) != PartA)
      continue;
    const Value *O = originOf(I);
    bool ReadInI = Needs & (1u << PartI), ReadInB = Needs & (1u << PartB);
    if (ReadInI && PlannedLoop && is_contained(PlannedLoop->SharedInputs, O))
      D.UniformInA.insert(I);
    if (ReadInI && is_contained(Planned->RecomputedInLoop, O))
      LaneAffineIn[PartI].insert(I);
    if (ReadInB && is_contained(Planned->RecomputedAfter, O))
      LaneAffineIn[PartB].insert(I);
  }
  if (Plan->Verify && (!sameMembers(D.UniformInA, RuleShared) ||
                       !sameMembers(LaneAffineIn[PartI], Rule[PartI]) ||
                       !sameMembers(LaneAffineIn[PartB], Rule[PartB]))) {
    return planDisagrees(
        Fail,
        "verify: the plan reads other values of the part before this cut "
        "once per round or computes other ones again than the rules on the "
        "IR it cuts",
        IH->getTerminator());
  }
  dropRecomputedReads();
  return true;
}

/// Where lane loop 3 takes each lane: the plan's resume dispatch or
/// landing phis (the phis of the block every lane lands in, found there by
/// origin). Verify mode compares them with the rule's unless the plan
/// refuses the cut, which then lands nowhere.
bool Cutter::takeLanding(Failure &Fail) {
  bool RuleResume = false;
  SmallVector<PHINode *, 4> RulePhis;
  if (!Planned || Plan->Verify)
    ruleLanding(RuleResume, RulePhis);
  if (!Planned) {
    D.NeedResume = RuleResume;
    D.LandingPhis = RulePhis;
    return true;
  }
  D.NeedResume = Planned->ResumeDispatch;
  if (!D.NeedResume && !Planned->LandingPhis.empty())
    for (PHINode &PN : Landing.front().To->phis())
      if (Planned->LandingPhis.count(
              dyn_cast_or_null<PHINode>(originOf(&PN))))
        D.LandingPhis.push_back(&PN);
  if (!Plan->Verify || Planned->Refused ||
      (RuleResume == D.NeedResume &&
       sameMembers(RulePhis, D.LandingPhis)))
    return true;
  return planDisagrees(Fail,
                       "verify: the plan lands the lanes that leave this "
                       "cut other than the rule on the IR it cuts (resume "
                       "dispatch or landing values)",
                       IH->getTerminator());
}

/// The plan's decision on the copy for rounds where every lane entered;
/// the copy computes LaneAffineIn[PartI] again, which verify mode checks
/// it has exactly when the plan asks for it.
bool Cutter::takeEnteredCopy(const Loop &Inner, Failure &Fail) {
  bool Own = D.ShadowLanes && !LaneAffineIn[PartI].empty();
  const InnerLoopDecision *L = PlannedLoop;
  D.EnteredCopy = L ? L->EnteredCopy && Own : Own;
  if (!L || !Plan->Verify || L->EnteredCopy == Own)
    return true;
  return planDisagrees(
      Fail,
      L->EnteredCopy
          ? "verify: the plan gives this loop a copy for rounds where every "
            "lane entered, the cut finds no lane-affine input"
          : "verify: the cut finds lane-affine inputs of this shadowed loop, "
            "the plan gives it no copy for rounds where every lane entered",
      Inner.getHeader()->getTerminator());
}

bool Cutter::isSerialCall(const CallBase &CB) {
  if (!Plan)
    return callNeedsSerialLanes(CB);
  bool IsPlanned =
      Plan->SerialCalls.count(dyn_cast_or_null<CallBase>(originOf(&CB)));
  if (Plan->Verify && !SerialDisagrees &&
      IsPlanned != callNeedsSerialLanes(CB))
    SerialDisagrees = &CB;
  return IsPlanned;
}

Cutter::Outcome Cutter::disagreeOnCall(Failure &Fail) const {
  planDisagrees(Fail,
                callNeedsSerialLanes(*SerialDisagrees)
                    ? "verify: the rules on the IR it cuts run this call "
                      "lane by lane, the plan does not"
                    : "verify: the plan runs this call lane by lane, the "
                      "rules on the IR it cuts do not",
                SerialDisagrees);
  return Failed;
}

} // namespace fission
} // namespace vplanext
