//===- LaneLoopFission.cpp - Cut a SIMD-lane loop at its inner loops ------===//
//
/// \file
/// See LaneLoopFission.h for the shape of the result. One cut works on three
/// parts of the lane loop's body: A (blocks before the inner loop I, which
/// can still reach it), I itself, and B (everything after, including paths
/// that bypass I). Edges only go forward A -> I -> B (anything else is
/// refused), so every lane runs A, then some iterations of I, then B, and
/// the three parts can become three lane loops.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopFission.h"
#include "vplan-ext/LockstepAccess.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Analysis/PostDominators.h"
#include <deque>
#include <functional>

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumCuts, "Number of lane loops cut at an inner loop");
STATISTIC(NumCrossArrays,
          "Number of per-lane arrays for values that cross a cut");
STATISTIC(NumCutFailures, "Number of lane loops that could not be cut");
STATISTIC(NumLaneAffineRecomputed,
          "Number of lane-affine values lane loop 3 computes again instead "
          "of reading them from a lane array");
STATISTIC(NumBOSCC, "Number of divergent branches given BOSCC copies");
STATISTIC(NumUniformLoops, "Number of inner loops cut as uniform loops");
STATISTIC(NumRoundCounters,
          "Number of divergent-loop counters read as the round counter");
STATISTIC(NumSteppedCopies,
          "Number of divergent loops given a lane-stepped copy");
STATISTIC(NumShadowLoops,
          "Number of uniform loops whose skipping lanes shadow another lane");

namespace vplanext {
namespace {

enum PartKind : unsigned char { NotInBody = 0, PartA, PartI, PartB };

/// A lane loop in the normal form the cut needs: the header holds only the
/// lane phi, the latch only the increment and the exit test.
struct LaneLoop {
  BasicBlock *Pre = nullptr;
  BasicBlock *Header = nullptr;
  BasicBlock *Latch = nullptr;
  BasicBlock *Exit = nullptr;
  BasicBlock *BodyEntry = nullptr;
  PHINode *Lane = nullptr;
};

struct Failure {
  std::string Why;
  const Instruction *At = nullptr;
};

/// Recognises `lane = phi [0, Pre], [next, Latch]` with
/// `next = lane + 1; br (next == VL), Exit, Header` and splits the header
/// and latch so that they hold nothing else.
std::optional<LaneLoop> normalise(BasicBlock *Header, unsigned VL,
                                  Failure &F) {
  LaneLoop L;
  L.Header = Header;
  if (pred_size(Header) != 2) {
    F.Why = "the lane loop header does not have exactly two predecessors";
    return std::nullopt;
  }
  auto PhiIt = Header->phis();
  if (std::distance(PhiIt.begin(), PhiIt.end()) != 1) {
    F.Why = "the lane loop header has more than the lane counter";
    return std::nullopt;
  }
  L.Lane = &*PhiIt.begin();
  for (unsigned K = 0; K != 2; ++K) {
    auto *C = dyn_cast<ConstantInt>(L.Lane->getIncomingValue(K));
    if (C && C->isZero())
      L.Pre = L.Lane->getIncomingBlock(K);
    else
      L.Latch = L.Lane->getIncomingBlock(K);
  }
  if (!L.Pre || !L.Latch || L.Pre == L.Latch) {
    F.Why = "the lane counter does not start at zero";
    return std::nullopt;
  }
  auto *Next = dyn_cast<Instruction>(L.Lane->getIncomingValueForBlock(L.Latch));
  auto *Br = dyn_cast<BranchInst>(L.Latch->getTerminator());
  auto *Cmp = Br && Br->isConditional()
                  ? dyn_cast<ICmpInst>(Br->getCondition())
                  : nullptr;
  auto *Step = Next && Next->getOpcode() == Instruction::Add
                   ? dyn_cast<ConstantInt>(Next->getOperand(1))
                   : nullptr;
  auto *Bound = Cmp ? dyn_cast<ConstantInt>(Cmp->getOperand(1)) : nullptr;
  if (!Next || Next->getParent() != L.Latch || Next->getOperand(0) != L.Lane ||
      !Step || !Step->isOne() || !Cmp || Cmp->getParent() != L.Latch ||
      Cmp->getPredicate() != ICmpInst::ICMP_EQ || Cmp->getOperand(0) != Next ||
      !Bound || Bound->getZExtValue() != VL || Br->getSuccessor(1) != Header) {
    F.Why = "the lane loop latch is not `lane + 1 == VL`";
    return std::nullopt;
  }
  L.Exit = Br->getSuccessor(0);
  if (!L.Exit->phis().empty()) {
    F.Why = "the block after the lane loop has phis";
    return std::nullopt;
  }
  // Only the increment and the test may stay in the latch.
  if (Next->hasNUsesOrMore(3) || Cmp->hasNUsesOrMore(2)) {
    F.Why = "the lane counter is used after the loop";
    return std::nullopt;
  }
  Cmp->moveBefore(Br->getIterator());
  Next->moveBefore(Cmp->getIterator());
  if (&*L.Latch->getFirstNonPHIIt() != Next)
    L.Latch = SplitBlock(L.Latch, Next->getIterator(),
                         static_cast<DominatorTree *>(nullptr), nullptr,
                         nullptr, L.Latch->getName() + ".inc");
  if (&*Header->getFirstNonPHIIt() != Header->getTerminator() ||
      !cast<BranchInst>(Header->getTerminator())->isUnconditional())
    SplitBlock(Header, Header->getFirstNonPHIIt(),
               static_cast<DominatorTree *>(nullptr), nullptr, nullptr,
               Header->getName() + ".body");
  L.BodyEntry = Header->getTerminator()->getSuccessor(0);
  // The body must start with a block of its own (not an inner loop's
  // header), so the part before the first inner loop is never empty.
  if (!L.BodyEntry->getSinglePredecessor())
    L.BodyEntry = SplitEdge(Header, L.BodyEntry);
  return L;
}

/// Scalar width, in bits, of the per-lane data: masks and flags use it so
/// the vectorized code needs no packing between mask and data.
unsigned dataBits(Type *T, const DataLayout &DL) {
  if (T->isIntegerTy(1))
    return 0;
  if (T->isIntegerTy() || T->isFloatingPointTy() || T->isPointerTy())
    return DL.getTypeSizeInBits(T).getFixedValue();
  return 0;
}

bool hasOrderedSideEffects(const Instruction &I) {
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || isa<IntrinsicInst>(CB))
    return false;
  if (!CB->mayHaveSideEffects())
    return false;
  // A declare-simd callee promises that its lanes may run in any order.
  if (const Function *Callee = CB->getCalledFunction())
    for (const Attribute &A : Callee->getAttributes().getFnAttrs())
      if (A.isStringAttribute() && A.getKindAsString().starts_with("_ZGV"))
        return false;
  return true;
}

/// Whether every lane computes the same address \p Ptr: it comes from
/// outside the lane loop \p LL, or is computed in it only from such values
/// (address arithmetic, casts, calls that touch no memory such as
/// `__errno_location()`).
static bool isSharedAddress(const Value *Ptr, const Loop &LL,
                            unsigned Depth = 0) {
  const auto *I = dyn_cast<Instruction>(Ptr);
  if (!I || !LL.contains(I))
    return true;
  if (Depth > 8 || isa<PHINode>(I))
    return false;
  if (const auto *CB = dyn_cast<CallBase>(I)) {
    if (!CB->doesNotAccessMemory() || CB->isInlineAsm())
      return false;
  } else if (!isa<GetElementPtrInst>(I) && !isa<CastInst>(I) &&
             !isa<SelectInst>(I)) {
    return false;
  }
  return all_of(I->operands(), [&](const Value *Op) {
    return isa<BasicBlock>(Op) || isSharedAddress(Op, LL, Depth + 1);
  });
}

/// A load or store of \p LL, other than \p Call, at an address shared by
/// every lane that \p Call may write (beyond its pointer arguments, which
/// each lane's call has its own of): cutting the lane loop at the call runs
/// every lane's call between the accesses, so a lane would read another
/// lane's write (errno after `log`).
static const Instruction *findSharedAccessClobbered(const CallBase &Call,
                                                    const Loop &LL) {
  MemoryEffects ME = Call.getMemoryEffects();
  if (ME.getWithoutLoc(IRMemLocation::ArgMem).onlyReadsMemory())
    return nullptr;
  for (const BasicBlock *BB : LL.blocks())
    for (const Instruction &I : *BB) {
      const Value *Ptr = getLoadStorePointerOperand(&I);
      if (!Ptr || &I == &Call || !isSharedAddress(Ptr, LL))
        continue;
      const Value *Obj = getUnderlyingObject(Ptr);
      if (isa<AllocaInst>(Obj))
        continue;
      if (const auto *GV = dyn_cast<GlobalVariable>(Obj); GV && GV->isConstant())
        continue;
      return &I;
    }
  return nullptr;
}

/// The first access findSharedAccessClobbered finds for a call of the
/// lane loop headed by \p LaneHeader that would run lane by lane.
static const Instruction *findSerialCallClobber(Function &F,
                                                BasicBlock *LaneHeader) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  const Loop *LL = LI.getLoopFor(LaneHeader);
  if (!LL)
    return nullptr;
  for (const BasicBlock *BB : LL->blocks())
    for (const Instruction &I : *BB)
      if (const auto *CB = dyn_cast<CallBase>(&I);
          CB && callNeedsSerialLanes(*CB))
        if (const Instruction *Shared = findSharedAccessClobbered(*CB, *LL))
          return Shared;
  return nullptr;
}

/// Marks the branches of a cut's resume dispatch (lane loop 3's entry).
constexpr const char *ResumeDispatchMD = "vplan.lane.resume";

/// One cut of one lane loop.
class Cutter {
public:
  Cutter(Function &F, unsigned VL, const TargetTransformInfo *TTI)
      : F(F), Ctx(F.getContext()), VL(VL), TTI(TTI) {}

