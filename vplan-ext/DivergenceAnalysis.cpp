//===- DivergenceAnalysis.cpp - Uniform and varying values of lane loops --===//
//
// A forward fixed point that only ever marks values varying: seeds (lane
// index, header phis, loads the loop may clobber, calls with effects), then
// data users, sync-dependent phis of divergent branches and temporal
// divergence of divergent inner loops, until nothing changes.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/DivergenceAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-divergence"

namespace vplanext {

AnalysisKey LaneDivergenceAnalysis::Key;

/// The operand list of the LoopID entry named \p Name, or null.
static const MDNode *findLoopProperty(const MDNode *LoopID, StringRef Name) {
  for (const MDOperand &Op : drop_begin(LoopID->operands())) {
    auto *N = dyn_cast_or_null<MDNode>(Op.get());
    if (!N || N->getNumOperands() == 0)
      continue;
    if (auto *S = dyn_cast<MDString>(N->getOperand(0));
        S && S->getString() == Name)
      return N;
  }
  return nullptr;
}

static bool isVecCloneLaneLoopID(const MDNode *LoopID) {
  return LoopID && findLoopProperty(LoopID, LaneLoopMDName);
}

bool isLaneLoopID(const MDNode *LoopID) {
  if (!LoopID)
    return false;
  // A loop the vectorizer already widened no longer runs one lane per
  // iteration (its scalar remainder keeps the metadata).
  if (findLoopProperty(LoopID, "llvm.loop.isvectorized"))
    return false;
  if (isVecCloneLaneLoopID(LoopID) || findLoopProperty(LoopID, WorkItemLoopTag))
    return true;
  const MDNode *Enable = findLoopProperty(LoopID, "llvm.loop.vectorize.enable");
  if (!Enable || Enable->getNumOperands() < 2)
    return false;
  auto *On = mdconst::dyn_extract<ConstantInt>(Enable->getOperand(1));
  return On && !On->isZero() &&
         findLoopProperty(LoopID, "llvm.loop.parallel_accesses");
}

//===----------------------------------------------------------------------===//
// The fixed point
//===----------------------------------------------------------------------===//

class LaneDivergenceBuilder {
public:
  LaneDivergenceBuilder(LaneLoopDivergence &R, LoopInfo &LI,
                        PostDominatorTree &PDT, AAResults &AA)
      : R(R), L(*R.L), LI(LI), PDT(PDT), AA(AA) {}

  void run();

private:
  LaneLoopDivergence &R;
  Loop &L;
  LoopInfo &LI;
  PostDominatorTree &PDT;
  AAResults &AA;
  /// Instructions of the body that may write memory.
  SmallVector<Instruction *, 16> Writers;
  SmallVector<const Instruction *, 32> Worklist;

