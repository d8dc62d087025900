//===- LaneLoopCutter.h - One cut of a lane loop (private) ----*- C++ -*-===//
//
/// \file
/// The state one cut of a lane loop shares between its steps; private to
/// the fission files (LaneLoopFission.h has the shape of the result and the
/// public entry point).
///
/// One cut works on three parts of the lane loop's body: A (blocks before
/// the cut region, which can still reach it), the region I itself (an inner
/// loop, a call run lane by lane, or a BOSCC if/else region), and B
/// (everything after, including paths that bypass I). Edges only go forward
/// A -> I -> B (anything else is refused), so every lane runs A, then some
/// iterations of I, then B, and the three parts can become three lane loops.
///
/// The steps, in the order a cut runs them, by file:
///   LaneCutSite.cpp      the lane loop's normal form; where to cut (the
///                        first inner loop, else a call run lane by lane,
///                        else a BOSCC if/else) and a block of its own for it
///   LaneCutAnalysis.cpp  parts, edges, crossing values and the rules on
///                        the cut's IR; no IR change
///   LaneCutPlan.cpp      the plan's decisions the cut takes (verify mode:
///                        checked against the rules)
///   LaneCutLoops.cpp     the transform's order; new blocks, redirected
///                        edges, lane counters, uses rewired, copies
///   LaneCutRounds.cpp    shadow lanes' inputs, the round loop ("while any
///                        lane is active"), lane loop 2's entry
///   LaneCutResume.cpp    lane loop 3's entry: reloads, lane-affine values
///                        computed again, the resume dispatch
///   LaneCutArrays.cpp    lane arrays and the latches that write them
///   LaneCutStepped.cpp   the lane-stepped copy of lane loop 2, prefetches;
///                        a shadowed loop's copy for rounds where every lane
///                        entered
///   LaneCutBOSCC.cpp     BOSCC copies of lane loop 2 and their dispatch
///   LaneLoopFission.cpp  Cutter::run and fissionLaneLoop (one cut after
///                        another)
//
//===----------------------------------------------------------------------===//

#ifndef VPLANEXT_LANELOOPCUTTER_H
#define VPLANEXT_LANELOOPCUTTER_H

#include "vplan-ext/LaneLoopMetadata.h"
#include "vplan-ext/LockstepAccess.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/PlanDecisions.h"
#include "vplan-ext/UniformLoopRule.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#include <optional>
#include <string>

namespace llvm {
class DominatorTree;
class Loop;
class LoopInfo;
class TargetTransformInfo;
} // namespace llvm

