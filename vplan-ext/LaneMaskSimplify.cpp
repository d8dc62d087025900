//===- LaneMaskSimplify.cpp - Short lane-mask logic after LV -------------===//

#include "vplan-ext/LaneMaskSimplify.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/MaskPhiWidening.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumMasksSimplified,
          "Number of lane-mask expressions rebuilt as one and/or of literals");
STATISTIC(NumFlagPhisNarrowed,
          "Number of lane-flag phis of the data's width narrowed to masks");

namespace vplanext {

namespace {

constexpr unsigned MaxLeaves = 6;
constexpr unsigned MaxNodes = 48;

/// `<N x i1>` logic the truth table can evaluate: and, or, xor, and selects
/// whose condition is itself an `<N x i1>` (lane-wise).
bool isMaskLogic(const Value *V) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return false;
  auto *VT = dyn_cast<FixedVectorType>(I->getType());
  if (!VT || !VT->getElementType()->isIntegerTy(1))
    return false;
  if (auto *S = dyn_cast<SelectInst>(I))
    return S->getCondition()->getType() == I->getType();
  if (auto *BO = dyn_cast<BinaryOperator>(I))
    return BO->getOpcode() == Instruction::And ||
           BO->getOpcode() == Instruction::Or ||
           BO->getOpcode() == Instruction::Xor;
  return false;
}

/// A leaf's identity: a freeze stands for what it freezes (the rebuilt form
/// freezes its leaves anyway, and an earlier rebuild's freezes must not
/// hide that two expressions share a compare).
Value *leafKey(Value *V) {
  if (auto *F = dyn_cast<FreezeInst>(V))
    return F->getOperand(0);
  return V;
}

/// One expression: its nodes (mask logic of the root's block) in post
/// order, and its distinct leaves.
struct Expr {
  SmallVector<Instruction *, 16> Nodes;
  SmallVector<Value *, MaxLeaves> Leaves;
  DenseMap<Value *, unsigned> LeafNo;
  bool TooBig = false;

  void collect(Value *V, BasicBlock *BB) {
    if (TooBig)
      return;
    if (auto *C = dyn_cast<Constant>(V))
      if (C->isNullValue() || C->isAllOnesValue())
        return; // a constant, not a variable
    auto *I = dyn_cast<Instruction>(V);
    if (I && isMaskLogic(I) && I->getParent() == BB) {
      if (is_contained(Nodes, I))
        return;
      for (Value *Op : I->operands())
        collect(Op, BB);
      Nodes.push_back(I);
      TooBig |= Nodes.size() > MaxNodes;
      return;
    }
    Value *K = leafKey(V);
    if (LeafNo.count(K))
      return;
    LeafNo[K] = Leaves.size();
    Leaves.push_back(K);
    TooBig |= Leaves.size() > MaxLeaves;
  }