  enum Outcome { NoInnerLoop, Cut, Failed };
  Outcome run(BasicBlock *Header, Failure &Fail);
  SmallVector<BasicBlock *, 3> NewHeaders;
  /// The cut was at a call the vectorizer cannot widen: lane loop 2 runs
  /// that call lane by lane (instantiation) and must stay scalar.
  CallBase *SerialCall = nullptr;
  /// The cut was at a heavy divergent if/else (BOSCC): lane loop 2 has two
  /// more copies, for "every lane takes the then side" and "every lane
  /// takes the else side", chosen at run time; none is cut again.
  BranchInst *BOSCCBranch = nullptr;
  /// Allow a BOSCC cut of an innermost lane loop.
  bool AllowBOSCC = false;
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
  /// A divergent loop's counters that addresses read (kept as one scalar
  /// per round) and lane-stepped inputs (a copy of lane loop 2 computes
  /// them as first + lane when a run-time test says they are).
  LockstepAccess Lockstep;

private:
  bool analyse(Failure &Fail);
  void findUniformLoop(Loop &Inner, const DominatorTree &DT);
  /// Whether \p V has the same value in every lane: from outside the lane
  /// loop, a uniform phi, or computed from such values in A or the inner
  /// loop without memory.
  bool isUniformValue(Value *V, unsigned Depth = 0) const;
  bool isOutsideLaneLoop(const Value *V) const;
  /// Whether \p V is computed in A from values outside the lane loop only,
  /// without memory and without a possible trap: loop 2 can compute it
  /// again (recompute) instead of reading it per lane.
  bool isRecomputable(Value *V) const;
  Value *recompute(IRBuilder<> &B, Value *V,
                   DenseMap<Value *, Value *> &Done) const;
  void findLockstep(Loop &Inner);
  void findLaneAffineInB();
  void recomputeLaneAffine(IRBuilder<> &B, PHINode *Lane1, PHINode *Lane3,
                           DenseMap<Value *, Value *> &InB) const;
  void transform();
  /// A lane-stepped input of a divergent loop: its lane array, its read in
  /// lane loop 2, and for a pointer the bytes it steps by per lane.
  struct SteppedInput {
    AllocaInst *Arr;
    Instruction *Read;
    uint64_t PtrStride;
  };
  void addSteppedCopy(BasicBlock *Pre, BasicBlock *W, BasicBlock *H2,
                      AllocaInst *Act, ArrayRef<SteppedInput> Inputs,
                      ArrayRef<BasicBlock *> Loop2Blocks);
  bool prefetchAhead(IRBuilder<> &B, Instruction *Acc, PHINode *Lane,
                     const SmallPtrSetImpl<BasicBlock *> &InCopy,
                     unsigned Ahead);
  BranchInst *findHeavyBranch(Loop &LL, DominatorTree &DT,
                              SmallPtrSetImpl<BasicBlock *> &Region);
  void addBOSCCCopies(BasicBlock *W, BasicBlock *H2, BasicBlock *Act2,
                      BasicBlock *T2, AllocaInst *Act, AllocaInst *CondArr,
                      ArrayRef<BasicBlock *> Loop2Blocks);

  PartKind partOf(const BasicBlock *BB) const {
    auto It = Part.find(BB);
    return It == Part.end() ? NotInBody : It->second;
  }
  /// Part in which a use of a value is read: a phi reads on its edge.
  PartKind partOfUse(const Use &U) const;
  AllocaInst *makeArray(Type *EltTy, const Twine &Name);
  /// How a value lives in a lane array: flags as masks of the data's width,
  /// odd-sized integers (i33 from induction widening) in a whole power-of-2
  /// size, so that the array is exactly the vector of its elements.
  Type *storedType(Type *T) const {
    if (T->isIntegerTy(1))
      return MaskTy;
    if (auto *IT = dyn_cast<IntegerType>(T);
        IT && (IT->getBitWidth() < 8 || !isPowerOf2_32(IT->getBitWidth())))
      return IntegerType::get(T->getContext(),
                              std::max(8u, unsigned(PowerOf2Ceil(
                                               IT->getBitWidth()))));
    return T;
  }
  Value *lanePtr(IRBuilder<> &B, AllocaInst *A, Value *Lane);
  void storeLane(IRBuilder<> &B, Value *V, AllocaInst *A, Value *Lane);
  Value *loadLane(IRBuilder<> &B, Type *T, AllocaInst *A, Value *Lane,
                  const Twine &Name);

  Function &F;
  LLVMContext &Ctx;
  unsigned VL;
  const TargetTransformInfo *TTI;
  LaneLoop L;
  /// The inner loop cut at (its LoopInfo does not outlive analyse()).
  BasicBlock *IH = nullptr;
  BasicBlock *InnerPre = nullptr;
  DenseMap<const BasicBlock *, PartKind> Part;
  /// The body's blocks in function order (for deterministic output).
  SmallVector<BasicBlock *, 16> Body;
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
  /// Values of A that B reads and that are pure arithmetic of the lane
  /// counter and values from outside the lane loop (a linear argument's
  /// `sext(i) + lane`, `out + i`): lane loop 3 computes them again from its
  /// own counter instead of reading them per lane, so an address B builds
  /// from them is still an affine function of the lane (`out[i] = k` after
  /// Mandelbrot's escape loop: one vector store, not one store per lane).
  SmallSetVector<Instruction *, 4> LaneAffineInB;
  /// Availability of each crossing value at the end of each edge source.
  DenseMap<std::pair<Instruction *, BasicBlock *>, bool> AvailAt;
  Type *MaskTy = nullptr;
};

PartKind Cutter::partOfUse(const Use &U) const {
  auto *UI = cast<Instruction>(U.getUser());
  if (auto *PN = dyn_cast<PHINode>(UI)) {
    BasicBlock *From = PN->getIncomingBlock(U);
    // Phis on a landing edge read in B: the edge gets its own B block.
    if (partOf(PN->getParent()) == PartB && partOf(From) != PartB)
      return PartB;
    return partOf(From);
  }
  return partOf(UI->getParent());
}