namespace vplanext {
namespace fission {

using namespace llvm;

using PartKind = CutPart;
constexpr PartKind NotInBody = CutNotInBody, PartA = CutA, PartI = CutI,
                   PartB = CutB;

/// A lane loop in the normal form the cut needs: the header holds only the
/// lane phi, the latch only the increment and the exit test.
struct LaneLoop {
  BasicBlock *Pre = nullptr;
  BasicBlock *Header = nullptr;
  BasicBlock *Latch = nullptr;
  BasicBlock *Exit = nullptr;
  BasicBlock *BodyEntry = nullptr;
  PHINode *Lane = nullptr;
  /// The latch's bound: the constant VL, or `vscale * N` computed before
  /// the loop; every lane loop of the cut counts to it.
  Value *Count = nullptr;
};

struct Failure {
  std::string Why;
  const Instruction *At = nullptr;
  /// Verify mode: the cut refused because the plan's decision differs from
  /// what the rules give on the IR it cuts.
  bool PlanDisagrees = false;
  /// The refusal is the plan's (CutDecision::Refused); in verify
  /// mode the rules on the IR being cut agree.
  bool Planned = false;
};


/// Recognises `lane = phi [0, Pre], [next, Latch]` with
/// `next = lane + 1; br (next == VL), Exit, Header` (VL a constant, or
/// `vscale * N` for a scalable \p VL) and splits the header and latch so
/// that they hold nothing else.
std::optional<LaneLoop> normaliseLaneLoop(BasicBlock *Header, ElementCount VL,
                                          Failure &F);

/// Where a cut goes: the first inner loop; in an innermost lane loop, the
/// first call the vectorizer cannot widen, else the first BOSCC if/else.
struct CutSite {
  Loop *Inner = nullptr;
  CallBase *Call = nullptr;
  BranchInst *Branch = nullptr;
  /// The branch's region: the blocks between the branch and its join.
  SmallPtrSet<BasicBlock *, 16> Region;
  bool empty() const { return !Inner && !Call && !Branch; }
};

/// What a cut lowers and how: decided once, by the analysis, and read by
/// the transform.
struct CutDecisions {
  /// The cut is at a call the vectorizer cannot widen: lane loop 2 runs
  /// that call lane by lane (instantiation) and must stay scalar.
  CallBase *SerialCall = nullptr;
  /// The cut is at a heavy divergent if/else (BOSCC): lane loop 2 has two
  /// more copies, for "every lane takes the then side" and "every lane
  /// takes the else side", chosen at run time; none is cut again.
  BranchInst *BOSCCBranch = nullptr;
  /// The inner loop is uniform: every lane that enters it leaves at the
  /// same iteration through the same exit. Lane loop 2 then needs no lane
  /// flag test, and the uniform header phis are read from lane 0.
  bool UniformLoop = false;
  /// ...but some lanes may not enter it (a mask or trip-count guard before
  /// it): before the loop, those lanes get a copy of the first entering
  /// lane's inputs and shadow its iterations. Only for inner loops that
  /// neither write memory nor have side effects, so a shadow lane does
  /// exactly what a real one does (same loads, same divisions) and its
  /// results are dropped.
  bool ShadowLanes = false;
  SmallPtrSet<PHINode *, 4> UniformPhis;
  /// A's values a uniform loop reads that are the same in every lane, found
  /// before the cut adds its lane loops (whose new counters would look like
  /// values from outside the lane loop).
  SmallPtrSet<Instruction *, 8> UniformInA;
  /// A divergent loop's counters that addresses read (kept as one scalar
  /// per round) and lane-stepped inputs (a copy of lane loop 2 computes
  /// them as first + lane when a run-time test says they are).
  LockstepAccess Lockstep;
  /// The plan asks for lockstep access (InnerLoopDecision::Lockstep) and
  /// for prefetches this many lane chunks ahead in a lane-stepped copy.
  bool LockstepPlanned = false;
  unsigned PrefetchChunks = 0;
  /// The plan asks for a steady copy (InnerLoopDecision::SteadyRounds).
  bool SteadyPlanned = false;
  /// A uniform loop with shadow lanes gets a copy of lane loop 2 for
  /// rounds where every lane entered (InnerLoopDecision::EnteredCopy;
  /// without a plan, when it has lane-affine inputs: LaneAffineIn[PartI]).
  bool EnteredCopy = false;
  /// An innermost uniform loop's loads read in transposed blocks, with a
  /// copy of lane loop 2 that reads them (InnerLoopDecision::Blocks); null
  /// for none.
  const TransposedBlocks *Blocks = nullptr;
  /// Lanes leave the region on edges to more than one block: each records
  /// where (resumePoints), and lane loop 3 dispatches on it.
  bool NeedResume = false;
  /// Lanes leave on several edges, all to one block: each records the
  /// values these phis of that block take on its edge (its landing
  /// values), and lane loop 3 goes there without a dispatch.
  SmallVector<PHINode *, 4> LandingPhis;
  /// Lane flags and resume points are integers of the data's width.
  Type *MaskTy = nullptr;
};

/// An edge from A or I to B, redirected through blocks of its own so the
/// latch phis can tell the edges apart.
struct Redirect {
  BasicBlock *EdgeBB;  // in loop 1 or 2, branches to T1 / T2
  BasicBlock *Landing; // in loop 3, branches to the old target
  BasicBlock *From;
  unsigned Id;
  /// The values CutDecisions::LandingPhis take on this edge.
  SmallVector<Value *, 2> PhiVals;
};

/// What Cutter::copyPure may copy besides pure instructions: with
/// LaneArrayReads, loads of lane arrays (allocas, which no lane writes for
/// another); at most MaxDepth operands deep.
struct CopyLimits {
  bool LaneArrayReads = false;
  unsigned MaxDepth = 12;
};

/// The arrays, blocks and values one cut builds; the transform's steps fill
/// it in, in order.
struct CutIR {
  /// Per-lane arrays: the active flag, the resume point, the inner loop's
  /// state (one per header phi) and the values crossing the cut.
  AllocaInst *Act = nullptr;
  AllocaInst *Resume = nullptr;
  SmallVector<PHINode *, 4> StatePhis;
  SmallVector<AllocaInst *, 4> StateArr;
  MapVector<Instruction *, AllocaInst *> CrossArr;
  /// One per landing phi: the value it takes on the lane's edge.
  SmallVector<AllocaInst *, 2> LandingArr;
  /// With shadow lanes: the arrays lane loop 2 reads A's values from.
  DenseMap<Instruction *, AllocaInst *> ShadowArr;

