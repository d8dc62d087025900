//===- LaneCutArrays.cpp - Lane arrays and the latches that write them ----===//
//
/// \file
/// The per-lane arrays of one cut (LaneLoopCutter.h) and the latches of
/// lane loops 1 and 2, which write them. Every value that crosses the cut
/// goes through an array (`alloca [VL x T]`, `<vscale x N x T>` for an SVE
/// variant's lanes) written once, unconditionally, at the end of each lane
/// iteration (a phi at the latch picks the value per path: select masking,
/// never a conditional store)
/// and read at the start of the next lane loop; after the loop vectorizer
/// each array is read and written whole, so SROA turns it into a vector
/// register.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopCutter.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumCrossArrays,
          "Number of per-lane arrays for values that cross a cut");

namespace vplanext {
namespace fission {

AllocaInst *Cutter::makeArray(Type *EltTy, const Twine &Name) {
  ++NumCrossArrays;
  return createLaneArray(F, EltTy, VL, Name);
}

Type *Cutter::storedType(Type *T) const {
  if (T->isIntegerTy(1))
    return D.MaskTy;
  if (auto *IT = dyn_cast<IntegerType>(T);
      IT && (IT->getBitWidth() < 8 || !isPowerOf2_32(IT->getBitWidth())))
    return IntegerType::get(T->getContext(),
                            std::max(8u, unsigned(PowerOf2Ceil(
                                             IT->getBitWidth()))));
  return T;
}

Value *Cutter::lanePtr(IRBuilder<> &B, AllocaInst *A, Value *Lane) {
  return laneArraySlot(B, A, Lane);
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

/// The active flags, the resume points, the landing values, the inner
/// loop's state and the crossing values.
void Cutter::makeLaneArrays() {
  N.Act = makeArray(D.MaskTy, "lane.act");
  N.Resume = D.NeedResume ? makeArray(D.MaskTy, "lane.resume") : nullptr;
  for (PHINode *PN : D.LandingPhis)
    N.LandingArr.push_back(
        makeArray(storedType(PN->getType()), PN->getName() + ".landing"));
  for (PHINode &PN : IH->phis()) {
    N.StatePhis.push_back(&PN);
    N.StateArr.push_back(
        makeArray(storedType(PN.getType()), PN.getName() + ".lanes"));
  }
  for (auto &[I, Needs] : Cross)
    N.CrossArr[I] =
        makeArray(storedType(I->getType()), I->getName() + ".lanes");
}

/// \p I as a lane leaving through \p From carries it: poison where it was
/// not computed (it is never read there).
Value *Cutter::availableAt(Instruction *I, BasicBlock *From) const {
  if (AvailAt.lookup({I, From}))
    return I;
  return PoisonValue::get(I->getType());
}

void Cutter::storeLatchValues(
    BasicBlock *Latch, Value *Lane, Value *Act, Value *Resume,
    ArrayRef<PHINode *> Landed, ArrayRef<PHINode *> State,
    ArrayRef<std::pair<Instruction *, PHINode *>> Vals) {
  IRBuilder<> B(Latch->getTerminator());
  storeLane(B, Act, N.Act, Lane);
  if (Resume)
    storeLane(B, Resume, N.Resume, Lane);
  for (auto [V, Arr] : zip(Landed, N.LandingArr))
    storeLane(B, V, Arr, Lane);
  for (auto [S, Arr] : zip(State, N.StateArr))
    storeLane(B, S, Arr, Lane);
  for (auto &[I, P] : Vals)
    storeLane(B, P, N.CrossArr[I], Lane);
}

/// Latch of loop 1: flag, resume point, landing values, inner-loop state,
/// A's values. A lane that enters the region is active with the region's
/// initial state; one that leaves A for B records where, or what it lands
/// with.
void Cutter::buildLatch1() {
  IRBuilder<> B(N.T1, N.T1->getFirstInsertionPt());
  unsigned NPreds = 1;
  for (const Redirect &R : N.Redirects)
    NPreds += partOf(R.From) == PartA;
  PHINode *A1 = B.CreatePHI(B.getInt1Ty(), NPreds, "act.a");
  PHINode *R1 =
      D.NeedResume ? B.CreatePHI(D.MaskTy, NPreds, "resume.a") : nullptr;
  A1->addIncoming(B.getTrue(), N.Enter);
  if (R1)
    R1->addIncoming(ConstantInt::get(D.MaskTy, 0), N.Enter);
  SmallVector<PHINode *, 2> P1;
  for (PHINode *PN : D.LandingPhis) {
    P1.push_back(B.CreatePHI(PN->getType(), NPreds, PN->getName() + ".a"));
    P1.back()->addIncoming(PoisonValue::get(PN->getType()), N.Enter);
  }
  SmallVector<PHINode *, 4> S1;
  for (PHINode *PN : N.StatePhis) {
    S1.push_back(B.CreatePHI(PN->getType(), NPreds, PN->getName() + ".init"));
    S1.back()->addIncoming(PN->getIncomingValueForBlock(InnerPre), N.Enter);
  }
  SmallVector<std::pair<Instruction *, PHINode *>, 8> V1;
  for (auto &[I, Needs] : Cross)
    if (partOf(I->getParent()) == PartA) {
      V1.push_back({I, B.CreatePHI(I->getType(), NPreds, I->getName())});
      V1.back().second->addIncoming(availableAt(I, InnerPre), N.Enter);
    }
  for (const Redirect &R : N.Redirects) {
    if (partOf(R.From) != PartA)
      continue;
    A1->addIncoming(B.getFalse(), R.EdgeBB);
    if (R1)
      R1->addIncoming(ConstantInt::get(D.MaskTy, R.Id), R.EdgeBB);
    for (auto [P, V] : zip(P1, R.PhiVals))
      P->addIncoming(V, R.EdgeBB);
    for (auto [PN, S] : zip(N.StatePhis, S1))
      S->addIncoming(PoisonValue::get(PN->getType()), R.EdgeBB);
    for (auto &[I, P] : V1)
      P->addIncoming(availableAt(I, R.From), R.EdgeBB);
  }
  storeLatchValues(N.T1, N.Lane1, A1, R1, P1, S1, V1);
}

/// Latch of loop 2: skipped lanes keep everything; a back edge keeps the
/// lane active with the next state; an exit records where it left (or
/// what it lands with) and what it computed.
void Cutter::buildLatch2() {
  IRBuilder<> B(N.T2, N.T2->getFirstInsertionPt());
  auto InLoop2 = [&](Value *V) -> Value * {
    if (Value *R = N.InI.lookup(V))
      return R;
    return V;
  };
  unsigned NPreds = !D.UniformLoop + N.Continue.size();
  for (const Redirect &R : N.Redirects)
    NPreds += partOf(R.From) == PartI;
  PHINode *A2 = B.CreatePHI(B.getInt1Ty(), NPreds, "act.i");
  PHINode *R2 =
      D.NeedResume ? B.CreatePHI(D.MaskTy, NPreds, "resume.i") : nullptr;
  SmallVector<PHINode *, 2> P2;
  for (PHINode *PN : D.LandingPhis)
    P2.push_back(B.CreatePHI(PN->getType(), NPreds, PN->getName() + ".i"));
  SmallVector<PHINode *, 4> S2;
  for (PHINode *PN : N.StatePhis)
    S2.push_back(B.CreatePHI(PN->getType(), NPreds, PN->getName() + ".next"));
  SmallVector<std::pair<Instruction *, PHINode *>, 8> V2;
  for (auto &[I, Needs] : Cross)
    if (partOf(I->getParent()) == PartI)
      V2.push_back({I, B.CreatePHI(I->getType(), NPreds, I->getName())});
  // Skipped (inactive) lane.
  if (!D.UniformLoop) {
    A2->addIncoming(B.getFalse(), N.Act2);
    if (R2)
      R2->addIncoming(N.OldResume, N.Act2);
    for (auto [P, Old] : zip(P2, N.OldLanding))
      P->addIncoming(Old, N.Act2);
    for (auto [PN, S] : zip(N.StatePhis, S2))
      S->addIncoming(PoisonValue::get(PN->getType()), N.Act2);
    for (auto &[I, P] : V2)
      P->addIncoming(N.OldOut[I], N.Act2);
  }
  // Back edges.
  for (auto [S, C] : zip(InnerLatches, N.Continue)) {
    // A shadow lane stays out of the lanes that entered.
    A2->addIncoming(D.ShadowLanes ? N.Active : B.getTrue(), C);
    if (R2)
      R2->addIncoming(N.OldResume, C);
    for (auto [P, Old] : zip(P2, N.OldLanding))
      P->addIncoming(Old, C);
    for (auto [PN, SP] : zip(N.StatePhis, S2))
      SP->addIncoming(InLoop2(PN->getIncomingValueForBlock(S)), C);
    for (auto &[I, P] : V2)
      P->addIncoming(N.OldOut[I], C);
  }
  // Exits.
  for (const Redirect &R : N.Redirects) {
    if (partOf(R.From) != PartI)
      continue;
    A2->addIncoming(B.getFalse(), R.EdgeBB);
    if (R2) {
      // A shadow lane goes on where it left loop 1.
      Value *Id = ConstantInt::get(D.MaskTy, R.Id);
      if (D.ShadowLanes)
        Id = IRBuilder<>(R.EdgeBB->getTerminator())
                 .CreateSelect(N.Active, Id, N.OldResume, "resume.shadow");
      R2->addIncoming(Id, R.EdgeBB);
    }
    for (auto [P, V, Old] : zip(P2, R.PhiVals, N.OldLanding)) {
      Value *Landed = InLoop2(V);
      if (D.ShadowLanes)
        Landed = IRBuilder<>(R.EdgeBB->getTerminator())
                     .CreateSelect(N.Active, Landed, Old, "landing.shadow");
      P->addIncoming(Landed, R.EdgeBB);
    }
    for (auto [PN, S] : zip(N.StatePhis, S2))
      S->addIncoming(PoisonValue::get(PN->getType()), R.EdgeBB);
    for (auto &[I, P] : V2)
      P->addIncoming(InLoop2(availableAt(I, R.From)), R.EdgeBB);
  }
  storeLatchValues(N.T2, N.Lane2, A2, R2, P2, S2, V2);
}

} // namespace fission
} // namespace vplanext