bool Cutter::analyse(Failure &Fail) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  Loop *LL = LI.getLoopFor(L.Header);
  if (!LL || LL->getHeader() != L.Header) {
    Fail.Why = "the lane loop is not a natural loop";
    return false;
  }
  for (BasicBlock *BB : LL->blocks())
    if (const char *Why = whyNotLaneControlFlow(*BB)) {
      Fail = {Why, BB->getTerminator()};
      return false;
    }
  ReversePostOrderTraversal<Function *> RPOT(&F);
  DenseMap<const BasicBlock *, unsigned> Order;
  for (BasicBlock *BB : RPOT)
    Order[BB] = Order.size();

  // The region to cut at: the first inner loop in program order (so the
  // part before it is free of loops); in an innermost lane loop, the first
  // call the vectorizer cannot widen, which then runs lane by lane.
  Loop *Inner = nullptr;
  for (Loop *Sub : LL->getSubLoops())
    if (!Inner || Order.lookup(Sub->getHeader()) <
                      Order.lookup(Inner->getHeader()))
      Inner = Sub;
  if (!Inner) {
    CallBase *Call = nullptr;
    for (BasicBlock *BB : RPOT) {
      if (!LL->contains(BB))
        continue;
      for (Instruction &I : *BB)
        if (auto *CB = dyn_cast<CallBase>(&I); CB && callNeedsSerialLanes(*CB)) {
          Call = CB;
          break;
        }
      if (Call)
        break;
    }
    if (Call) {
      // The call gets a block of its own.
      BasicBlock *Before = Call->getParent();
      IH = SplitBlock(Before, Call->getIterator(), &DT, &LI, nullptr,
                      "lane.serial");
      SplitBlock(IH, std::next(Call->getIterator()), &DT, &LI, nullptr,
                 "lane.serial.after");
      InnerPre = Before;
      SerialCall = Call;
    } else {
      SmallPtrSet<BasicBlock *, 16> Region;
      BranchInst *Br = AllowBOSCC ? findHeavyBranch(*LL, DT, Region) : nullptr;
      if (!Br)
        return true; // nothing to cut
      // The branch gets a block of its own; the region is that block plus
      // everything between the branch and its join.
      BasicBlock *CondBB = Br->getParent();
      IH = SplitBlock(CondBB, Br->getIterator(), &DT, &LI, nullptr,
                      "lane.boscc");
      InnerPre = CondBB;
      BOSCCBranch = Br;
      BranchRegion.insert(Region.begin(), Region.end());
      BranchRegion.insert(IH);
    }
    Order.clear();
    for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F))
      Order[BB] = Order.size();
  } else {
    IH = Inner->getHeader();
    InnerPre = Inner->getLoopPreheader();
  }
  if (!InnerPre) {
    // A guard that skips the loop enters the header straight from a branch:
    // give the loop a block of its own to enter through.
    InnerPre = InsertPreheaderForLoop(Inner, &DT, &LI, /*MSSAU=*/nullptr,
                                      /*PreserveLCSSA=*/false);
    if (!InnerPre) {
      Fail = {"the inner loop has no single entry edge", &IH->front()};
      return false;
    }
    Order.clear();
    for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F))
      Order[BB] = Order.size();
  }
  auto InRegion = [&](const BasicBlock *BB) {
    if (Inner)
      return Inner->contains(BB);
    if (BOSCCBranch)
      return BranchRegion.count(BB) != 0;
    return BB == IH;
  };

  // Parts. A: blocks that can still reach the inner loop.
  for (BasicBlock &BB : F)
    if (LL->contains(&BB) && &BB != L.Header && &BB != L.Latch) {
      Part[&BB] = InRegion(&BB) ? PartI : PartB;
      Body.push_back(&BB);
    }
  SmallVector<BasicBlock *, 16> Work = {InnerPre};
  Part[InnerPre] = PartA;
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    for (BasicBlock *P : predecessors(BB))
      if (partOf(P) == PartB) {
        Part[P] = PartA;
        Work.push_back(P);
      }
  }

  // Edges: forward only, A -> I only into the header.
  for (BasicBlock *BB : Body) {
    PartKind K = partOf(BB);
    const Instruction *T = BB->getTerminator();
    if (!isa<BranchInst>(T) && !isa<SwitchInst>(T) &&
        !isa<UnreachableInst>(T) && !isa<ReturnInst>(T)) {
      Fail = {"the lane loop body has a terminator the cut cannot redirect",
              T};
      return false;
    }
    if (isa<ReturnInst>(T)) {
      Fail = {"the lane loop body returns from the function", T};
      return false;
    }
    SmallPtrSet<BasicBlock *, 4> Seen;
    for (BasicBlock *S : successors(BB)) {
      if (!Seen.insert(S).second)
        continue;
      PartKind SK = S == L.Latch ? PartB : partOf(S);
      bool Bad = SK == NotInBody || SK < K;
      if (K == PartA && SK == PartI && S != IH)
        Bad = true;
      if (Bad) {
        Fail = {"the lane loop body has control flow the cut cannot order "
                "(irreducible, or a jump back before the inner loop)",
                T};
        return false;
      }
      if (K != PartB && SK == PartB)
        Landing.push_back({BB, S});
      if (K == PartI && S == IH)
        InnerLatches.push_back(BB);
    }
  }
  if (Landing.empty()) {
    Fail = {"the inner loop never exits", &IH->front()};
    return false;
  }
  // Deterministic order: by program order of the source, then successor.
  llvm::stable_sort(Landing, [&](const Edge &X, const Edge &Y) {
    return Order.lookup(X.From) < Order.lookup(Y.From);
  });
  llvm::stable_sort(InnerLatches, [&](BasicBlock *X, BasicBlock *Y) {
    return Order.lookup(X) < Order.lookup(Y);
  });

  if (Inner)
    findUniformLoop(*Inner, DT);

  // Instructions: what the cut cannot carry or would reorder.
  const DataLayout &DL = F.getDataLayout();
  unsigned Bits = 0, CrossBits = 0;
  for (BasicBlock *BB : Body)
    for (const Instruction &I : *BB) {
      if (isa<AllocaInst>(I)) {
        Fail = {"the lane loop body allocates stack memory", &I};
        return false;
      }
      // Calls outside the inner loop are cut out and run lane by lane
      // later; inside it, lanes would interleave their calls iteration by
      // iteration.
      if (!SerialCall && partOf(BB) == PartI && hasOrderedSideEffects(I)) {
        Fail = {"the inner loop calls a function with side effects and no "
                "vector variant; cutting the lane loop would change the "
                "order of its calls",
                &I};
        return false;
      }
    }
  for (BasicBlock *BB : Body) {
    PartKind K = partOf(BB);
    if (K == PartB)
      continue;
    for (Instruction &I : *BB) {
      unsigned Needs = 0;
      for (const Use &U : I.uses()) {
        auto *UI = cast<Instruction>(U.getUser());
        if (auto *PN = dyn_cast<PHINode>(UI); PN && PN->getParent() == IH) {
          // Inner-loop state: the initial value is read in A, the next
          // value on a back edge in I.
          if (K == PartA && PN->getIncomingBlock(U) != InnerPre)
            Needs |= 1u << PartI;
          continue;
        }
        PartKind UK = partOfUse(U);
        if (UK == NotInBody) {
          Fail = {"a value of the lane loop body is used outside it", UI};
          return false;
        }
        if (UK > K)
          Needs |= 1u << UK;
      }
      if (!Needs)
        continue;
      if (I.getType()->isTokenTy()) {
        Fail = {"a token value crosses the inner loop", &I};
        return false;
      }
      Cross[&I] = Needs;
      if (!I.getType()->isPointerTy())
        CrossBits = std::max(CrossBits, dataBits(I.getType(), DL));
    }
  }
  // The mask width follows the data the loop carries (its state phis), not
  // 64-bit address arithmetic that merely crosses the cut.
  for (PHINode &PN : IH->phis())
    if (!PN.getType()->isPointerTy())
      Bits = std::max(Bits, dataBits(PN.getType(), DL));
  if (!Bits)
    Bits = CrossBits;
  MaskTy = IntegerType::get(
      Ctx, Bits ? std::clamp(unsigned(PowerOf2Ceil(Bits)), 8u, 64u) : 32);

  // Which crossing values exist at the end of each edge source (the value
  // a lane leaving on that edge carries; otherwise it is never read there).
  for (auto &[I, Needs] : Cross) {
    for (const Edge &E : Landing)
      AvailAt[{I, E.From}] = DT.dominates(I, E.From->getTerminator());
    AvailAt[{I, InnerPre}] = DT.dominates(I, InnerPre->getTerminator());
  }

  // Locals of the scalar body that the parts would share.
  for (Instruction &I : F.getEntryBlock()) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    if (!AI || AI->getMetadata(LaneArrayMDName))
      continue;
    unsigned Parts = 0;
    SmallVector<const Value *, 8> Users = {AI};
    SmallPtrSet<const Value *, 8> Seen;
    while (!Users.empty()) {
      const Value *V = Users.pop_back_val();
      for (const User *U : V->users()) {
        auto *UI = dyn_cast<Instruction>(U);
        if (!UI || !Seen.insert(UI).second)
          continue;
        if (PartKind K = partOf(UI->getParent()))
          Parts |= 1u << K;
        if (isa<GetElementPtrInst>(UI) || isa<CastInst>(UI) ||
            isa<PHINode>(UI) || isa<SelectInst>(UI))
          Users.push_back(UI);
      }
    }
    if (Parts & (Parts - 1)) {
      Fail = {"a local variable of the body lives in memory on both sides of "
              "the inner loop; the lanes would share it",
              AI};
      return false;
    }
  }
  findLaneAffineInB();
  // Shadow lanes must read exactly what the lane they shadow reads; a
  // lane-stepped copy would move them.
  if (Inner && Inner->isInnermost() && !ShadowLanes && isLockstepEnabled())
    findLockstep(*Inner);
  return true;
}

AllocaInst *Cutter::makeArray(Type *EltTy, const Twine &Name) {
  ++NumCrossArrays;
  return createLaneArray(F, EltTy, VL, Name);
}

Value *Cutter::lanePtr(IRBuilder<> &B, AllocaInst *A, Value *Lane) {
  return B.CreateInBoundsGEP(A->getAllocatedType(), A, {B.getInt64(0), Lane});
}

void Cutter::storeLane(IRBuilder<> &B, Value *V, AllocaInst *A, Value *Lane) {
  if (Type *S = storedType(V->getType()); S != V->getType())
    V = B.CreateZExt(V, S);
  B.CreateStore(V, lanePtr(B, A, Lane));
}

Value *Cutter::loadLane(IRBuilder<> &B, Type *T, AllocaInst *A, Value *Lane,
                        const Twine &Name) {
  Value *V = B.CreateLoad(storedType(T), lanePtr(B, A, Lane), Name);
  if (T->isIntegerTy(1))
    V = B.CreateIsNotNull(V, Name);
  else if (V->getType() != T)
    V = B.CreateTrunc(V, T, Name);
  return V;
}

/// A uniform inner loop: no lane can bypass it (A has no edge to B, so the
/// lane loop is not masked either) and its exits depend only on values that
/// are the same in every lane: constants, arguments and values from outside
/// the lane loop, and header phis that start from and step by such values.
bool Cutter::isOutsideLaneLoop(const Value *V) const {
  auto *I = dyn_cast<Instruction>(V);
  return !I || (partOf(I->getParent()) == NotInBody &&
                I->getParent() != L.Header && I->getParent() != L.Latch);
}

bool Cutter::isUniformValue(Value *V, unsigned Depth) const {
  if (isOutsideLaneLoop(V))
    return true;
  if (auto *PN = dyn_cast<PHINode>(V); PN && UniformPhis.count(PN))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  PartKind K = I ? partOf(I->getParent()) : NotInBody;
  if (!I || Depth > 8 || (K != PartA && K != PartI) || isa<PHINode>(I) ||
      I->mayReadOrWriteMemory() || I->mayHaveSideEffects())
    return false;
  return all_of(I->operands(),
                [&](Value *Op) { return isUniformValue(Op, Depth + 1); });
}

bool Cutter::isRecomputable(Value *V) const {
  return vplanext::isRecomputable(
      V, [&](const Value *X) { return isOutsideLaneLoop(X); },
      [&](const Instruction *I) { return partOf(I->getParent()) == PartA; });
}

Value *Cutter::recompute(IRBuilder<> &B, Value *V,
                         DenseMap<Value *, Value *> &Done) const {
  if (Value *R = Done.lookup(V))
    return R;
  if (isOutsideLaneLoop(V))
    return V;
  auto *I = cast<Instruction>(V);
  Instruction *N = I->clone();
  for (Use &U : N->operands())
    U.set(recompute(B, U.get(), Done));
  B.Insert(N, I->getName());
  Done[V] = N;
  return N;
}

/// Takes B's reads of lane-affine values of A (see LaneAffineInB) out of
/// the crossing values: recomputed in lane loop 3 they are exactly what the
/// lane computed in A (pure, non-trapping, no memory), wherever A computed
/// them or not.
void Cutter::findLaneAffineInB() {
  auto IsLeaf = [&](const Value *X) {
    return X == L.Lane || isOutsideLaneLoop(X);
  };
  auto InA = [&](const Instruction *I) { return partOf(I->getParent()) == PartA; };
  for (auto &[I, Needs] : Cross)
    if ((Needs & (1u << PartB)) && InA(I) &&
        vplanext::isRecomputable(I, IsLeaf, InA)) {
      LaneAffineInB.insert(I);
      Needs &= ~(1u << PartB);
    }
  Cross.remove_if([](const auto &KV) { return KV.second == 0; });
}

/// At lane loop 3's entry: each of LaneAffineInB for the lane \p Lane3
/// (A reads lane loop 1's counter \p Lane1 by now), which B's uses read
/// (those of a value loop 2 reads too are rewritten with the crossing
/// values, from \p InB).
void Cutter::recomputeLaneAffine(IRBuilder<> &B, PHINode *Lane1,
                                 PHINode *Lane3,
                                 DenseMap<Value *, Value *> &InB) const {
  DenseMap<Value *, Value *> Done = {{Lane1, Lane3}};
  for (Instruction *I : LaneAffineInB) {
    Value *R = InB[I] = recompute(B, I, Done);
    if (!Cross.count(I))
      for (Use &U : make_early_inc_range(I->uses()))
        if (partOfUse(U) == PartB)
          U.set(R);
  }
  NumLaneAffineRecomputed += LaneAffineInB.size();
}