  /// Lane loop 1 (H1 .. T1), the round loop (W, WLatch; Fill before it
  /// with shadow lanes), lane loop 2 (H2, Act2 .. T2), lane loop 3
  /// (H3, D3 .. T3).
  BasicBlock *H1 = nullptr, *T1 = nullptr, *W = nullptr, *WLatch = nullptr,
             *Fill = nullptr, *H2 = nullptr, *Act2 = nullptr, *T2 = nullptr,
             *H3 = nullptr, *D3 = nullptr, *T3 = nullptr;
  /// Where lane loop 1 enters the region (now: goes to its latch).
  BasicBlock *Enter = nullptr;
  SmallVector<Redirect, 4> Redirects;
  /// The inner loop's back edges, now to T2.
  SmallVector<BasicBlock *, 2> Continue;
  PHINode *Lane1 = nullptr, *Lane2 = nullptr, *Lane3 = nullptr;

  /// Round counters, by the inner header phi they replace.
  DenseMap<PHINode *, PHINode *> Round;
  /// The lane-stepped copy's exit tests on round counters, one per
  /// LockstepAccess::ExitTests.
  SmallVector<BranchInst *, 2> SteppedExitTests;
  /// A uniform loop's shared values, read once per round.
  DenseMap<Value *, Value *> Shared;
  /// Where every lane resumes, when all resume at one point (lane 0's).
  Value *SharedResume = nullptr;
  /// With shadow lanes and lane-affine inputs of the region: every lane
  /// entered the loop (none shadows another), known before the first round.
  Value *AllEntered = nullptr;
  /// Lane loop 2's entry: the lane's flag, its state, A's values as loop 2
  /// reads them, the region's results of lanes that left, the old resume.
  Value *Active = nullptr;
  SmallVector<Value *, 4> State;
  DenseMap<Value *, Value *> InI;
  DenseMap<Instruction *, Value *> OldOut;
  Value *OldResume = nullptr;
  SmallVector<Value *, 2> OldLanding;
  /// Lane loop 3's entry: the values B reads.
  DenseMap<Value *, Value *> InB;
};

/// The key of CutOrigins is the value a cut has: replaced, it is another
/// value, which stands for nothing until a cut records it.
struct CutOriginsConfig : ValueMapConfig<const Value *> {
  enum { FollowRAUW = false };
};
/// What a value of the lane loop stands for in the uncut lane loop: an
/// instruction of the uncut loop itself, and for the values the cuts make,
/// a lane array's read or a value computed again in a later lane loop, a
/// copy's instruction, the value they replace. The plan's decisions name
/// the uncut loop's instructions; a cut finds them on its IR through this
/// map. A value not in it, or whose original was deleted (null), stands
/// for nothing: an instruction made where a deleted one was never passes
/// for it. Copy: the copy of a loop's lane loop 2 the value is in
/// (LaneCopy), whose cuts the plan decides apart.
struct CutOrigin {
  WeakVH Origin;
  unsigned Copy = NotACopy;
};
using CutOrigins = ValueMap<const Value *, CutOrigin, CutOriginsConfig>;

/// One cut of one lane loop.
class Cutter {
public:
  Cutter(Function &F, ElementCount VL, const TargetTransformInfo *TTI)
      : F(F), Ctx(F.getContext()), VL(VL), TTI(TTI) {}

