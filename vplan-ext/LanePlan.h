//===- LanePlan.h - Plans of SIMD-lane loops: regions and recipes -*- C++
//-*-===//
//
/// \file
/// A plan in the spirit of LLVM's VPlan for each SIMD-lane loop of a
/// function (a vecclone lane loop or a user `omp simd` loop, uncut): the
/// body as a tree of regions in program order, each leaf a recipe that says
/// how a group of instructions is done once the loop runs VF lanes at a
/// time, with a TargetTransformInfo cost (reciprocal throughput) for the
/// scalar loop (VF iterations) and for the vector code.
///
/// Regions:
/// - the lane loop itself (straight-line code is a run of recipes);
/// - divergent if/else regions (branch on a varying value, single entry at
///   the branch, single exit at its join): predicated, with the BOSCC
///   decision LaneLoopFission takes for them and why;
/// - uniform if/else regions (the lanes agree; BOSCC's rule is the same);
/// - divergent loops (per-lane trip count: "while any lane is active", the
///   exit updates the active-lane mask) and uniform loops.
///
/// Recipes: widen (arithmetic, casts, compares, calls with a vector variant
/// or an intrinsic), widen memory (contiguous, unmasked), masked memory
/// (contiguous, under a divergent branch or in a divergent loop), interleave
/// group (constant stride, with what InterleaveGapFill does to it), gather /
/// scatter, uniform (once, broadcast), blend (phis that pick per lane),
/// instantiate (calls without a vector variant, run lane by lane) and the
/// masked exit of a divergent loop.
///
/// The plan describes; it never changes the IR. The lowering is
/// LaneLoopFission + InterleaveGapFill + the loop vectorizer: the plan
/// predicts their choices with their own rules (LoweringRules.h) and the
/// divergence and stride analyses. `print<vplan-ext>` prints the plans and
/// emits one optimization remark per loop (pass "vplan-ext", name "Plan").
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANEPLAN_H
#define VPLANEXT_LANEPLAN_H

#include "vplan-ext/LaneLoweringOptions.h"
#include "vplan-ext/PlanDecisions.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/InstructionCost.h"
#include <memory>
#include <optional>
#include <string>

namespace llvm {
class BasicBlock;
class CallBase;
class Instruction;
class Loop;
class raw_ostream;
} // namespace llvm

namespace vplanext {

/// Scalar cost of VF iterations of the lane loop against the cost of the
/// vector code for the same VF lanes.
struct PlanCost {
  llvm::InstructionCost Scalar = 0;
  llvm::InstructionCost Vector = 0;

  PlanCost &operator+=(const PlanCost &O) {
    Scalar += O.Scalar;
    Vector += O.Vector;
    return *this;
  }
  PlanCost operator*(unsigned N) const { return {Scalar * N, Vector * N}; }
};

/// One node of the plan: a recipe (leaf) or a region (with children).
class PlanNode {
public:
  enum NodeKind : unsigned char {
    // Recipes.
    Widen,        ///< arithmetic, casts, compares, vectorizable calls
    WidenMemory,  ///< contiguous load/store, every lane active
    MaskedMemory, ///< contiguous load/store under a lane mask
    Interleave,   ///< constant-stride accesses: one interleave group
    Gather,       ///< load through per-lane addresses
    Scatter,      ///< store through per-lane addresses
    Scalarize,    ///< strided access cheapest as VF scalar loads/stores
    Transposed,   ///< each lane's row read VF iterations at a time
    Uniform,      ///< computed once for all lanes, broadcast when needed
    Blend,        ///< phi picking a value per lane (select on a mask)
    Instantiate,  ///< call without vector variant: lane by lane
    MaskedExit,   ///< exit of a divergent loop: active mask and any-of
    // Regions.
    DivergentIf,
    UniformIf,
    DivergentLoop,
    UniformLoop,
  };

  PlanNode(NodeKind K) : Kind(K) {}