void Cutter::findUniformLoop(Loop &Inner, const DominatorTree &DT) {
  for (PHINode &PN : IH->phis())
    if (PN.getType()->isIntegerTy() &&
        isOutsideLaneLoop(PN.getIncomingValueForBlock(InnerPre)))
      UniformPhis.insert(&PN);
  // Optimistic fixpoint: drop phis whose next value is not uniform.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (PHINode *PN : SmallVector<PHINode *, 4>(UniformPhis.begin(),
                                                 UniformPhis.end()))
      for (BasicBlock *S : InnerLatches)
        if (!isUniformValue(PN->getIncomingValueForBlock(S))) {
          UniformPhis.erase(PN);
          Changed = true;
          break;
        }
  }
  // Every lane that enters the loop leaves it at the same iteration
  // through the same exit.
  SmallVector<BasicBlock *, 8> Exiting;
  Inner.getExitingBlocks(Exiting);
  auto UniformBranch = [&](BasicBlock *BB) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    return Br && (!Br->isConditional() || isUniformValue(Br->getCondition()));
  };
  // And every lane that goes on to the next iteration has passed every
  // exit test: an exit reached only on some paths (`if (v) { if (u)
  // return; }`) lets lanes leave at different iterations although each
  // test is uniform (found by the fuzzer: seed 6056, fz151386).
  auto OnEveryIteration = [&](BasicBlock *BB) {
    return all_of(InnerLatches,
                  [&](BasicBlock *S) { return DT.dominates(BB, S); });
  };
  if (!all_of(Exiting, UniformBranch) || !all_of(Exiting, OnEveryIteration)) {
    UniformPhis.clear();
    return;
  }
  UniformLoop = true;
  // Every lane takes the same path through A, so all enter the loop or
  // none. If not (a masked variant's mask test, a strip-mined loop's trip
  // count test), lanes that skip it shadow one that enters: allowed only
  // when that cannot be observed. The lane index itself would tell the
  // shadow apart (its own argument slot, its own element).
  if (all_of(Body, [&](BasicBlock *BB) {
        return partOf(BB) != PartA || UniformBranch(BB);
      }))
    return;
  for (BasicBlock *BB : Body) {
    if (partOf(BB) != PartI)
      continue;
    for (Instruction &I : *BB) {
      bool UsesLane = is_contained(I.operands(), L.Lane);
      if (I.mayWriteToMemory() || I.mayHaveSideEffects() || UsesLane ||
          isa<AllocaInst>(I)) {
        UniformLoop = false;
        UniformPhis.clear();
        return;
      }
    }
  }
  ShadowLanes = true;
}

void Cutter::findLockstep(Loop &Inner) {
  SmallVector<BasicBlock *, 8> Blocks(Inner.blocks());
  // A uniform loop's shared values (uniform phis, A's uniform values) are
  // read once per round already.
  Lockstep = findLockstepAccess(
      IH, InnerPre, InnerLatches, Blocks, L.Lane,
      [&](Value *V) {
        return UniformLoop ? isUniformValue(V) : isOutsideLaneLoop(V);
      },
      [&](Instruction *I) {
        auto It = Cross.find(I);
        return It != Cross.end() && partOf(I->getParent()) == PartA &&
               (It->second & (1u << PartI));
      },
      [&](Instruction *I) { return isRecomputable(I); }, UniformLoop);
  // The copy reads an input as `first + lane` in the input's own type; an
  // odd-sized integer lives widened in its array.
  erase_if(Lockstep.LaneStepped, [&](Instruction *I) {
    return !I->getType()->isPointerTy() &&
           storedType(I->getType()) != I->getType();
  });
}

