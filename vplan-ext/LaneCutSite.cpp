//===- LaneCutSite.cpp - Where a lane loop is cut -------------------------===//
//
/// \file
/// The first steps of a cut (LaneLoopCutter.h): the lane loop's normal
/// form, the region to cut at, and a block of its own for that region.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopCutter.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace vplanext {
namespace fission {

/// Whether every phi of \p Exit takes, from the lane loop's \p Latch, a
/// value defined before the lane loop headed by \p Header (a constant, an
/// argument, an instruction whose block dominates \p Header).
static bool startsRoundCounters(BasicBlock &Exit, BasicBlock &Latch,
                                BasicBlock &Header) {
  DominatorTree DT(*Header.getParent());
  return all_of(Exit.phis(), [&](PHINode &PN) {
    auto *I = dyn_cast<Instruction>(PN.getIncomingValueForBlock(&Latch));
    return !I || (I->getParent() != &Header &&
                  DT.dominates(I->getParent(), &Header));
  });
}

/// Whether \p V counts \p VL lanes: the constant, or for vscale x N lanes
/// `vscale * N` as IRBuilder's CreateElementCount writes it.
static bool isLaneCount(Value *V, ElementCount VL) {
  using namespace PatternMatch;
  uint64_t N = VL.getKnownMinValue();
  if (!VL.isScalable())
    return match(V, m_SpecificInt(N));
  if (N == 1)
    return match(V, m_VScale());
  return match(V, m_c_Mul(m_VScale(), m_SpecificInt(N))) ||
         (isPowerOf2_64(N) &&
          match(V, m_Shl(m_VScale(), m_SpecificInt(Log2_64(N)))));
}

std::optional<LaneLoop> normaliseLaneLoop(BasicBlock *Header, ElementCount VL,
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
  Value *Bound = Cmp ? Cmp->getOperand(1) : nullptr;
  if (!Next || Next->getParent() != L.Latch || Next->getOperand(0) != L.Lane ||
      !Step || !Step->isOne() || !Cmp || Cmp->getParent() != L.Latch ||
      Cmp->getPredicate() != ICmpInst::ICMP_EQ || Cmp->getOperand(0) != Next ||
      !isLaneCount(Bound, VL) || Br->getSuccessor(1) != Header) {
    F.Why = "the lane loop latch is not `lane + 1 == VL`";
    return std::nullopt;
  }
  L.Exit = Br->getSuccessor(0);
  L.Count = Bound;
  // An earlier cut's round counters start in its round loop's header, the
  // block after its lane loop 1, from values of before the lane loop: the
  // exit edge gets a block of its own, and this loop can be cut again.
  if (!L.Exit->phis().empty() && startsRoundCounters(*L.Exit, *L.Latch, *Header))
    L.Exit = SplitEdge(L.Latch, L.Exit);
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

/// An innermost lane loop without calls that run lane by lane has nothing
/// to cut unless an if/else the plan chose asks for BOSCC. Asked before normalising,
/// so a loop left alone keeps its shape.
bool Cutter::mayNeedCut(BasicBlock *Header) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  Loop *LL = LI.getLoopFor(Header);
  if (!LL || LL->getHeader() != Header || !LL->isInnermost() ||
      any_of(LL->blocks(), [&](BasicBlock *BB) {
        return any_of(*BB, [&](Instruction &I) {
          auto *CB = dyn_cast<CallBase>(&I);
          return CB && isSerialCall(*CB);
        });
      }))
    return true;
  if (!AllowBOSCC)
    return false;
  L.Header = Header;
  L.Latch = LL->getLoopLatch();
  SmallPtrSet<BasicBlock *, 16> Region;
  return L.Latch && findBOSCCBranch(*LL, DT, Region);
}

/// The lane loop in LoopInfo, when its control flow is one the cut can
/// redirect.
Loop *Cutter::checkLaneLoop(LoopInfo &LI, Failure &Fail) const {
  Loop *LL = LI.getLoopFor(L.Header);
  if (!LL || LL->getHeader() != L.Header) {
    Fail.Why = "the lane loop is not a natural loop";
    return nullptr;
  }
  for (BasicBlock *BB : LL->blocks())
    if (const char *Why = whyNotLaneControlFlow(*BB)) {
      Fail = {Why, BB->getTerminator()};
      return nullptr;
    }
  return LL;
}

/// The region to cut at: the first inner loop in program order (so the
/// part before it is free of loops); in an innermost lane loop, the first
/// call the vectorizer cannot widen, which then runs lane by lane, else the
/// first if/else the plan gives BOSCC copies (when BOSCC is allowed).
CutSite Cutter::findCutSite(Loop &LL, DominatorTree &DT) {
  CutSite S;
  DenseMap<const BasicBlock *, unsigned> Order = programOrder(F);
  // The plan's order where it has one for both: loops that neither reaches
  // may come in another order once earlier cuts changed the function.
  auto Before = [&](const Loop *X, const Loop *Y) {
    std::optional<unsigned> PX = plannedOrder(X), PY = plannedOrder(Y);
    if (PX && PY)
      return *PX < *PY;
    return Order.lookup(X->getHeader()) < Order.lookup(Y->getHeader());
  };
  for (Loop *Sub : LL.getSubLoops())
    if (!S.Inner || Before(Sub, S.Inner))
      S.Inner = Sub;
  if (S.Inner)
    return S;
  SmallVector<Instruction *, 4> Calls;
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F)) {
    if (!LL.contains(BB))
      continue;
    for (Instruction &I : *BB)
      if (auto *CB = dyn_cast<CallBase>(&I); CB && isSerialCall(*CB))
        Calls.push_back(CB);
  }
  if (!Calls.empty()) {
    S.Call = cast<CallBase>(firstInPlanOrder(Calls));
    return S;
  }
  if (AllowBOSCC)
    S.Branch = findBOSCCBranch(LL, DT, S.Region);
  return S;
}