  /// The root's truth table: bit A is its value under leaf assignment A.
  uint64_t truthTable() const {
    uint64_t TT = 0;
    DenseMap<const Value *, bool> Val;
    for (unsigned A = 0, E = 1u << Leaves.size(); A != E; ++A) {
      auto Get = [&](Value *V) -> bool {
        if (auto *C = dyn_cast<Constant>(V);
            C && (C->isNullValue() || C->isAllOnesValue()))
          return C->isAllOnesValue();
        if (auto It = Val.find(V); It != Val.end())
          return It->second;
        return (A >> LeafNo.lookup(leafKey(V))) & 1;
      };
      Val.clear();
      for (Instruction *I : Nodes) {
        bool R;
        if (auto *S = dyn_cast<SelectInst>(I))
          R = Get(S->getCondition()) ? Get(S->getTrueValue())
                                     : Get(S->getFalseValue());
        else if (I->getOpcode() == Instruction::And)
          R = Get(I->getOperand(0)) && Get(I->getOperand(1));
        else if (I->getOpcode() == Instruction::Or)
          R = Get(I->getOperand(0)) || Get(I->getOperand(1));
        else
          R = Get(I->getOperand(0)) != Get(I->getOperand(1));
        Val[I] = R;
      }
      if (Val.lookup(Nodes.back()))
        TT |= uint64_t(1) << A;
    }
    return TT;
  }
};

/// If the true rows of \p TT (over \p N variables) form a cube, its
/// literals: (variable, wanted value). False otherwise.
bool asCube(uint64_t TT, unsigned N,
            SmallVectorImpl<std::pair<unsigned, bool>> &Lits) {
  uint64_t Rows = 1u << N;
  if (!TT)
    return false;
  for (unsigned V = 0; V < N; ++V) {
    bool Any1 = false, Any0 = false;
    for (uint64_t A = 0; A < Rows; ++A)
      if ((TT >> A) & 1)
        ((A >> V) & 1 ? Any1 : Any0) = true;
    if (Any1 != Any0)
      Lits.push_back({V, Any1});
  }
  return uint64_t(popcount(TT)) == (Rows >> Lits.size());
}

/// Rebuilds \p Root if its function is a conjunction or disjunction of
/// literals in fewer operations; returns whether it did.
bool simplify(Instruction *Root, DenseMap<Value *, Value *> &Frozen) {
  Expr E;
  E.collect(Root, Root->getParent());
  if (E.TooBig || E.Nodes.empty() || E.Nodes.back() != Root)
    return false;
  unsigned N = E.Leaves.size();
  uint64_t All = N == 6 ? ~uint64_t(0) : (uint64_t(1) << (1u << N)) - 1;
  uint64_t TT = E.truthTable();
  IRBuilder<> B(Root);
  auto *VT = cast<FixedVectorType>(Root->getType());
  Value *New = nullptr;
  if (TT == 0)
    New = Constant::getNullValue(VT);
  else if (TT == All)
    New = Constant::getAllOnesValue(VT);
  SmallVector<std::pair<unsigned, bool>, MaxLeaves> Lits;
  bool Or = false;
  if (!New && !asCube(TT, N, Lits)) {
    Lits.clear();
    Or = true; // not f is a cube: f is the or of the opposite literals
    if (!asCube(~TT & All, N, Lits))
      return false;
    for (auto &L : Lits)
      L.second = !L.second;
  }
  if (!New) {
    unsigned Ops = Lits.size() - 1 + count_if(Lits, [](auto &L) {
                     return !L.second;
                   });
    if (Ops >= E.Nodes.size())
      return false;
    // (An invoke's result has nowhere to put a freeze after it.)
    if (any_of(Lits, [&](auto &L) {
          auto *LI = dyn_cast<Instruction>(E.Leaves[L.first]);
          return LI && LI->isTerminator();
        }))
      return false;
    // The loop-carried mask (a phi) last: the rest is off its chain.
    stable_sort(Lits, [&](auto &X, auto &Y) {
      return !isa<PHINode>(E.Leaves[X.first]) &&
             isa<PHINode>(E.Leaves[Y.first]);
    });
    for (auto [V, Want] : Lits) {
      Value *Leaf = E.Leaves[V];
      Value *&F = Frozen[Leaf];
      if (!F) {
        if (isGuaranteedNotToBePoison(Leaf)) {
          F = Leaf;
        } else {
          IRBuilder<> FB(Root->getContext());
          if (auto *LI = dyn_cast<Instruction>(Leaf))
            FB.SetInsertPoint(LI->getParent(),
                              isa<PHINode>(LI)
                                  ? LI->getParent()->getFirstInsertionPt()
                                  : std::next(LI->getIterator()));
          else
            FB.SetInsertPoint(&*Root->getFunction()
                                   ->getEntryBlock()
                                   .getFirstInsertionPt());
          F = FB.CreateFreeze(Leaf, Leaf->getName() + ".fr");
        }
      }
      Value *Lit = Want ? F : B.CreateNot(F);
      New = !New ? Lit : Or ? B.CreateOr(New, Lit) : B.CreateAnd(New, Lit);
    }
  }
  LLVM_DEBUG(dbgs() << "vplan-ext: mask of " << E.Nodes.size()
                    << " operations over " << N << " leaves rebuilt: "
                    << *Root << "\n");
  Root->replaceAllUsesWith(New);
  RecursivelyDeleteTriviallyDeadInstructions(Root);
  ++NumMasksSimplified;
  return true;
}

/// Whether \p C is a vector of 0s and 1s (undef and poison count as
/// either): a lane flag's value.
bool isFlagConstant(Constant *C) {
  auto *VT = dyn_cast<FixedVectorType>(C->getType());
  if (!VT)
    return false;
  for (unsigned K = 0, E = VT->getNumElements(); K != E; ++K) {
    Constant *Elt = C->getAggregateElement(K);
    if (!Elt || isa<UndefValue>(Elt))
      continue;
    auto *CI = dyn_cast<ConstantInt>(Elt);
    if (!CI || CI->getValue().ugt(1))
      return false;
  }
  return true;
}

/// The phis, connected through each other, that \p Start belongs to, when
/// every value they merge is a lane flag (`zext <N x i1>` or a constant of
/// 0s and 1s) and at least one is computed; else empty.
SmallSetVector<PHINode *, 8> flagPhiNetwork(PHINode *Start) {
  SmallSetVector<PHINode *, 8> Net;
  Net.insert(Start);
  bool Computed = false;
  for (unsigned K = 0; K != Net.size(); ++K) {
    PHINode *PN = Net[K];
    for (Value *In : PN->incoming_values()) {
      if (auto *P = dyn_cast<PHINode>(In); P && P->getType() == PN->getType())
        Net.insert(P);
      else if (auto *Z = dyn_cast<ZExtInst>(In);
               Z && Z->getSrcTy()->isIntOrIntVectorTy(1))
        Computed = true;
      else if (auto *C = dyn_cast<Constant>(In); !C || !isFlagConstant(C))
        return {};
    }
    for (User *U : PN->users())
      if (auto *P = dyn_cast<PHINode>(U); P && P->getType() == PN->getType())
        Net.insert(P);
  }
  if (!Computed)
    return {};
  return Net;
}

/// The cut keeps lane flags in integer arrays of the data's width
/// (laneFlagType); after SROA they are phis of `<N x iK>` that merge
/// `zext <N x i1>` values and constants, read back with `icmp ne X, 0`.
/// InstCombine narrows such a phi alone, not a network of them: a round
/// loop with a steady copy merges the flags of its two copies in a second
/// phi, and the pair stays wide (a mask-to-vector move and a test back
/// every round). Each network becomes `<N x i1>` phis; the compares read
/// them directly, other users a zext.
bool narrowFlagPhis(Function &F) {
  SmallVector<PHINode *, 8> Candidates;
  for (BasicBlock &BB : F)
    for (PHINode &PN : BB.phis())
      if (auto *VT = dyn_cast<FixedVectorType>(PN.getType());
          VT && VT->getElementType()->isIntegerTy() &&
          !VT->getElementType()->isIntegerTy(1))
        Candidates.push_back(&PN);
  SmallPtrSet<PHINode *, 16> Done;
  bool Changed = false;
  for (PHINode *Start : Candidates) {
    if (Done.count(Start))
      continue;
    SmallSetVector<PHINode *, 8> Net = flagPhiNetwork(Start);
    Done.insert(Net.begin(), Net.end());
    if (Net.empty())
      continue;
    auto *WideTy = cast<FixedVectorType>(Start->getType());
    auto *MaskTy = FixedVectorType::get(
        Type::getInt1Ty(F.getContext()), WideTy->getNumElements());
    DenseMap<PHINode *, PHINode *> Narrow;
    for (PHINode *PN : Net)
      Narrow[PN] = PHINode::Create(MaskTy, PN->getNumIncomingValues(),
                                   PN->getName() + ".flag", PN->getIterator());
    const DataLayout &DL = F.getDataLayout();
    for (PHINode *PN : Net)
      for (auto [In, From] : zip(PN->incoming_values(), PN->blocks())) {
        Value *V;
        if (auto *P = dyn_cast<PHINode>(In); P && Net.count(P))
          V = Narrow[P];
        else if (auto *Z = dyn_cast<ZExtInst>(In))
          V = Z->getOperand(0);
        else
          V = ConstantFoldCastOperand(Instruction::Trunc, cast<Constant>(In),
                                      MaskTy, DL);
        Narrow[PN]->addIncoming(V, From);
      }
    for (PHINode *PN : Net) {
      PHINode *NP = Narrow[PN];
      Value *Wide = nullptr;
      for (Use &U : make_early_inc_range(PN->uses())) {
        auto *UI = cast<Instruction>(U.getUser());
        if (auto *P = dyn_cast<PHINode>(UI); P && Net.count(P))
          continue;
        CmpPredicate Pred;
        if (match(UI, m_ICmp(Pred, m_Specific(PN), m_Zero())) &&
            (Pred == ICmpInst::ICMP_NE || Pred == ICmpInst::ICMP_EQ)) {
          Value *R = NP;
          if (Pred == ICmpInst::ICMP_EQ)
            R = IRBuilder<>(UI).CreateNot(NP);
          UI->replaceAllUsesWith(R);
          UI->eraseFromParent();
          continue;
        }
        if (!Wide) {
          Wide = IRBuilder<>(NP->getParent(),
                             NP->getParent()->getFirstInsertionPt())
                     .CreateZExt(NP, WideTy);
          Wide->takeName(PN);
        }
        U.set(Wide);
      }
    }
    for (PHINode *PN : Net)
      PN->dropAllReferences();
    for (PHINode *PN : Net)
      PN->eraseFromParent();
    NumFlagPhisNarrowed += Net.size();
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses LaneMaskSimplifyPass::run(Function &F,
                                            FunctionAnalysisManager &) {
  if (!F.hasFnAttribute(VariantOfAttr) &&
      !F.hasFnAttribute(LaneLoopsAttr))
    return PreservedAnalyses::all();
  bool Narrowed = narrowFlagPhis(F);
  // Roots: mask logic some other kind of instruction (a phi, a data select,
  // a branch's reduction) or another block uses.
  SmallVector<WeakVH, 16> Roots;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (isMaskLogic(&I) && any_of(I.users(), [&](User *U) {
            auto *UI = cast<Instruction>(U);
            return !isMaskLogic(UI) || UI->getParent() != &BB;
          }))
        Roots.push_back(&I);
  DenseMap<Value *, Value *> Frozen;
  bool Changed = false;
  for (WeakVH &H : Roots)
    if (auto *Root = dyn_cast_or_null<Instruction>(H))
      Changed |= simplify(Root, Frozen);
  if (!Changed && !Narrowed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace vplanext