void Cutter::transform() {
  NumUniformLoops += UniformLoop;
  NumShadowLoops += ShadowLanes;
  // A's values a uniform loop reads that are the same in every lane, found
  // before the cut adds its lane loops (whose new counters would look like
  // values from outside the lane loop).
  SmallPtrSet<Instruction *, 8> UniformInA;
  if (UniformLoop)
    for (auto &[I, Needs] : Cross)
      if (partOf(I->getParent()) == PartA && (Needs & (1u << PartI)) &&
          isUniformValue(I))
        UniformInA.insert(I);
  auto *I64 = Type::getInt64Ty(Ctx);
  auto Poison = [](Type *T) -> Value * { return PoisonValue::get(T); };
  bool NeedResume = Landing.size() > 1;

  // Per-lane arrays.
  AllocaInst *Act = makeArray(MaskTy, "lane.act");
  AllocaInst *Resume = NeedResume ? makeArray(MaskTy, "lane.resume") : nullptr;
  SmallVector<PHINode *, 4> StatePhis;
  SmallVector<AllocaInst *, 4> StateArr;
  for (PHINode &PN : IH->phis()) {
    StatePhis.push_back(&PN);
    StateArr.push_back(makeArray(storedType(PN.getType()),
                                 PN.getName() + ".lanes"));
  }
  MapVector<Instruction *, AllocaInst *> CrossArr;
  for (auto &[I, Needs] : Cross)
    CrossArr[I] = makeArray(storedType(I->getType()), I->getName() + ".lanes");

  // New blocks, in program order.
  BasicBlock *Before = L.BodyEntry;
  auto NewBB = [&](const Twine &Name, BasicBlock *At) {
    return BasicBlock::Create(Ctx, Name, &F, At);
  };
  BasicBlock *H1 = NewBB("lane.pre", Before);
  BasicBlock *T1 = NewBB("lane.pre.latch", IH);
  BasicBlock *W = NewBB("lane.any", IH);
  BasicBlock *H2 = NewBB("lane.loop", IH);
  BasicBlock *Act2 = NewBB("lane.loop.active", IH);
  BasicBlock *AfterI = nullptr;
  for (BasicBlock &BB : F)
    if (partOf(&BB) == PartB) {
      AfterI = &BB;
      break;
    }
  if (!AfterI)
    AfterI = L.Latch;
  BasicBlock *T2 = NewBB("lane.loop.latch", AfterI);
  BasicBlock *H3 = NewBB("lane.post", AfterI);
  BasicBlock *D3 = NewBB("lane.post.resume", AfterI);
  BasicBlock *T3 = NewBB("lane.post.latch", L.Latch);
  Part[Act2] = PartI;
  Part[D3] = PartB;

  IRBuilder<> B(Ctx);
  // Lane counters.
  auto MakeCounter = [&](BasicBlock *H, BasicBlock *Pre, BasicBlock *T,
                         BasicBlock *Out, BasicBlock *Body, const Twine &Name) {
    B.SetInsertPoint(H);
    PHINode *Lane = B.CreatePHI(I64, 2, Name);
    Lane->addIncoming(B.getInt64(0), Pre);
    B.CreateBr(Body);
    B.SetInsertPoint(T);
    Value *Next = B.CreateAdd(Lane, B.getInt64(1), Name + ".next",
                              /*HasNUW=*/true, /*HasNSW=*/true);
    Lane->addIncoming(Next, T);
    B.CreateCondBr(B.CreateICmpEQ(Next, B.getInt64(VL)), Out, H);
    return Lane;
  };

  // Edge blocks: every redirected edge gets its own block, so the latch
  // phis can tell the edges apart.
  struct Redirect {
    BasicBlock *EdgeBB;   // in loop 1 or 2, branches to T1 / T2
    BasicBlock *Landing;  // in loop 3, branches to the old target
    BasicBlock *From;
    unsigned Id;
  };
  SmallVector<Redirect, 4> Redirects;
  for (auto [K, E] : enumerate(Landing)) {
    bool FromA = partOf(E.From) == PartA;
    BasicBlock *EB = NewBB(E.From->getName() + ".leave", FromA ? T1 : T2);
    BasicBlock *X = NewBB(E.To->getName() + ".resume", E.To == L.Latch ? T3
                                                                      : E.To);
    Part[X] = PartB;
    E.From->getTerminator()->replaceSuccessorWith(E.To, EB);
    IRBuilder<>(EB).CreateBr(FromA ? T1 : T2);
    IRBuilder<>(X).CreateBr(E.To == L.Latch ? T3 : E.To);
    if (E.To != L.Latch)
      for (PHINode &PN : E.To->phis())
        PN.replaceIncomingBlockWith(E.From, X);
    Redirects.push_back({EB, X, E.From, unsigned(K)});
  }
  BasicBlock *Enter = NewBB(InnerPre->getName() + ".enter", T1);
  InnerPre->getTerminator()->replaceSuccessorWith(IH, Enter);
  IRBuilder<>(Enter).CreateBr(T1);
  SmallVector<BasicBlock *, 2> Continue;
  for (BasicBlock *S : InnerLatches) {
    BasicBlock *C = NewBB(S->getName() + ".next", T2);
    S->getTerminator()->replaceSuccessorWith(IH, C);
    // The inner loop's own metadata belonged to its back edge.
    S->getTerminator()->setMetadata(LLVMContext::MD_loop, nullptr);
    IRBuilder<>(C).CreateBr(T2);
    Continue.push_back(C);
  }
  // B blocks that went to the old latch now go to the new one.
  for (BasicBlock *BB : Body)
    if (partOf(BB) == PartB)
      BB->getTerminator()->replaceSuccessorWith(L.Latch, T3);

  // The three lane loops and the uniform loop between them.
  L.Pre->getTerminator()->replaceSuccessorWith(L.Header, H1);
  // Shadow lanes get their inputs between loop 1 and the uniform loop.
  BasicBlock *Fill = ShadowLanes ? NewBB("lane.shadow", IH) : nullptr;
  DenseMap<Instruction *, AllocaInst *> ShadowArr; // what loop 2 reads
  PHINode *Lane1 =
      MakeCounter(H1, L.Pre, T1, Fill ? Fill : W, L.BodyEntry, "lane.a");
  // The uniform loop gets a latch of its own: sharing loop 2's would give
  // it loop 2's metadata (vectorize.enable on a loop that is not innermost).
  BasicBlock *WLatch = NewBB("lane.any.latch", H3);
  IRBuilder<>(WLatch).CreateBr(W);
  PHINode *Lane2 = MakeCounter(H2, W, T2, WLatch, Act2, "lane.i");
  PHINode *Lane3 = MakeCounter(H3, W, T3, L.Exit, D3, "lane.b");
  for (Use &U : make_early_inc_range(L.Lane->uses())) {
    auto *UI = cast<Instruction>(U.getUser());
    switch (partOf(UI->getParent())) {
    case PartA:
      U.set(Lane1);
      break;
    case PartI:
      U.set(Lane2);
      break;
    case PartB:
      U.set(Lane3);
      break;
    case NotInBody:
      break; // the old increment, deleted below
    }
  }

  auto *ActVecTy = FixedVectorType::get(MaskTy, VL);
  if (Fill) {
    // Lanes that do not enter take the state and the inputs of the first
    // lane that does (every lane's slot when none does: the loop is then
    // skipped).
    B.SetInsertPoint(Fill);
    Value *In = B.CreateIsNotNull(
        B.CreateAlignedLoad(ActVecTy, Act, Act->getAlign(), "act"), "in");
    Value *Bits = B.CreateBitCast(In, B.getIntNTy(VL));
    Value *First = B.CreateBinaryIntrinsic(Intrinsic::cttz, Bits,
                                          B.getFalse());
    First = B.CreateBinaryIntrinsic(Intrinsic::umin, First,
                                    B.getIntN(VL, VL - 1), nullptr, "first");
    SmallVector<std::pair<AllocaInst *, AllocaInst *>, 8> Inputs;
    for (AllocaInst *Arr : StateArr)
      Inputs.push_back({Arr, Arr});
    for (auto &[I, Needs] : Cross) {
      if (partOf(I->getParent()) != PartA || !(Needs & (1u << PartI)))
        continue;
      // Loop 3 still needs the lane's own value: loop 2 gets a copy.
      AllocaInst *&To = ShadowArr[I];
      To = Needs & (1u << PartB)
               ? makeArray(storedType(I->getType()), I->getName() + ".in")
               : CrossArr[I];
      Inputs.push_back({CrossArr[I], To});
    }
    for (auto [From, To] : Inputs) {
      auto *VecTy = FixedVectorType::get(
          cast<ArrayType>(From->getAllocatedType())->getElementType(), VL);
      Value *Vec = B.CreateAlignedLoad(VecTy, From, From->getAlign());
      Value *Splat = B.CreateVectorSplat(VL, B.CreateExtractElement(Vec, First));
      B.CreateAlignedStore(B.CreateSelect(In, Vec, Splat), To, To->getAlign());
    }
    B.CreateBr(W);
  }

  // Uniform loop: run the inner loop's lane loop while any lane is in it.
  B.SetInsertPoint(W);
  // Round counters: every lane still in a divergent loop entered it before
  // the first round and has run one iteration per round since, so a
  // lockstep counter holds start + round * step in each of them.
  DenseMap<PHINode *, PHINode *> Round;
  assert((Lockstep.Counters.empty() || !Fill) && "shadows are uniform loops");
  for (auto [PN, Step] : Lockstep.Counters) {
    PHINode *R = B.CreatePHI(PN->getType(), 2, PN->getName() + ".round");
    R->addIncoming(PN->getIncomingValueForBlock(InnerPre), T1);
    R->addIncoming(IRBuilder<>(WLatch->getTerminator())
                       .CreateAdd(R, Step, PN->getName() + ".round.next"),
                   WLatch);
    Round[PN] = R;
  }
  NumRoundCounters += Round.size();
  Value *ActVec = B.CreateAlignedLoad(ActVecTy, Act, Act->getAlign(), "act");
  Value *Any = B.CreateOrReduce(B.CreateIsNotNull(ActVec));
  // A uniform loop's shared values (uniform phis, A's uniform values), read
  // once per round before lane loop 2: it rewrites the state arrays lane by
  // lane, so reading lane 0 inside it would see, in its scalar semantics,
  // lane 0's next value. Every lane runs a uniform loop (shadows included),
  // so lane 0 holds them. Read as the whole array and one element, so that
  // SROA still turns the array into a register.
  DenseMap<Value *, Value *> Shared;
  if (UniformLoop) {
    auto LoadShared = [&](Type *Ty, AllocaInst *Arr, const Twine &Name) {
      auto *VecTy = FixedVectorType::get(
          cast<ArrayType>(Arr->getAllocatedType())->getElementType(), VL);
      Value *Vec = B.CreateAlignedLoad(VecTy, Arr, Arr->getAlign());
      Value *Elt = B.CreateExtractElement(Vec, uint64_t(0), Name);
      if (Ty->isIntegerTy(1))
        return B.CreateIsNotNull(Elt, Name);
      return Elt->getType() == Ty ? Elt : B.CreateTrunc(Elt, Ty, Name);
    };
    for (auto [PN, Arr] : zip(StatePhis, StateArr))
      if (UniformPhis.count(PN))
        Shared[PN] = LoadShared(PN->getType(), Arr, PN->getName());
    for (Instruction *I : UniformInA)
      Shared[I] = LoadShared(I->getType(),
                             Fill ? ShadowArr.lookup(I) : CrossArr[I],
                             I->getName());
  }
  B.CreateCondBr(Any, H2, H3);

  // Loop 2 entry: this lane's flag and state, then one inner iteration.
  B.SetInsertPoint(Act2);
  Value *Active = loadLane(B, B.getInt1Ty(), Act, Lane2, "active");
  SmallVector<Value *, 4> State;
  for (auto [PN, Arr] : zip(StatePhis, StateArr))
    // A shared value is a scalar the vectorizer broadcasts (a uniform
    // address such as n-body's px[j]).
    State.push_back(Shared.count(PN)  ? Shared.lookup(PN)
                    : Round.count(PN) ? Round.lookup(PN)
                                      : loadLane(B, PN->getType(), Arr, Lane2,
                                                 PN->getName()));
  DenseMap<Value *, Value *> InI; // A value as loop 2 reads it
  for (auto [PN, S] : zip(StatePhis, State))
    InI[PN] = S;
  DenseMap<Value *, Value *> Recomputed;
  for (auto &[I, Needs] : Cross)
    if (partOf(I->getParent()) == PartA && (Needs & (1u << PartI)))
      // A uniform loop's bound (`n` widened in A), shared, is a scalar:
      // the exit test stays scalar instead of a per-lane compare (64-bit,
      // emulated by three instructions on SSE2). So is an address's
      // stride in a divergent loop with round counters, computed again.
      InI[I] = Shared.count(I) ? Shared.lookup(I)
               : is_contained(Lockstep.SharedInputs, I)
                   ? recompute(B, I, Recomputed)
                   : loadLane(B, I->getType(),
                              Fill ? ShadowArr.lookup(I) : CrossArr[I], Lane2,
                              I->getName());
  DenseMap<Instruction *, Value *> OldOut; // I's results of exited lanes
  for (auto &[I, Needs] : Cross)
    if (partOf(I->getParent()) == PartI)
      OldOut[I] = loadLane(B, I->getType(), CrossArr[I], Lane2,
                           I->getName() + ".old");
  Value *OldResume =
      NeedResume ? B.CreateLoad(MaskTy, lanePtr(B, Resume, Lane2), "resume.old")
                 : nullptr;
  // Every lane runs a uniform loop's iterations whenever any does.
  if (UniformLoop)
    B.CreateBr(IH);
  else
    B.CreateCondBr(Active, IH, T2);

  // Loop 3 entry: reload what B reads, then go where the lane left off.
  B.SetInsertPoint(D3);
  DenseMap<Value *, Value *> InB;
  for (auto &[I, Needs] : Cross)
    if (Needs & (1u << PartB))
      InB[I] = loadLane(B, I->getType(), CrossArr[I], Lane3, I->getName());
  recomputeLaneAffine(B, Lane1, Lane3, InB);
  if (NeedResume) {
    Value *R = B.CreateLoad(MaskTy, lanePtr(B, Resume, Lane3), "resume");
    for (unsigned K = 0; K + 1 < Redirects.size(); ++K) {
      BasicBlock *NextTest = NewBB("lane.post.resume", Redirects[K + 1].Landing);
      // The cut's own bookkeeping: never a BOSCC candidate (its "region"
      // is the rest of the dispatch, which the next cut would rebuild).
      B.CreateCondBr(B.CreateICmpEQ(R, ConstantInt::get(MaskTy, K)),
                     Redirects[K].Landing, NextTest)
          ->setMetadata(ResumeDispatchMD, MDNode::get(Ctx, {}));
      B.SetInsertPoint(NextTest);
      Part[NextTest] = PartB;
    }
  }
  B.CreateBr(Redirects.back().Landing);

  // Uses in later parts read the reloaded copies.
  for (auto &[I, Needs] : Cross)
    for (Use &U : make_early_inc_range(I->uses())) {
      auto *UI = cast<Instruction>(U.getUser());
      if (auto *PN = dyn_cast<PHINode>(UI); PN && PN->getParent() == IH)
        continue; // state phis are replaced below
      PartKind UK = partOfUse(U);
      if (UK == PartI && partOf(I->getParent()) == PartA)
        U.set(InI.lookup(I));
      else if (UK == PartB)
        U.set(InB.lookup(I));
    }

  // Latch of loop 1: flag, resume point, inner-loop state, A's values.
  auto Avail = [&](Instruction *I, BasicBlock *From) -> Value * {
    return AvailAt.lookup({I, From}) ? I : Poison(I->getType());
  };
  B.SetInsertPoint(T1, T1->getFirstInsertionPt());
  {
    unsigned NPreds = 1;
    for (const Redirect &R : Redirects)
      NPreds += partOf(R.From) == PartA;
    PHINode *A1 = B.CreatePHI(B.getInt1Ty(), NPreds, "act.a");
    PHINode *R1 = NeedResume ? B.CreatePHI(MaskTy, NPreds, "resume.a")
                             : nullptr;
    A1->addIncoming(B.getTrue(), Enter);
    if (R1)
      R1->addIncoming(ConstantInt::get(MaskTy, 0), Enter);
    SmallVector<PHINode *, 4> S1;
    for (PHINode *PN : StatePhis) {
      S1.push_back(B.CreatePHI(PN->getType(), NPreds, PN->getName() + ".init"));
      S1.back()->addIncoming(PN->getIncomingValueForBlock(InnerPre), Enter);
    }
    SmallVector<std::pair<Instruction *, PHINode *>, 8> V1;
    for (auto &[I, Needs] : Cross)
      if (partOf(I->getParent()) == PartA) {
        V1.push_back({I, B.CreatePHI(I->getType(), NPreds, I->getName())});
        V1.back().second->addIncoming(Avail(I, InnerPre), Enter);
      }
    for (const Redirect &R : Redirects) {
      if (partOf(R.From) != PartA)
        continue;
      A1->addIncoming(B.getFalse(), R.EdgeBB);
      if (R1)
        R1->addIncoming(ConstantInt::get(MaskTy, R.Id), R.EdgeBB);
      for (auto [PN, S] : zip(StatePhis, S1))
        S->addIncoming(Poison(PN->getType()), R.EdgeBB);
      for (auto &[I, P] : V1)
        P->addIncoming(Avail(I, R.From), R.EdgeBB);
    }
    B.SetInsertPoint(T1->getTerminator());
    storeLane(B, A1, Act, Lane1);
    if (R1)
      storeLane(B, R1, Resume, Lane1);
    for (auto [S, Arr] : zip(S1, StateArr))
      storeLane(B, S, Arr, Lane1);
    for (auto &[I, P] : V1)
      storeLane(B, P, CrossArr[I], Lane1);
  }

  // Latch of loop 2: skipped lanes keep everything; a back edge keeps the
  // lane active with the next state; an exit records where it left and
  // what it computed.
  B.SetInsertPoint(T2, T2->getFirstInsertionPt());
  {
    auto InLoop2 = [&](Value *V) -> Value * {
      if (Value *R = InI.lookup(V))
        return R;
      return V;
    };
    unsigned NPreds = !UniformLoop + Continue.size();
    for (const Redirect &R : Redirects)
      NPreds += partOf(R.From) == PartI;
    PHINode *A2 = B.CreatePHI(B.getInt1Ty(), NPreds, "act.i");
    PHINode *R2 = NeedResume ? B.CreatePHI(MaskTy, NPreds, "resume.i")
                             : nullptr;
    SmallVector<PHINode *, 4> S2;
    for (PHINode *PN : StatePhis)
      S2.push_back(B.CreatePHI(PN->getType(), NPreds, PN->getName() + ".next"));
    SmallVector<std::pair<Instruction *, PHINode *>, 8> V2;
    for (auto &[I, Needs] : Cross)
      if (partOf(I->getParent()) == PartI)
        V2.push_back({I, B.CreatePHI(I->getType(), NPreds, I->getName())});
    // Skipped (inactive) lane.
    if (!UniformLoop) {
      A2->addIncoming(B.getFalse(), Act2);
      if (R2)
        R2->addIncoming(OldResume, Act2);
      for (auto [PN, S] : zip(StatePhis, S2))
        S->addIncoming(Poison(PN->getType()), Act2);
      for (auto &[I, P] : V2)
        P->addIncoming(OldOut[I], Act2);
    }
    // Back edges.
    for (auto [S, C] : zip(InnerLatches, Continue)) {
      // A shadow lane stays out of the lanes that entered.
      A2->addIncoming(ShadowLanes ? Active : B.getTrue(), C);
      if (R2)
        R2->addIncoming(OldResume, C);
      for (auto [PN, SP] : zip(StatePhis, S2))
        SP->addIncoming(InLoop2(PN->getIncomingValueForBlock(S)), C);
      for (auto &[I, P] : V2)
        P->addIncoming(OldOut[I], C);
    }
    // Exits.
    for (const Redirect &R : Redirects) {
      if (partOf(R.From) != PartI)
        continue;
      A2->addIncoming(B.getFalse(), R.EdgeBB);
      if (R2) {
        // A shadow lane goes on where it left loop 1.
        Value *Id = ConstantInt::get(MaskTy, R.Id);
        if (ShadowLanes)
          Id = IRBuilder<>(R.EdgeBB->getTerminator())
                   .CreateSelect(Active, Id, OldResume, "resume.shadow");
        R2->addIncoming(Id, R.EdgeBB);
      }
      for (auto [PN, S] : zip(StatePhis, S2))
        S->addIncoming(Poison(PN->getType()), R.EdgeBB);
      for (auto &[I, P] : V2)
        P->addIncoming(InLoop2(Avail(I, R.From)), R.EdgeBB);
    }
    B.SetInsertPoint(T2->getTerminator());
    storeLane(B, A2, Act, Lane2);
    if (R2)
      storeLane(B, R2, Resume, Lane2);
    for (auto [S, Arr] : zip(S2, StateArr))
      storeLane(B, S, Arr, Lane2);
    for (auto &[I, P] : V2)
      storeLane(B, P, CrossArr[I], Lane2);
  }

  // The inner header's phis are now the loaded state.
  for (auto [PN, S] : zip(StatePhis, State)) {
    PN->replaceAllUsesWith(S);
    PN->eraseFromParent();
  }
  // The old header and latch are unreachable.
  DeleteDeadBlocks({L.Header, L.Latch});
  NewHeaders = {H1, H2, H3};
  // Lane loop 2's blocks, for the copies below.
  SmallVector<BasicBlock *, 16> Loop2 = {H2};
  for (BasicBlock &BB : F)
    if (partOf(&BB) == PartI)
      Loop2.push_back(&BB);
  for (const Redirect &R : Redirects)
    if (partOf(R.From) == PartI)
      Loop2.push_back(R.EdgeBB);
  append_range(Loop2, Continue);
  Loop2.push_back(T2);
  if (!Lockstep.LaneStepped.empty()) {
    SmallVector<SteppedInput, 2> Inputs;
    for (Instruction *I : Lockstep.LaneStepped)
      Inputs.push_back({CrossArr[I], cast<Instruction>(InI.lookup(I)),
                        steppedPointerStride(I)});
    addSteppedCopy(T1, W, H2, Act, Inputs, Loop2);
  }
  if (BOSCCBranch) {
    Value *Cond = IH->getTerminator()->getOperand(0);
    AllocaInst *CondArr = nullptr;
    for (auto &[I, Arr] : CrossArr)
      if (InI.lookup(I) == Cond)
        CondArr = Arr;
    if (!CondArr) {
      // A condition from outside the lane loop is the same for every lane.
      CondArr = makeArray(MaskTy, "lane.boscc.cond");
      IRBuilder<> EB(&*L.Pre->getTerminator());
      for (unsigned K = 0; K != VL; ++K)
        storeLane(EB, Cond, CondArr, EB.getInt64(K));
    }
    addBOSCCCopies(W, H2, Act2, T2, Act, CondArr, Loop2);
  }
}