/// The first of \p Sites (calls or branches, in program order) in the
/// plan's order (FlatCuts). A site the plan does not order comes after the
/// ones it does: the plan did not reach it, as a refused cut before it
/// left its lane loop whole (verify mode fails it if it is cut). Without
/// a plan, the first.
Instruction *Cutter::firstInPlanOrder(ArrayRef<Instruction *> Sites) const {
  Instruction *First = nullptr;
  std::optional<unsigned> FirstOrder;
  for (Instruction *I : Sites) {
    std::optional<unsigned> O = plannedOrder(I);
    if (O && (!FirstOrder || *O < *FirstOrder)) {
      First = I;
      FirstOrder = O;
    }
  }
  return First ? First : Sites.front();
}

/// The first conditional branch (the plan's order, else program order) of
/// the innermost lane loop \p LL whose if/else region, up to its join, the
/// plan gives BOSCC copies; the region's blocks go to \p Region.
BranchInst *Cutter::findBOSCCBranch(Loop &LL, DominatorTree &DT,
                                    SmallPtrSetImpl<BasicBlock *> &Region) {
  PostDominatorTree PDT(F);
  SmallVector<Instruction *, 4> Branches;
  SmallVector<SmallPtrSet<BasicBlock *, 16>, 4> Regions;
  for (BasicBlock *BB : ReversePostOrderTraversal<Function *>(&F)) {
    if (!LL.contains(BB) || BB == L.Header || BB == L.Latch)
      continue;
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    // The plan names branches of the uncut loop: never the cut's own
    // bookkeeping (a resume dispatch), which earlier cuts made.
    if (!Br || !Plan->BOSCCBranches.count(Br))
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
    Branches.push_back(Br);
    Regions.push_back(std::move(R));
  }
  if (Branches.empty())
    return nullptr;
  Instruction *First = firstInPlanOrder(Branches);
  const auto &R = Regions[find(Branches, First) - Branches.begin()];
  Region.insert(R.begin(), R.end());
  return cast<BranchInst>(First);
}

/// Gives the region a block of its own to enter through (IH, entered from
/// InnerPre): a call gets a block of its own; a branch too, and its region
/// is that block plus everything between the branch and its join; an inner
/// loop entered from a guard's branch (no preheader) gets a preheader.
bool Cutter::isolateCutSite(CutSite &S, DominatorTree &DT, LoopInfo &LI,
                            Failure &Fail) {
  if (S.Call) {
    BasicBlock *Before = S.Call->getParent();
    IH = SplitBlock(Before, S.Call->getIterator(), &DT, &LI, nullptr,
                    "lane.serial");
    SplitBlock(IH, std::next(S.Call->getIterator()), &DT, &LI, nullptr,
               "lane.serial.after");
    InnerPre = Before;
    return true;
  }
  if (S.Branch) {
    BasicBlock *CondBB = S.Branch->getParent();
    IH = SplitBlock(CondBB, S.Branch->getIterator(), &DT, &LI, nullptr,
                    "lane.boscc");
    InnerPre = CondBB;
    BranchRegion.insert(S.Region.begin(), S.Region.end());
    BranchRegion.insert(IH);
    return true;
  }
  IH = S.Inner->getHeader();
  InnerPre = S.Inner->getLoopPreheader();
  if (InnerPre)
    return true;
  InnerPre = InsertPreheaderForLoop(S.Inner, &DT, &LI, /*MSSAU=*/nullptr,
                                    /*PreserveLCSSA=*/false);
  if (!InnerPre) {
    Fail = {LoopEntryReason, &IH->front()};
    return false;
  }
  return true;
}

} // namespace fission
} // namespace vplanext