  enum Outcome { NoInnerLoop, Cut, Failed };
  Outcome run(BasicBlock *Header, Failure &Fail);
  SmallVector<BasicBlock *, 3> NewHeaders;
  /// Allow a BOSCC cut of an innermost lane loop, at a branch of Plan's.
  bool AllowBOSCC = false;
  const PlanDecisions *Plan = nullptr;
  /// Shared by the cuts of one lane loop; each adds the values it makes.
  CutOrigins *Origins = nullptr;
  /// False once the lane loop had MaxCutsPerLaneLoop cuts: a lane loop
  /// that needs one more fails (a cut the plan did not make).
  bool CutsLeft = true;
  const CutDecisions &decisions() const { return D; }
  bool madeSteadyCopy() const { return MadeSteadyCopy; }
  bool madeEnteredCopy() const { return D.EnteredCopy; }
  /// Loads the cut reads in transposed blocks (addBlockCopy).
  unsigned numTransposedReads() const { return NumTransposedReads; }
  /// Where this cut is made, for remarks (`its inner loop`, `the call to
  /// 'f'`, `its if/else region`); empty before a site is found.
  StringRef siteText() const { return SiteText; }

private:
  std::string SiteText;
  // Where to cut (LaneCutSite.cpp).
  bool mayNeedCut(BasicBlock *Header);
  /// Whether the cut runs \p CB lane by lane: the plan's decision
  /// (PlanDecisions::SerialCalls, by origin), without a plan the rule
  /// (callNeedsSerialLanes). Verify mode records a call where they differ
  /// in SerialDisagrees.
  bool isSerialCall(const CallBase &CB);
  /// Verify mode's failure for SerialDisagrees.
  Outcome disagreeOnCall(Failure &Fail) const;
  Loop *checkLaneLoop(LoopInfo &LI, Failure &Fail) const;
  CutSite findCutSite(Loop &LL, DominatorTree &DT);
  BranchInst *findBOSCCBranch(Loop &LL, DominatorTree &DT,
                              SmallPtrSetImpl<BasicBlock *> &Region);
  bool isolateCutSite(CutSite &S, DominatorTree &DT, LoopInfo &LI,
                      Failure &Fail);

  // The analysis (LaneCutAnalysis.cpp): reads the IR, never changes it.
  bool analyse(Loop &LL, const CutSite &S, const DominatorTree &DT,
               Failure &Fail);
  void classifyParts(Loop &LL, Loop *Inner);
  bool findEdges(Failure &Fail);
  void ruleLanding(bool &NeedResume, SmallVectorImpl<PHINode *> &Phis) const;
  bool takeLanding(Failure &Fail);
  bool checkInstructions(Failure &Fail) const;
  bool findCrossingValues(Failure &Fail);
  void findAvailability(const DominatorTree &DT);
  bool checkSharedLocals(Failure &Fail) const;
  bool takeLoopDecision(Loop &Inner, const DominatorTree &DT, Failure &Fail);
  /// Whether \p V has the same value in every lane (UniformLoopRule.h on
  /// this cut's parts and uniform phis).
  bool isUniformValue(Value *V) const;
  bool isOutsideLaneLoop(const Value *V) const;
  /// Whether \p V is computed in A from values outside the lane loop only,
  /// without memory and without a possible trap: loop 2 can compute it
  /// again (recompute) instead of reading it per lane.
  bool isRecomputable(Value *V) const;
  /// Whether \p I, of A, is lane-affine (vplanext::isLaneAffine on A and
  /// this lane loop's lane index).
  bool isLaneAffine(Instruction *I) const;
  /// The plan's lockstep access of \p Inner on this cut's IR; verify mode
  /// checks it against ruleLockstep.
  bool takeLockstep(Loop &Inner, Failure &Fail);
  /// findLockstepAccess on this cut's parts.
  LockstepAccess ruleLockstep(Loop &Inner) const;
  /// The instruction of the uncut lane loop that \p V stands for (Origins).
  const Value *originOf(const Value *V) const;
  /// The copy of a loop's lane loop 2 \p V is in (LaneCopy; Origins).
  unsigned copyOf(const Value *V) const;
  /// Records that \p New stands for what \p Old does, in the copy \p Old
  /// is in and in \p Copy.
  void noteOrigin(const Value *New, const Value *Old,
                  unsigned Copy = NotACopy);
  /// Records what lane loop 2's and 3's reads and recomputed values stand
  /// for.
  void noteOrigins();
  /// The rules for CutDecisions::UniformInA and LaneAffineIn on this
  /// cut's IR (\p Out indexed by part), which the plan's decisions replace.
  SmallPtrSet<Instruction *, 8> ruleUniformInA() const;
  void ruleLaneAffine(const Loop *Inner,
                      const SmallPtrSetImpl<Instruction *> &UniformInA,
                      SmallSetVector<Instruction *, 4> *Out) const;
  /// Crossing values that a later lane loop computes again (LaneAffineIn)
  /// cross no more for that part.
  void dropRecomputedReads();