/// A contiguous access of a divergent loop walks memory by the round
/// counter's stride within a lane chunk (spmv: a row of the matrix per
/// round, 512 KiB apart) and by VL elements from one chunk to the next, one
/// stream per round: more streams than hardware prefetchers follow, so each
/// round waits for DRAM. Before each round of the lane-stepped copy, this
/// prefetches the line that lane 0 of the chunk \p Ahead chunks later will
/// read in the same round: \p Acc's address with \p Lane = 0, computed
/// again in front of the copy (pure arithmetic only, without poison flags;
/// a prefetch never faults). Returns whether it added one.
bool Cutter::prefetchAhead(IRBuilder<> &B, Instruction *Acc, PHINode *Lane,
                           const SmallPtrSetImpl<BasicBlock *> &InCopy,
                           unsigned Ahead) {
  DenseMap<Value *, Value *> AtLane0 = {
      {Lane, ConstantInt::get(Lane->getType(), 0)}};
  std::function<Value *(Value *, unsigned)> Rebuild =
      [&](Value *V, unsigned Depth) -> Value * {
    if (Value *R = AtLane0.lookup(V))
      return R;
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !InCopy.count(I->getParent()))
      return V; // defined before the uniform loop's dispatch
    if (Depth > 12 || isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
        !isSafeToSpeculativelyExecute(I))
      return nullptr;
    Instruction *N = I->clone();
    N->dropPoisonGeneratingFlags();
    for (Use &U : N->operands()) {
      Value *Op = Rebuild(U.get(), Depth + 1);
      if (!Op) {
        N->deleteValue();
        return nullptr;
      }
      U.set(Op);
    }
    B.Insert(N, I->getName() + ".lane0");
    AtLane0[V] = N;
    return N;
  };
  Value *Addr = Rebuild(getLoadStorePointerOperand(Acc), 0);
  if (!Addr)
    return false;
  uint64_t Bytes = uint64_t(Ahead) * VL *
                   F.getDataLayout().getTypeStoreSize(getLoadStoreType(Acc));
  B.CreateIntrinsic(Intrinsic::prefetch, {Addr->getType()},
                    {B.CreatePtrAdd(Addr, B.getInt64(Bytes), "prefetch"),
                     B.getInt32(isa<StoreInst>(Acc)), B.getInt32(3),
                     B.getInt32(1)});
  return true;
}