  bool inBody(const Instruction *I) const { return L.contains(I); }
  void markVarying(const Instruction *I);
  bool isSeed(const Instruction &I) const;
  bool isLaneHeaderPhiShared(const PHINode &Phi) const;
  bool mayBeClobbered(const Instruction &I) const;
  bool isDivergenceCandidate(const Instruction *Term) const;
  void onDivergentBranch(const Instruction *Term);
  void onDivergentLoop(const Loop *C);
};

void LaneDivergenceBuilder::markVarying(const Instruction *I) {
  if (!R.Varying.insert(I).second)
    return;
  LLVM_DEBUG(dbgs() << "vplan-divergence: varying" << *I << "\n");
  Worklist.push_back(I);
}

/// A lane-loop header phi all lanes share: it only ever holds one invariant
/// value. Every other header phi carries something from lane to lane (the
/// lane index, a reduction, a recurrence), which is per lane once widened.
bool LaneDivergenceBuilder::isLaneHeaderPhiShared(const PHINode &Phi) const {
  const Value *Only = nullptr;
  for (const Value *In : Phi.incoming_values()) {
    if (In == &Phi)
      continue;
    if (Only && In != Only)
      return false;
    Only = In;
  }
  return Only && L.isLoopInvariant(Only);
}

/// May the body write the memory \p I reads? Then lanes see the writes of
/// the lanes before them (or their own), and the value is per lane.
bool LaneDivergenceBuilder::mayBeClobbered(const Instruction &I) const {
  if (auto *Load = dyn_cast<LoadInst>(&I)) {
    MemoryLocation Loc = MemoryLocation::get(Load);
    return any_of(Writers, [&](Instruction *W) {
      return isModSet(AA.getModRefInfo(W, Loc));
    });
  }
  return !Writers.empty();
}

/// Varying whatever the operands are.
bool LaneDivergenceBuilder::isSeed(const Instruction &I) const {
  if (auto *Phi = dyn_cast<PHINode>(&I))
    return Phi->getParent() == L.getHeader() && !isLaneHeaderPhiShared(*Phi);
  // A fresh slot per iteration: a different address per lane.
  if (isa<AllocaInst>(I))
    return true;
  if (auto *Load = dyn_cast<LoadInst>(&I))
    return !Load->isSimple() || mayBeClobbered(I);
  if (isa<AtomicRMWInst, AtomicCmpXchgInst, VAArgInst, LandingPadInst,
          CatchPadInst, CleanupPadInst>(I))
    return true;
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    // Markers with no value and no lane-visible effect.
    if (isa<AssumeInst, PseudoProbeInst, NoAliasScopeDeclInst>(I) ||
        CB->isLifetimeStartOrEnd())
      return false;
    if (CB->isInlineAsm() || CB->isConvergent())
      return true;
    if (CB->doesNotAccessMemory())
      return false;
    // Reads only, and nothing in the body writes: a function of its
    // arguments here.
    return !CB->onlyReadsMemory() || mayBeClobbered(I);
  }
  return false;
}

/// A terminator whose varying condition splits the lanes. The lane loop's
/// own exit test is not one: widened, it is the vector loop's control.
bool LaneDivergenceBuilder::isDivergenceCandidate(
    const Instruction *Term) const {
  return Term->isTerminator() && Term->getNumSuccessors() > 1 &&
         !L.isLoopExiting(Term->getParent());
}

/// Phis where the paths from different successors of the divergent branch
/// meet before its post-dominator pick a value per lane. Reachability is
/// computed per successor inside the lane loop, stopping at the immediate
/// post-dominator (where every lane is back together), at the branch itself
/// (a later iteration of an inner loop) and at the lane loop's back edge.
/// A block is a join when two of its incoming edges are reached from
/// different successors; this over-approximates the exact join set, which
/// only makes more values varying.
void LaneDivergenceBuilder::onDivergentBranch(const Instruction *Term) {
  const BasicBlock *B = Term->getParent();
  R.DivergentBranches.insert(Term);
  LLVM_DEBUG(dbgs() << "vplan-divergence: divergent branch in "
                    << B->getName() << "\n");
  const DomTreeNode *Node = PDT.getNode(B);
  const BasicBlock *IPD =
      Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;

  SmallVector<const BasicBlock *, 4> Succs;
  for (const BasicBlock *S : successors(B))
    if (L.contains(S) && S != L.getHeader() && !is_contained(Succs, S))
      Succs.push_back(S);
  unsigned N = Succs.size();

  auto Expands = [&](const BasicBlock *X) { return X != IPD && X != B; };
  // Origin bits per reached block: which successors reach it.
  DenseMap<const BasicBlock *, SmallBitVector> Reach;
  for (unsigned I = 0; I != N; ++I) {
    SmallVector<const BasicBlock *, 16> Stack{Succs[I]};
    while (!Stack.empty()) {
      const BasicBlock *X = Stack.pop_back_val();
      SmallBitVector &Bits = Reach.try_emplace(X, N).first->second;
      if (Bits.test(I))
        continue;
      Bits.set(I);
      if (!Expands(X))
        continue;
      for (const BasicBlock *Y : successors(X))
        if (L.contains(Y) && Y != L.getHeader())
          Stack.push_back(Y);
    }
  }

  for (const BasicBlock &J : *B->getParent()) {
    if (!Reach.count(&J) || !isa<PHINode>(J.begin()))
      continue;
    SmallVector<SmallBitVector, 4> EdgeOrigins;
    for (const BasicBlock *P : predecessors(&J)) {
      SmallBitVector O(N);
      if (P == B) {
        for (unsigned I = 0; I != N; ++I)
          if (Succs[I] == &J)
            O.set(I);
      } else if (auto It = Reach.find(P); It != Reach.end() && Expands(P)) {
        O = It->second;
      }
      if (O.any())
        EdgeOrigins.push_back(O);
    }
    // Two edges from different successors: lanes arrive along both.
    bool IsJoin = false;
    for (unsigned A = 0; A < EdgeOrigins.size() && !IsJoin; ++A)
      for (unsigned C = A + 1; C < EdgeOrigins.size() && !IsJoin; ++C)
        IsJoin = EdgeOrigins[A].count() > 1 || EdgeOrigins[C].count() > 1 ||
                 EdgeOrigins[A] != EdgeOrigins[C];
    if (!IsJoin)
      continue;
    LLVM_DEBUG(dbgs() << "vplan-divergence:   join " << J.getName() << "\n");
    for (const PHINode &Phi : J.phis())
      markVarying(&Phi);
  }

  // Every inner loop the lanes do not leave together: the divergence is
  // not resolved inside one of its iterations.
  for (const Loop *C = LI.getLoopFor(B); C && C != &L; C = C->getParentLoop()) {
    if (IPD && C->contains(IPD))
      break;
    onDivergentLoop(C);
  }
}