  // The plan's decisions (LaneCutPlan.cpp).
  /// Planned (and PlannedLoop): the plan's decision for the cut at \p S.
  /// Verify mode fails a cut the plan has no decision for.
  bool findPlannedCut(const CutSite &S, Failure &Fail);
  /// The plan's order of a call or branch (FlatCuts), or of a loop's
  /// header (InnerLoops); nullopt when it has none.
  std::optional<unsigned> plannedOrder(const Instruction *Site) const;
  std::optional<unsigned> plannedOrder(const Loop *Inner) const;
  Instruction *firstInPlanOrder(ArrayRef<Instruction *> Sites) const;
  bool takeLaneValues(const Loop *Inner, Failure &Fail);
  bool takeEnteredCopy(const Loop &Inner, Failure &Fail);
  bool takeRefusal(const Failure *Own, Failure &Fail) const;

  // The transform's order, its skeleton, copies (LaneCutLoops.cpp).
  void transform();
  BasicBlock *newBlock(const Twine &Name, BasicBlock *Before);
  void makeLoopBlocks();
  void redirectEdges();
  PHINode *makeCounter(IRBuilder<> &B, BasicBlock *H, BasicBlock *Pre,
                       BasicBlock *T, BasicBlock *Out, BasicBlock *Body,
                       const Twine &Name);
  void makeLaneCounters();
  void rewriteCrossingUses();
  SmallVector<BasicBlock *, 16> finishCut();
  /// Copies of \p Blocks (names + \p Suffix), mapped by \p VMap: the
  /// copy \p Copy of a loop's lane loop 2, or a BOSCC copy (NotACopy).
  SmallVector<BasicBlock *, 16> cloneBlocks(ArrayRef<BasicBlock *> Blocks,
                                            const Twine &Suffix,
                                            ValueToValueMapTy &VMap,
                                            unsigned Copy);
  /// \p V computed again at \p B, where its instructions may not have run:
  /// values \p IsLeaf accepts are taken as they are, the instructions
  /// \p InRegion accepts copied without their poison flags (names +
  /// \p Suffix) when pure and non-trapping, no phis; \p Done holds what is
  /// already copied (or stands for a value); within \p Limits. Null when
  /// \p V needs anything else.
  Value *copyPure(IRBuilder<> &B, Value *V,
                  function_ref<bool(const Value *)> IsLeaf,
                  function_ref<bool(const Instruction *)> InRegion,
                  DenseMap<Value *, Value *> &Done, StringRef Suffix,
                  CopyLimits Limits = {}, unsigned Depth = 0);

  // The round loop and lane loop 2's entry (LaneCutRounds.cpp).
  std::pair<Value *, Value *> firstActiveLane(IRBuilder<> &B);
  void fillShadowLanes();
  void buildRoundLoop();
  void makeRoundCounters(IRBuilder<> &B);
  void loadSharedValues(IRBuilder<> &B);
  void enterLoop2();

  // Lane loop 3's entry (LaneCutResume.cpp).
  void enterLoop3();
  void buildResumeDispatch(IRBuilder<> &B);
  Value *recompute(IRBuilder<> &B, Value *V,
                   DenseMap<Value *, Value *> &Done) const;
  /// LaneAffineIn[\p Part] computed again at \p B from \p Lane, the
  /// counter of the part's lane loop, into \p In (N.InI or N.InB).
  void recomputeLaneAffine(IRBuilder<> &B, PartKind Part, PHINode *Lane,
                           DenseMap<Value *, Value *> &In);