  NodeKind getKind() const { return Kind; }
  bool isRegion() const { return Kind >= DivergentIf; }
  bool isLoop() const { return Kind == DivergentLoop || Kind == UniformLoop; }
  /// A loop the scalar lane loop's vectorizer widens in each lane's run:
  /// how many iterations at a time (1: none).
  unsigned getScalarInnerWidth() const { return ScalarInnerWidth; }

  /// Recipes: the instructions, in program order.
  llvm::ArrayRef<const llvm::Instruction *> insts() const { return Insts; }
  /// Regions: the children, in program order.
  llvm::ArrayRef<std::unique_ptr<PlanNode>> children() const {
    return Children;
  }
  /// Regions: the block of the branch, or the loop's header.
  const llvm::BasicBlock *getEntry() const { return Entry; }
  /// Loops: the loop.
  const llvm::Loop *getLoop() const { return L; }

  /// Cost of the node as it runs once in the lane loop (loops: all their
  /// iterations, branch regions: their predicated form).
  PlanCost getCost() const { return Cost; }

  /// If/else regions: LaneLoopFission gives the region BOSCC copies.
  bool hasBOSCC() const { return BOSCC; }
  /// If/else regions: the region's cost in BOSCC's units and the reason of
  /// the BOSCC decision.
  unsigned getBOSCCCost() const { return BOSCCCost; }
  llvm::StringRef getNote() const { return Note; }
  /// Loops: round counters and lane-stepped inputs, if any.
  llvm::StringRef getLockstep() const { return Lockstep; }
  unsigned getNumRoundCounters() const {
    return LoopDecision.Access.Counters.size();
  }
  bool hasSteppedCopy() const {
    return !LoopDecision.Access.LaneStepped.empty();
  }
  /// Uniform loops: lanes that skip the loop shadow a lane that enters it.
  bool hasShadowLanes() const { return LoopDecision.ShadowLanes; }
  /// Loops: how the cut lowers the loop.
  const InnerLoopDecision &getLoopDecision() const { return LoopDecision; }
  /// The node runs in a lane loop a refused cut leaves whole: not cut,
  /// and costed scalar (costRefusedCuts).
  bool isLeftWhole() const { return LeftWhole; }
  /// An instantiated call the cut runs lane by lane, in a lane loop of its
  /// own (callNeedsSerialLanes).
  bool isSerialCall() const { return SerialCall; }
  /// How the cut at this node lands its lanes and which values it computes
  /// again: a loop's decision, a serial call's or a BOSCC region's
  /// (PlanDecisions::FlatCuts); null where the plan models no cut.
  const CutDecision *getCutDecision() const {
    return isLoop() ? &LoopDecision : FlatCut;
  }

  void print(llvm::raw_ostream &OS, unsigned Indent) const;
  /// Calls \p Fn on this node and every node below it, parents before
  /// children, in program order.
  void forEach(llvm::function_ref<void(const PlanNode &)> Fn) const;

private:
  friend class LanePlanBuilder;
  NodeKind Kind;
  llvm::SmallVector<const llvm::Instruction *, 4> Insts;
  llvm::SmallVector<std::unique_ptr<PlanNode>, 4> Children;
  const llvm::BasicBlock *Entry = nullptr;
  const llvm::Loop *L = nullptr;
  PlanCost Cost;
  /// Loops: cost of one iteration and the trip count used for the total.
  PlanCost IterCost;
  unsigned TripCount = 0;
  bool TripCountKnown = false;
  /// Loops: how many iterations at a time the scalar lane loop's vectorizer
  /// runs (findScalarInnerLoop), and one iteration's scalar cost so, which the
  /// loop's scalar cost counts.
  unsigned ScalarInnerWidth = 1;
  llvm::InstructionCost ScalarInnerIterCost;
  /// If/else regions: the sides, and their cost when every lane agrees.
  const llvm::BasicBlock *Then = nullptr, *Else = nullptr;
  PlanCost ThenCost, ElseCost;
  bool BOSCC = false;
  unsigned BOSCCCost = 0;
  InnerLoopDecision LoopDecision;
  bool LeftWhole = false;
  bool SerialCall = false;
  const CutDecision *FlatCut = nullptr;
  /// The cuts at this call or BOSCC region in the copies of the loop's
  /// lane loop 2 (LaneCopy), by copy.
  llvm::SmallVector<std::pair<unsigned, const CutDecision *>, 2> CopyCuts;
  /// Divergent loops: what LaneLoopFission's lockstep access does
  /// (LockstepAccess.h), empty when nothing.
  std::string Lockstep;
  /// Free-form detail: BOSCC reason, interleave group, callee.
  std::string Note;
};

/// What the plan says the cut will make: verify mode
/// (`-vplan-ext-verify-plan`) compares it with what the cut made.
struct PlanShape {
  /// Inner loops, at any depth (each is cut once).
  unsigned Loops = 0;
  /// Of those, the uniform ones (the lanes run them together).
  unsigned UniformLoops = 0;
  /// If/else regions given BOSCC copies.
  unsigned BOSCC = 0;
  /// Lockstep access: round counters, and loops given a lane-stepped copy.
  unsigned RoundCounters = 0;
  unsigned SteppedCopies = 0;
  /// Divergent loops given a steady copy (InnerLoopDecision::SteadyRounds).
  unsigned SteadyCopies = 0;
  /// Uniform loops with shadow lanes given a copy for rounds where every
  /// lane entered (InnerLoopDecision::EnteredCopy).
  unsigned EnteredCopies = 0;
  /// Loads read in transposed blocks (InnerLoopDecision::Blocks).
  unsigned TransposedReads = 0;