/// Lanes leave \p C at different iterations: a value defined in it and used
/// after it is the one of the lane's own last iteration.
void LaneDivergenceBuilder::onDivergentLoop(const Loop *C) {
  if (!R.DivergentLoops.insert(C).second)
    return;
  LLVM_DEBUG(dbgs() << "vplan-divergence: divergent loop "
                    << C->getHeader()->getName() << "\n");
  for (const BasicBlock *BB : C->blocks())
    for (const Instruction &D : *BB)
      for (const User *U : D.users())
        if (auto *UI = dyn_cast<Instruction>(U);
            UI && inBody(UI) && !C->contains(UI->getParent()))
          markVarying(UI);
}

void LaneDivergenceBuilder::run() {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (I.mayWriteToMemory())
        Writers.push_back(&I);
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (isSeed(I))
        markVarying(&I);

  while (!Worklist.empty()) {
    const Instruction *I = Worklist.pop_back_val();
    if (isDivergenceCandidate(I))
      onDivergentBranch(I);
    for (const User *U : I->users())
      if (auto *UI = dyn_cast<Instruction>(U); UI && inBody(UI))
        markVarying(UI);
  }
}

//===----------------------------------------------------------------------===//
// Results and printing
//===----------------------------------------------------------------------===//

const LaneLoopDivergence *
LaneDivergenceInfo::getLaneLoop(const Loop *L) const {
  for (const auto &D : Loops)
    if (&D->getLoop() == L)
      return D.get();
  return nullptr;
}

const LaneLoopDivergence *
LaneDivergenceInfo::getLaneLoopFor(const Instruction *I) const {
  const LaneLoopDivergence *Best = nullptr;
  for (const auto &D : Loops)
    if (D->getLoop().contains(I) &&
        (!Best || D->getLoop().getLoopDepth() > Best->getLoop().getLoopDepth()))
      Best = D.get();
  return Best;
}

static void printBlockName(raw_ostream &OS, const BasicBlock *BB) {
  BB->printAsOperand(OS, /*PrintType=*/false);
}