  // Lane arrays and the latches that write them (LaneCutArrays.cpp).
  AllocaInst *makeArray(Type *EltTy, const Twine &Name);
  /// How a value lives in a lane array: flags as masks of the data's width,
  /// odd-sized integers (i33 from induction widening) in a whole power-of-2
  /// size, so that the array is exactly the vector of its elements.
  Type *storedType(Type *T) const;
  Value *lanePtr(IRBuilder<> &B, AllocaInst *A, Value *Lane);
  void storeLane(IRBuilder<> &B, Value *V, AllocaInst *A, Value *Lane);
  Value *loadLane(IRBuilder<> &B, Type *T, AllocaInst *A, Value *Lane,
                  const Twine &Name);
  void makeLaneArrays();
  Value *availableAt(Instruction *I, BasicBlock *From) const;
  void buildLatch1();
  void buildLatch2();
  /// What both latches write for lane \p Lane at the end of \p Latch: the
  /// active flag, the resume point (if any), the landing values, the
  /// inner-loop state and the values crossing the cut.
  void storeLatchValues(BasicBlock *Latch, Value *Lane, Value *Act,
                        Value *Resume, ArrayRef<PHINode *> Landed,
                        ArrayRef<PHINode *> State,
                        ArrayRef<std::pair<Instruction *, PHINode *>> Vals);

  /// A lane-stepped input of a divergent loop: its lane array, its read in
  /// lane loop 2, and for a pointer the bytes it steps by per lane.
  struct SteppedInput {
    AllocaInst *Arr;
    Instruction *Read;
    uint64_t PtrStride;
  };
  // The lane-stepped copy (LaneCutStepped.cpp).
  void addSteppedCopy(ArrayRef<BasicBlock *> Loop2Blocks);
  Value *testLaneStepped(IRBuilder<> &B, ArrayRef<SteppedInput> Inputs,
                         SmallVectorImpl<Value *> &Bases, Value *&First64);
  void addEnteredCopy(ArrayRef<BasicBlock *> Loop2Blocks);
  /// Dispatch, once per round, on \p Ok (computed before the first round)
  /// to the copy \p Clones of lane loop 2 (mapped by \p VMap), else to
  /// lane loop 2, from a block named \p Name.
  void dispatchCopy(Value *Ok, ArrayRef<BasicBlock *> Clones,
                    ValueToValueMapTy &VMap, const Twine &Name);
  bool prefetchAhead(IRBuilder<> &B, Instruction *Acc, PHINode *Lane,
                     const SmallPtrSetImpl<BasicBlock *> &InCopy,
                     unsigned Ahead);

  // Transposed blocks (LaneCutBlock.cpp).
  bool addBlockCopy(ArrayRef<BasicBlock *> Loop2Blocks);
  Value *copyForBlock(IRBuilder<> &B, Value *V,
                      const SmallPtrSetImpl<BasicBlock *> &InLoop2,
                      DenseMap<Value *, Value *> &Done);
  Value *blockRuns(IRBuilder<> &B,
                   const SmallPtrSetImpl<BasicBlock *> &InLoop2);
  bool fillBlock(IRBuilder<> &B, const LoadInst &X, AllocaInst *Cols,
                 const SmallPtrSetImpl<BasicBlock *> &InLoop2);

  // The steady copy (LaneCutSteady.cpp).
  bool addSteadyCopy();
  SmallVector<BasicBlock *, 32> roundBody() const;

  // BOSCC copies (LaneCutBOSCC.cpp).
  void addBOSCCCopies(ArrayRef<BasicBlock *> Loop2Blocks);
  AllocaInst *bosccConditionArray();
  BasicBlock *copyOneSide(bool TakeThen, ArrayRef<BasicBlock *> Loop2Blocks);
  void dispatchBOSCC(ArrayRef<BasicBlock *> Copies, AllocaInst *CondArr);
  SmallVector<AllocaInst *, 8> bosccInputArrays() const;
  void fenceBOSCCLoop(BasicBlock *H, StringRef Tag,
                      ArrayRef<AllocaInst *> InputArrays);