  bool operator==(const PlanShape &O) const {
    return Loops == O.Loops && UniformLoops == O.UniformLoops &&
           BOSCC == O.BOSCC && RoundCounters == O.RoundCounters &&
           SteppedCopies == O.SteppedCopies && SteadyCopies == O.SteadyCopies &&
           EnteredCopies == O.EnteredCopies &&
           TransposedReads == O.TransposedReads;
  }
};

struct FissionResult;

/// Verify mode: what the cut made of a lane loop (\p FR) against the
/// plan's shape \p Plan; empty when they agree, or when the cut failed for
/// a reason of the body (only a failure where the rules contradict the plan
/// counts). One comparison for every pass that cuts.
std::string comparePlanWithCut(const PlanShape &Plan, const FissionResult &FR);

/// The plan of one lane loop.
class LanePlan {
public:
  const llvm::Loop &getLoop() const { return *L; }
  unsigned getVF() const { return VF; }
  /// Whether the lane loop runs vscale x VF lanes (an SVE variant's,
  /// `llvm.loop.vectorize.scalable.enable`): the decisions that count lanes
  /// at compile time (BOSCC copies, round counters, lane-stepped and steady
  /// copies, calls run lane by lane) are not made.
  bool isScalable() const { return Scalable; }
  /// True when VF came from `llvm.loop.vectorize.width`.
  bool isVFFromMetadata() const { return VFFromMetadata; }
  llvm::ArrayRef<std::unique_ptr<PlanNode>> nodes() const { return Nodes; }
  PlanCost getCost() const { return Cost; }
  /// Scalar cost over vector cost; 0 (no estimate) when either is invalid
  /// or zero, or when the loop calls a function TTI cannot price.
  double getSpeedup() const;
  /// The first call to a function (or to a math intrinsic that becomes a
  /// libm or libmvec call) in the loop: TTI prices it as a call, not as
  /// its callee's body, so the costs say nothing about a loop such calls
  /// may dominate.
  const llvm::CallBase *getUnpricedCall() const { return UnpricedCall; }
  /// An instruction the vectorizer declines any loop for
  /// (whyVectorizerDeclines), or an access of a set it declines a loop for
  /// (findDeclinedAccess), in a lane loop the cut leaves whole:
  /// the lane loop stays scalar whatever its costs; null otherwise.
  const llvm::Instruction *getDeclined() const { return Declined; }
  /// What the lane loop holds that the vectorizer declines (with
  /// getDeclined).
  const char *getDeclinedWhy() const { return DeclinedWhy; }
  /// The first access whose recipe holds only if its index does not wrap:
  /// the vectorizer checks that at run time (a SCEV predicate), or, when
  /// the function is optimized for size, declines the loop. Null if none.
  const llvm::Instruction *getNoWrapAssumed() const { return NoWrapAssumed; }
  /// Whether some lane loop of the cut holds an instruction the vectorizer
  /// declines (the plan costs that lane loop scalar; the cut still tags it
  /// for the vectorizer, which then leaves it).
  bool isPartlyDeclined() const { return PartlyDeclined; }
  /// The widest of the inner loops the scalar lane loop's vectorizer widens
  /// in each lane's run (PlanNode's ScalarInnerWidth); 1 when none.
  unsigned getScalarInnerWidth() const;
  /// The refusal that leaves the whole lane loop, with a loop inside,
  /// uncut (no cut is made before it): the vectorizer cannot widen it.
  /// In a lane loop without loops, the refused cut at a call run lane by
  /// lane (isLeftWholeAtCall), which the vectorizer cannot widen either.
  const CutRefusal &getLeftWholeBy() const { return LeftWholeBy; }
  bool isLeftWholeAtCall() const { return LeftWholeAtCall; }
  /// Why the lane loop is not cut at all (PlanDecisions::NoCut): it is
  /// left whole, and the vectorizer decides.
  const CutRefusal &getNoCut() const { return NoCut; }