/// The instruction on one line (a switch prints its cases on several),
/// without the indentation Instruction::print adds.
static void printInst(raw_ostream &OS, const Instruction &I) {
  std::string S;
  raw_string_ostream SS(S);
  I.print(SS);
  SmallVector<StringRef, 4> Lines;
  StringRef(S).split(Lines, '\n', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  ListSeparator LS(" ");
  for (StringRef Line : Lines)
    OS << LS << Line.trim();
}

void LaneLoopDivergence::print(raw_ostream &OS) const {
  const Function &F = *L->getHeader()->getParent();
  OS << "lane loop ";
  printBlockName(OS, L->getHeader());
  OS << (IsUserLoop ? " (simd loop" : " (vecclone lane loop");
  if (LaneIndex) {
    OS << ", lane ";
    LaneIndex->printAsOperand(OS, /*PrintType=*/false);
  }
  OS << "):\n";
  for (const BasicBlock &BB : F) {
    if (!L->contains(&BB))
      continue;
    for (const Instruction &I : BB) {
      OS << "  " << (isVarying(&I) ? "varying: " : "uniform: ");
      printInst(OS, I);
      OS << "\n";
    }
  }
  for (const BasicBlock &BB : F)
    if (L->contains(&BB) && isDivergentBranch(BB.getTerminator())) {
      OS << "  divergent branch in ";
      printBlockName(OS, &BB);
      OS << "\n";
    }
  // Inner loops at every depth, by header position.
  for (const BasicBlock &BB : F) {
    if (!L->contains(&BB))
      continue;
    for (const Loop *C : L->getLoopsInPreorder())
      if (C != L && C->getHeader() == &BB) {
        OS << (isDivergentLoop(C) ? "  divergent loop " : "  uniform loop ");
        printBlockName(OS, &BB);
        OS << "\n";
      }
  }
}

bool LaneDivergenceInfo::invalidate(Function &F, const PreservedAnalyses &PA,
                                    FunctionAnalysisManager::Invalidator &Inv) {
  auto PAC = PA.getChecker<LaneDivergenceAnalysis>();
  return !(PAC.preserved() || PAC.preservedSet<AllAnalysesOn<Function>>()) ||
         Inv.invalidate<LoopAnalysis>(F, PA);
}

void LaneDivergenceInfo::print(raw_ostream &OS) const {
  for (const auto &D : Loops)
    D->print(OS);
}

/// The lane index: the canonical induction (0, +1) vecclone builds, or for a
/// user loop whatever induction drives its exit test.
static PHINode *findLaneIndex(Loop &L, ScalarEvolution &SE) {
  if (PHINode *IV = L.getCanonicalInductionVariable())
    return IV;
  return L.isLoopSimplifyForm() ? L.getInductionVariable(SE) : nullptr;
}

LaneDivergenceInfo LaneDivergenceAnalysis::run(Function &F,
                                               FunctionAnalysisManager &AM) {
  LaneDivergenceInfo Info;
  auto &LI = AM.getResult<LoopAnalysis>(F);
  SmallVector<Loop *, 4> LaneLoops;
  for (Loop *L : LI.getLoopsInPreorder())
    if (isLaneLoopID(L->getLoopID()))
      LaneLoops.push_back(L);
  if (LaneLoops.empty())
    return Info;

  DenseMap<const BasicBlock *, unsigned> Order;
  unsigned Pos = 0;
  for (const BasicBlock &BB : F)
    Order[&BB] = Pos++;
  llvm::sort(LaneLoops, [&](const Loop *A, const Loop *B) {
    return Order[A->getHeader()] < Order[B->getHeader()];
  });

  auto &PDT = AM.getResult<PostDominatorTreeAnalysis>(F);
  auto &AA = AM.getResult<AAManager>(F);
  auto &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  for (Loop *L : LaneLoops) {
    bool IsUser = !isVecCloneLaneLoopID(L->getLoopID());
    auto D = std::make_unique<LaneLoopDivergence>(*L, findLaneIndex(*L, SE),
                                                  IsUser);
    LaneDivergenceBuilder(*D, LI, PDT, AA).run();
    Info.Loops.push_back(std::move(D));
  }
  return Info;
}

PreservedAnalyses
LaneDivergencePrinterPass::run(Function &F, FunctionAnalysisManager &AM) {
  auto &Info = AM.getResult<LaneDivergenceAnalysis>(F);
  if (Info.loops().empty())
    return PreservedAnalyses::all();
  OS << "Lane divergence for function '" << F.getName() << "':\n";
  Info.print(OS);
  return PreservedAnalyses::all();
}

} // namespace vplanext