  PartKind partOf(const BasicBlock *BB) const {
    auto It = Part.find(BB);
    return It == Part.end() ? NotInBody : It->second;
  }
  /// Part in which a use of a value is read: a phi reads on its edge.
  PartKind partOfUse(const Use &U) const;
  /// Whether \p I, crossing the cut for the parts \p Needs, is A's and
  /// read in the region (an input of lane loop 2).
  bool isInputOfI(Instruction *I, unsigned Needs) const {
    return partOf(I->getParent()) == PartA && (Needs & (1u << PartI));
  }

  /// The vector of one value per lane (lane flags, a whole lane array).
  VectorType *laneVectorType(Type *Elt) const {
    return VectorType::get(Elt, VL);
  }
  /// The lane array \p A read whole, one element per lane.
  Value *loadLanes(IRBuilder<> &B, AllocaInst *A, const Twine &Name = "") {
    return B.CreateAlignedLoad(laneVectorType(laneArrayElementType(A)), A,
                               A->getAlign(), Name);
  }

  Function &F;
  LLVMContext &Ctx;
  /// The lanes: a constant, or vscale x N (an SVE variant's), whose count
  /// the IR reads as L.Count.
  ElementCount VL;
  const TargetTransformInfo *TTI;
  LaneLoop L;
  /// The region cut at: the inner loop's header, the call's or the
  /// branch's block.
  BasicBlock *IH = nullptr;
  BasicBlock *InnerPre = nullptr;
  DenseMap<const BasicBlock *, PartKind> Part;
  /// The body's blocks in function order (for deterministic output).
  SmallVector<BasicBlock *, 16> Body;
  /// A's blocks, and the body as UniformLoopRule sees it (classifyParts).
  SmallVector<BasicBlock *, 8> ABlocks;
  LaneBodyView View;
  /// For a BOSCC cut: the branch block and the blocks up to the join.
  SmallPtrSet<BasicBlock *, 16> BranchRegion;

  struct Edge {
    BasicBlock *From;
    BasicBlock *To;
  };
  /// Edges from A or I to B (or to the latch): where a lane resumes.
  SmallVector<Edge, 4> Landing;
  /// Back edges of the inner loop.
  SmallVector<BasicBlock *, 2> InnerLatches;
  /// Values defined in A or I and read in a later part, with the parts.
  MapVector<Instruction *, unsigned> Cross; // bit 1<<PartKind
  /// Values of A that a later part reads and that are pure arithmetic of
  /// the lane counter and values from outside the lane loop (a linear
  /// argument's `sext(i) + lane`, `out + i`, `neigh + i`), by the part that
  /// reads them (PartI, PartB): that part's lane loop computes them again
  /// from its own counter instead of reading them per lane, so an address
  /// built from them is still an affine function of the lane (`out[i] = k`
  /// after Mandelbrot's escape loop: one vector store, not one store per
  /// lane; md's `neigh[j * n + i]` in a uniform loop: one contiguous load,
  /// not a gather). Those of PartI stay crossing values when the loop has
  /// shadow lanes: only the copy of lane loop 2 for rounds where every lane
  /// entered computes them again (addEnteredCopy).
  SmallSetVector<Instruction *, 4> LaneAffineIn[PartB + 1];
  /// Availability of each crossing value at the end of each edge source.
  DenseMap<std::pair<Instruction *, BasicBlock *>, bool> AvailAt;

  /// Verify mode: a call the plan and the rule on this IR disagree on.
  const CallBase *SerialDisagrees = nullptr;
  /// The plan's decision for the cut: at an inner loop (PlannedLoop too),
  /// a call or a BOSCC region; null at a site the plan did not model, or
  /// without a plan.
  const CutDecision *Planned = nullptr;
  const InnerLoopDecision *PlannedLoop = nullptr;
  CutDecisions D;
  CutIR N;
  bool MadeSteadyCopy = false;
  unsigned NumTransposedReads = 0;
};

} // namespace fission
} // namespace vplanext

#endif // VPLANEXT_LANELOOPCUTTER_H