/// A copy of lane loop 2 (\p Loop2Blocks) that computes each lane-stepped
/// input as `first + lane`, and a test before the first round (on the edge
/// \p Pre -> \p W) that picks it when every lane that entered holds exactly
/// that: the vectorizer then sees `vals[j * n + r]` as contiguous, where it
/// saw a value loaded per lane. Lanes that did not enter hold no value (a
/// tail lane, an early return) and do not count; the copy predicates them
/// like the original.
void Cutter::addSteppedCopy(BasicBlock *Pre, BasicBlock *W, BasicBlock *H2,
                            AllocaInst *Act, ArrayRef<SteppedInput> Inputs,
                            ArrayRef<BasicBlock *> Loop2Blocks) {
  BasicBlock *Test = BasicBlock::Create(Ctx, "lane.stepped.test", &F, W);
  Pre->getTerminator()->replaceSuccessorWith(W, Test);
  for (PHINode &PN : W->phis())
    PN.replaceIncomingBlockWith(Pre, Test);
  IRBuilder<> B(Test);
  auto *ActVecTy = FixedVectorType::get(MaskTy, VL);
  Value *In = B.CreateIsNotNull(
      B.CreateAlignedLoad(ActVecTy, Act, Act->getAlign(), "act"), "in");
  Value *First = B.CreateBinaryIntrinsic(
      Intrinsic::cttz, B.CreateBitCast(In, B.getIntNTy(VL)), B.getFalse());
  First = B.CreateBinaryIntrinsic(Intrinsic::umin, First,
                                  B.getIntN(VL, VL - 1), nullptr, "first");
  Value *Ok = B.getTrue();
  // Per input, what the copy computes a lane's value from: an integer's
  // base (first - first lane), or a pointer's first lane's value.
  SmallVector<Value *, 2> Bases;
  auto *I64 = B.getInt64Ty();
  Value *First64 = B.CreateZExt(First, I64);
  for (const SteppedInput &SI : Inputs) {
    bool IsPtr = SI.Read->getType()->isPointerTy();
    // A pointer is tested on its address: p[lane] - lane * stride.
    auto *T = IsPtr ? I64 : cast<IntegerType>(SI.Read->getType());
    uint64_t Step = IsPtr ? SI.PtrStride : 1;
    // Lanes that never entered hold poison: freeze, then ignore them.
    Value *Vec = B.CreateFreeze(B.CreateAlignedLoad(
        FixedVectorType::get(SI.Read->getType(), VL), SI.Arr,
        SI.Arr->getAlign()));
    Value *V = IsPtr ? B.CreatePtrToInt(Vec, FixedVectorType::get(I64, VL))
                     : Vec;
    Value *Base = B.CreateSub(
        B.CreateExtractElement(V, First),
        B.CreateMul(B.CreateZExtOrTrunc(First, T), ConstantInt::get(T, Step)),
        SI.Read->getName() + ".first");
    SmallVector<Constant *, 16> Iota;
    for (unsigned K = 0; K != VL; ++K)
      Iota.push_back(ConstantInt::get(T, K * Step));
    Value *Same = B.CreateICmpEQ(B.CreateSub(V, ConstantVector::get(Iota)),
                                 B.CreateVectorSplat(VL, Base));
    Ok = B.CreateAnd(Ok,
                     B.CreateAndReduce(B.CreateOr(B.CreateNot(In), Same)));
    if (IsPtr) {
      // The first entering lane's pointer: the copy steps from it, so the
      // addresses keep its provenance.
      Bases.push_back(B.CreateExtractElement(Vec, First,
                                             SI.Read->getName() + ".first"));
      continue;
    }
    // The copy adds the lane with nsw: base + VL - 1 must not wrap.
    Ok = B.CreateAnd(Ok, B.CreateICmpSLE(
                             Base, ConstantInt::get(
                                       T, APInt::getSignedMaxValue(
                                              T->getBitWidth()) -
                                              (VL - 1))));
    Bases.push_back(Base);
  }
  B.CreateBr(W);

  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> Clones;
  for (BasicBlock *BB : Loop2Blocks) {
    BasicBlock *C = CloneBasicBlock(BB, VMap, ".stepped", &F);
    VMap[BB] = C;
    Clones.push_back(C);
  }
  remapInstructionsInBlocks(Clones, VMap);
  auto *H2C = cast<BasicBlock>(VMap[H2]);
  auto *LaneC = cast<PHINode>(&H2C->front());
  for (auto [SI, Base] : zip(Inputs, Bases)) {
    auto *Read = cast<Instruction>(VMap[SI.Read]);
    IRBuilder<> CB(Read);
    Value *V;
    if (SI.Read->getType()->isPointerTy())
      // first + (lane - first) * stride, in bytes, no wrap assumed.
      V = CB.CreatePtrAdd(
          Base,
          CB.CreateMul(CB.CreateSub(LaneC, First64),
                       CB.getInt64(SI.PtrStride)),
          Read->getName() + ".stepped");
    else
      V = CB.CreateAdd(Base, CB.CreateZExtOrTrunc(LaneC, Base->getType()),
                       Read->getName() + ".stepped", /*HasNUW=*/false,
                       /*HasNSW=*/true);
    Read->replaceAllUsesWith(V);
    Read->eraseFromParent();
  }

  // Dispatch, once per round, on the test made before the first.
  auto *WBr = cast<BranchInst>(W->getTerminator());
  assert(WBr->getSuccessor(0) == H2 && "the uniform loop enters loop 2");
  BasicBlock *D = BasicBlock::Create(Ctx, "lane.stepped.dispatch", &F, H2);
  WBr->setSuccessor(0, D);
  BasicBlock *Into = H2C, *IntoFrom = D;
  // Only in divergent loops: in a uniform loop over data in cache it cost
  // up to 2x (column-major dot products, 128-512 rows), and over 4 MiB it
  // gained nothing.
  if (unsigned Ahead = UniformLoop ? 0 : getLockstepPrefetchChunks()) {
    BasicBlock *P = BasicBlock::Create(Ctx, "lane.stepped.prefetch", &F, H2C);
    IRBuilder<> PB(P);
    SmallPtrSet<BasicBlock *, 16> InCopy(Clones.begin(), Clones.end());
    unsigned N = 0;
    for (Instruction *Acc : Lockstep.SteppedAccesses)
      N += prefetchAhead(PB, cast<Instruction>(VMap[Acc]), LaneC, InCopy,
                         Ahead);
    PB.CreateBr(H2C);
    LLVM_DEBUG(dbgs() << "vplan-ext: " << N << " prefetches per round\n");
    Into = IntoFrom = P;
  }
  IRBuilder<>(D).CreateCondBr(Ok, Into, H2);
  cast<PHINode>(&H2->front())->replaceIncomingBlockWith(W, D);
  LaneC->replaceIncomingBlockWith(W, IntoFrom);
  NewHeaders.insert(NewHeaders.begin() + 2, H2C);
  ++NumSteppedCopies;
}

/// The first conditional branch (program order) of the innermost lane loop
/// \p LL whose if/else region, up to its join, costs at least the BOSCC
/// threshold; the region's blocks go to \p Region.
BranchInst *Cutter::findHeavyBranch(Loop &LL, DominatorTree &DT,
                                    SmallPtrSetImpl<BasicBlock *> &Region) {
  PostDominatorTree PDT(F);
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F)) {
    if (!LL.contains(BB) || BB == L.Header || BB == L.Latch)
      continue;
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br || !Br->isConditional() || isa<Constant>(Br->getCondition()) ||
        Br->getMetadata(ResumeDispatchMD))
      continue;
    DomTreeNode *N = PDT.getNode(BB);
    if (!N || !N->getIDom() || !N->getIDom()->getBlock())
      continue;
    BasicBlock *Join = N->getIDom()->getBlock();
    if (!LL.contains(Join) || Join == L.Header || Join == L.Latch)
      continue;
    SmallPtrSet<BasicBlock *, 16> R;
    for (BasicBlock *X : LL.blocks())
      if (X != BB && X != Join && X != L.Header && X != L.Latch &&
          DT.dominates(BB, X) && PDT.dominates(Join, X))
        R.insert(X);
    // Single entry (the branch), single exit (the join).
    bool SESE = true;
    for (BasicBlock *X : R)
      for (BasicBlock *S : successors(X))
        SESE &= S == Join || R.count(S);
    for (BasicBlock *S : successors(BB))
      SESE &= S == Join || R.count(S);
    if (!SESE || R.empty())
      continue;
    unsigned Cost = 0;
    for (BasicBlock *X : R)
      for (Instruction &I : *X)
        Cost += bosccRegionCost(I, TTI, VL);
    if (Cost < getBOSCCThreshold())
      continue;
    Region.insert(R.begin(), R.end());
    return Br;
  }
  return nullptr;
}