  /// Calls \p Fn on every node of the region tree, parents before children,
  /// in program order.
  void forEachNode(llvm::function_ref<void(const PlanNode &)> Fn) const;
  /// The multi-line dump of `print<vplan-ext>`.
  void print(llvm::raw_ostream &OS) const;
  /// " (estimated speedup S)", or why there is no estimate.
  void printSpeedup(llvm::raw_ostream &OS) const;
  /// What the cut will make of the lane loop.
  PlanShape shape() const;
  /// The decisions the cut executes.
  PlanDecisions decisions() const;
  /// One line for the remark: recipes, VF, BOSCC yes/no and why, costs.
  std::string summary() const;

private:
  friend class LanePlanBuilder;
  friend class LanePlanAnalysis;
  const llvm::Loop *L = nullptr;
  unsigned VF = 0;
  bool Scalable = false;
  bool VFFromMetadata = false;
  llvm::SmallVector<std::unique_ptr<PlanNode>, 8> Nodes;
  PlanCost Cost;
  const llvm::CallBase *UnpricedCall = nullptr;
  const llvm::Instruction *Declined = nullptr;
  const char *DeclinedWhy = nullptr;
  const llvm::Instruction *NoWrapAssumed = nullptr;
  bool PartlyDeclined = false;
  CutRefusal NoCut;
  CutRefusal LeftWholeBy;
  bool LeftWholeAtCall = false;
  /// The cuts at calls and BOSCC regions (planFlatCuts).
  llvm::DenseMap<FlatCutKey, CutDecision> FlatCuts;
};

/// The analysis result: one plan per lane loop, in block order of headers.
class LanePlanInfo {
public:
  llvm::ArrayRef<std::unique_ptr<LanePlan>> plans() const { return Plans; }
  const LanePlan *getPlan(const llvm::Loop *L) const;

  void print(llvm::raw_ostream &OS) const;

  /// The plans point at loops, blocks and instructions, and use the
  /// divergence and stride results.
  bool invalidate(llvm::Function &F, const llvm::PreservedAnalyses &PA,
                  llvm::FunctionAnalysisManager::Invalidator &Inv);

private:
  friend class LanePlanAnalysis;
  llvm::SmallVector<std::unique_ptr<LanePlan>, 2> Plans;
};

class LanePlanAnalysis : public llvm::AnalysisInfoMixin<LanePlanAnalysis> {
  friend llvm::AnalysisInfoMixin<LanePlanAnalysis>;
  static llvm::AnalysisKey Key;
  LaneLoweringOptions Opts;

public:
  explicit LanePlanAnalysis(
      LaneLoweringOptions Opts = LaneLoweringOptions::fromCommandLine())
      : Opts(Opts) {}
  using Result = LanePlanInfo;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &AM) {
    return planLaneLoops(F, AM, Opts);
  }