/// BOSCC: two more copies of lane loop 2 (the if/else region) without the
/// lane flag and with the branch fixed to one side, and a uniform dispatch
/// in front: every lane on the then side -> copy 1, every lane on the else
/// side -> copy 2, mixed (or lanes inactive) -> the predicated loop.
void Cutter::addBOSCCCopies(BasicBlock *W, BasicBlock *H2, BasicBlock *Act2,
                            BasicBlock *T2, AllocaInst *Act,
                            AllocaInst *CondArr,
                            ArrayRef<BasicBlock *> Loop2Blocks) {
  SmallVector<BasicBlock *, 2> Copies;
  for (bool TakeThen : {true, false}) {
    ValueToValueMapTy VMap;
    SmallVector<BasicBlock *, 16> Clones;
    for (BasicBlock *BB : Loop2Blocks) {
      BasicBlock *C = CloneBasicBlock(
          BB, VMap, TakeThen ? ".all.then" : ".all.else", &F);
      VMap[BB] = C;
      Clones.push_back(C);
    }
    remapInstructionsInBlocks(Clones, VMap);
    // Every lane is active: no flag test.
    auto *A2 = cast<BasicBlock>(VMap[Act2]);
    auto *T2C = cast<BasicBlock>(VMap[T2]);
    auto *ActBr = cast<BranchInst>(A2->getTerminator());
    BasicBlock *Into = ActBr->getSuccessor(0);
    T2C->removePredecessor(A2);
    BranchInst::Create(Into, ActBr->getIterator());
    ActBr->eraseFromParent();
    // Every lane takes one side.
    auto *X = cast<BasicBlock>(VMap[IH]);
    auto *CBr = cast<BranchInst>(X->getTerminator());
    BasicBlock *Keep = CBr->getSuccessor(TakeThen ? 0 : 1);
    BasicBlock *Drop = CBr->getSuccessor(TakeThen ? 1 : 0);
    if (Keep != Drop)
      Drop->removePredecessor(X);
    BranchInst::Create(Keep, CBr->getIterator());
    CBr->eraseFromParent();
    Copies.push_back(cast<BasicBlock>(VMap[H2]));
  }

  // Dispatch, in front of the predicated loop.
  auto *WBr = cast<BranchInst>(W->getTerminator());
  BasicBlock *D1 = BasicBlock::Create(Ctx, "lane.boscc.dispatch", &F, H2);
  BasicBlock *D2 = BasicBlock::Create(Ctx, "lane.boscc.dispatch.else", &F, H2);
  WBr->setSuccessor(0, D1);
  IRBuilder<> B(D1);
  auto *VecTy = FixedVectorType::get(MaskTy, VL);
  Value *ActOn = B.CreateIsNotNull(
      B.CreateAlignedLoad(VecTy, Act, Act->getAlign(), "act"));
  // Lanes that never reached the branch hold no condition: freeze it.
  Value *CondOn = B.CreateIsNotNull(B.CreateFreeze(
      B.CreateAlignedLoad(VecTy, CondArr, CondArr->getAlign(), "cond")));
  Value *AllAct = B.CreateAndReduce(ActOn);
  Value *AllThen = B.CreateAnd(AllAct, B.CreateAndReduce(CondOn), "all.then");
  Value *AllElse = B.CreateAnd(AllAct, B.CreateNot(B.CreateOrReduce(CondOn)),
                               "all.else");
  B.CreateCondBr(AllThen, Copies[0], D2);
  B.SetInsertPoint(D2);
  B.CreateCondBr(AllElse, Copies[1], H2);
  cast<PHINode>(&Copies[0]->front())->setIncomingBlock(0, D1);
  cast<PHINode>(&Copies[1]->front())->setIncomingBlock(0, D2);
  cast<PHINode>(&H2->front())->setIncomingBlock(0, D2);
  // After vectorization each copy is one straight block, and the copies
  // compute many identical values: SimplifyCFG would hoist them above the
  // dispatch and turn it into selects, running all three. An empty asm
  // statement, different per copy, in front of and after each copy
  // (outside its lane loop, so the vectorizer does not see it) stops the
  // hoisting and the speculation; it emits no instruction.
  auto Barrier = [&](StringRef Tag) {
    return InlineAsm::get(FunctionType::get(B.getVoidTy(), false),
                          ("# vplan-ext boscc " + Tag).str(), "",
                          /*hasSideEffects=*/true);
  };
  // The arrays lane loop 2 reads whole vectors of that fit one register.
  unsigned RegBits = vectorRegisterBits(TTI);
  SmallVector<AllocaInst *, 8> InputArrays;
  for (Instruction &I : *Act2)
    if (auto *Ld = dyn_cast<LoadInst>(&I))
      if (auto *A = dyn_cast<AllocaInst>(
              getUnderlyingObject(Ld->getPointerOperand()));
          A && A != Act && !is_contained(InputArrays, A)) {
        auto *AT = dyn_cast<ArrayType>(A->getAllocatedType());
        Type *ET = AT ? AT->getElementType() : nullptr;
        // Only a whole xmm/ymm/zmm register: "x" has no register class
        // for narrower vectors (<2 x i32> fails in the backend, issue 7's
        // fuzzer found it), and i1 lanes are not SSE elements.
        uint64_t Bits = ET ? F.getDataLayout().getTypeSizeInBits(ET) * VL : 0;
        if (ET && (ET->isFloatingPointTy() || ET->isIntegerTy()) &&
            !ET->isIntegerTy(1) &&
            (Bits == 128 || Bits == 256 || Bits == 512) && Bits <= RegBits)
          InputArrays.push_back(A);
      }
  SmallVector<std::pair<BasicBlock *, StringRef>, 3> Loops = {
      {Copies[0], "then"}, {Copies[1], "else"}, {H2, "mixed"}};
  for (auto [H, Tag] : Loops) {
    auto *Lane = cast<PHINode>(&H->front());
    // In front: on the edge from the dispatch.
    BasicBlock *From = Lane->getIncomingBlock(0);
    BasicBlock *Pre = BasicBlock::Create(Ctx, "lane.boscc." + Tag, &F, H);
    IRBuilder<> PB(Pre);
    PB.CreateCall(Barrier(Tag));
    // Each copy reads its inputs through a register barrier of its own, so
    // its values are not the other copies' and cannot be hoisted together.
    for (AllocaInst *A : InputArrays) {
      auto *AT = cast<ArrayType>(A->getAllocatedType());
      auto *VT = FixedVectorType::get(AT->getElementType(), VL);
      Value *V = PB.CreateAlignedLoad(VT, A, A->getAlign());
      auto *Pass = InlineAsm::get(FunctionType::get(VT, {VT}, false),
                                  ("# vplan-ext boscc " + Tag + " in").str(),
                                  "=x,0", /*hasSideEffects=*/true);
      PB.CreateAlignedStore(PB.CreateCall(Pass, {V}), A, A->getAlign());
    }
    PB.CreateBr(H);
    From->getTerminator()->replaceSuccessorWith(H, Pre);
    Lane->setIncomingBlock(0, Pre);
    // After: on the exit edge of its latch.
    BasicBlock *T = Lane->getIncomingBlock(1);
    auto *Br = cast<BranchInst>(T->getTerminator());
    BasicBlock *Out = Br->getSuccessor(0);
    BasicBlock *End =
        BasicBlock::Create(Ctx, "lane.boscc." + Tag + ".end", &F, Out);
    IRBuilder<> EB(End);
    EB.CreateCall(Barrier((Tag + " end").str()));
    EB.CreateBr(Out);
    Br->setSuccessor(0, End);
  }
  // The side each copy never takes.
  removeUnreachableBlocks(F);
  NewHeaders.insert(NewHeaders.begin() + 2, Copies.begin(), Copies.end());
  ++NumBOSCC;
}

Cutter::Outcome Cutter::run(BasicBlock *Header, Failure &Fail) {
  {
    DominatorTree DT(F);
    LoopInfo LI(DT);
    Loop *LL = LI.getLoopFor(Header);
    if (LL && LL->getHeader() == Header && LL->isInnermost() &&
        none_of(LL->blocks(), [](BasicBlock *BB) {
          return any_of(*BB, [](Instruction &I) {
            auto *CB = dyn_cast<CallBase>(&I);
            return CB && callNeedsSerialLanes(*CB);
          });
        })) {
      // Nothing to cut unless a heavy if/else asks for BOSCC; look before
      // normalising, so a loop left alone keeps its shape.
      if (!AllowBOSCC)
        return NoInnerLoop;
      L.Header = Header;
      L.Latch = LL->getLoopLatch();
      SmallPtrSet<BasicBlock *, 16> Region;
      if (!L.Latch || !findHeavyBranch(*LL, DT, Region))
        return NoInnerLoop;
    }
  }
  std::optional<LaneLoop> Shape = normalise(Header, VL, Fail);
  if (!Shape)
    return Failed;
  L = *Shape;
  if (!analyse(Fail))
    return Failed;
  if (!IH)
    return NoInnerLoop;
  transform();
  ++NumCuts;
  LLVM_DEBUG(dbgs() << "vplan-ext: cut lane loop of " << F.getName()
                    << (SerialCall ? " at call " : " at inner loop ")
                    << IH->getName()
                    << "\n");
  assert(!verifyFunction(F, &errs()) && "lane loop fission broke the IR");
  return Cut;
}

} // namespace

FissionResult fissionLaneLoop(Function &F, BasicBlock *LaneHeader,
                              unsigned VL, const TargetTransformInfo *TTI) {
  FissionResult R;
  // Asked of the uncut loop, where every lane still computes a shared
  // address itself (`__errno_location()` is a call the cut would move into
  // a lane loop of its own).
  if (const Instruction *Shared = findSerialCallClobber(F, LaneHeader)) {
    R.LaneHeaders.push_back(LaneHeader);
    R.FailReason = "a call without a vector variant writes memory that the "
                   "body also reads or writes at one address for every lane "
                   "(errno, a global): run apart from it, one lane would see "
                   "another lane's write";
    R.FailAt = Shared;
    return R;
  }
  // Each cut leaves up to three lane loops; the ones that still hold loops
  // are cut again. The bound only guards against a runaway.
  std::deque<BasicBlock *> Work = {LaneHeader};
  // Copies of a BOSCC region are not cut again.
  SmallPtrSet<BasicBlock *, 8> NoBOSCC;
  constexpr unsigned MaxCuts = 128;
  while (!Work.empty()) {
    BasicBlock *H = Work.front();
    Work.pop_front();
    Failure Fail;
    Cutter C(F, VL, TTI);
    // The copies' register barriers are x86 inline asm.
    // Each BOSCC region adds two copies of its code: a budget per lane
    // loop keeps the growth (and compile time) bounded.
    C.AllowBOSCC = isBOSCCEnabled() && !NoBOSCC.count(H) &&
                   R.NumBOSCC < getBOSCCMaxRegions() &&
                   Triple(F.getParent()->getTargetTriple()).isX86();
    unsigned Cuts = R.NumCuts + R.NumSerialCalls + R.NumBOSCC;
    Cutter::Outcome O = Cuts < MaxCuts ? C.run(H, Fail) : Cutter::Failed;
    if (Cuts >= MaxCuts)
      Fail.Why = "the body has too many inner loops to cut";
    switch (O) {
    case Cutter::NoInnerLoop:
      R.LaneHeaders.push_back(H);
      break;
    case Cutter::Cut:
      if (C.SerialCall) {
        // Lane loop 2 is the call alone: it runs lane by lane, never cut
        // or widened again.
        ++R.NumSerialCalls;
        if (const Function *Callee = C.SerialCall->getCalledFunction())
          R.SerialCallees.insert(Callee->getName());
        else if (C.SerialCall->isInlineAsm())
          R.SerialCallees.insert("inline asm");
        else
          R.SerialCallees.insert("indirect call");
        R.SerialHeaders.push_back(C.NewHeaders[1]);
        Work.insert(Work.begin(), {C.NewHeaders[0], C.NewHeaders[2]});
        break;
      }
      if (C.BOSCCBranch) {
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
      Work.insert(Work.begin(), C.NewHeaders.begin(), C.NewHeaders.end());
      break;
    case Cutter::Failed:
      ++NumCutFailures;
      R.LaneHeaders.push_back(H);
      if (R.FailReason.empty()) {
        R.FailReason = Fail.Why;
        R.FailAt = Fail.At;
      }
      break;
    }
  }
  return R;
}

} // namespace vplanext