  /// Plans every lane loop of \p F with \p AM's analyses under \p Opts
  /// (decideLaneLoop plans under its caller's options).
  static LanePlanInfo planLaneLoops(llvm::Function &F,
                                    llvm::FunctionAnalysisManager &AM,
                                    const LaneLoweringOptions &Opts);
};

/// What the cost model says about one lane loop before it is cut.
struct LaneLoopVerdict {
  /// False when the plan's estimated speedup over the scalar lane loop is
  /// below MinSpeedup (LaneLoweringOptions), when no cut of it is made
  /// (Refused), or when the vectorizer declines the lane loop (Declined):
  /// the lane loop then stays
  /// scalar. A plan without an estimate (getSpeedup() 0) leaves it
  /// vectorized.
  bool Vectorize = true;
  /// The plan's width (the lanes its costs are for).
  unsigned VF = 0;
  PlanCost Cost;
  double Speedup = 0;
  double MinSpeedup = 0;
  /// What the vectorizer declines the lane loop for (`an atomic
  /// read-modify-write`), when it does: the loop then stays scalar.
  std::string Declined;
  /// Whether the plan costs some lane loop of the cut scalar for such an
  /// instruction (LanePlan::isPartlyDeclined).
  bool PartlyDeclined = false;
  /// LanePlan::getScalarInnerWidth.
  unsigned ScalarInnerWidth = 1;
  /// Why no cut of the lane loop is made, with a loop inside, or a call
  /// run lane by lane (RefusedAtCall) (LanePlan::getLeftWholeBy): it stays
  /// scalar, unless MinSpeedup is 0.
  std::string Refused;
  bool RefusedAtCall = false;
  /// The plan's one-line summary (the `Plan` remark of print<vplan-ext>).
  std::string Summary;
  PlanShape Shape;
  /// What the cut executes (when the loop is vectorized).
  PlanDecisions Decisions;

  /// With VerifyVectorizer, a plan with an estimate that says vectorize
  /// and that costs no lane loop scalar: its costs assume the vectorizer
  /// widens every lane loop the cut makes, so each gets PlanVectorizesTag
  /// and LaneLoopVectorizePass reports one the vectorizer declines.
  bool expectsVectorizer() const {
    return Decisions.VerifyVectorizer && Vectorize && Speedup > 0 &&
           !PartlyDeclined;
  }
  /// The same once the cut \p FR is made: a cut refused for a reason of the
  /// body made nothing the plan priced, so nothing is expected of it.
  bool expectsVectorizer(const FissionResult &FR) const;

  /// Why a loop the plan keeps scalar stays so: both costs and the bound,
  /// for the remarks of every pass that plans (empty when vectorized).
  std::string whyScalar() const;
};

/// Plans the uncut lane loop headed by \p Header of \p F with \p FAM's
/// analyses under \p Opts (printing it with PrintPlan) and decides whether
/// to vectorize it: a plan whose costs are
/// invalid is vectorized (the vectorizer decides). The analyses of \p F are
/// dropped afterwards, since the caller goes on to change it. nullopt when
/// \p Header heads no lane loop.
std::optional<LaneLoopVerdict>
decideLaneLoop(llvm::Function &F, const llvm::BasicBlock *Header,
               llvm::FunctionAnalysisManager &FAM,
               const LaneLoweringOptions &Opts);
/// The verdicts on every lane loop of \p F, by header, from one planning
/// of the function (decideLaneLoop's rule; the analyses are dropped
/// afterwards too).
llvm::SmallVector<std::pair<const llvm::BasicBlock *, LaneLoopVerdict>, 4>
decideLaneLoops(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                const LaneLoweringOptions &Opts);

/// `print<vplan-ext>`: prints every plan and emits the `Plan` remarks.
class LanePlanPrinterPass : public llvm::PassInfoMixin<LanePlanPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit LanePlanPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace vplanext

#endif // VPLANEXT_LANEPLAN_H
