//===- LaneCutRounds.cpp - The round loop of a cut ------------------------===//
//
/// \file
/// The round loop of one cut (LaneLoopCutter.h): "while any lane is
/// active, run lane loop 2 once", with what it reads once per round (round
/// counters, a uniform loop's shared values), the shadow lanes' inputs in
/// front of it, and lane loop 2's entry, where each lane reads its flag,
/// its state and A's values.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopCutter.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumRoundCounters,
          "Number of divergent-loop counters read as the round counter");

namespace vplanext {
namespace fission {

/// The lane flags as a vector of i1 (`in`) and the first active lane
/// (`first`; the last lane when none is active).
std::pair<Value *, Value *> Cutter::firstActiveLane(IRBuilder<> &B) {
  Value *In = B.CreateIsNotNull(loadLanes(B, N.Act, "act"), "in");
  if (VL.isScalable()) {
    // cttz.elts gives the lane count when no flag is set.
    Value *First = B.CreateIntrinsic(Intrinsic::experimental_cttz_elts,
                                     {B.getInt64Ty(), In->getType()},
                                     {In, B.getFalse()});
    return {In, B.CreateBinaryIntrinsic(Intrinsic::umin, First,
                                        B.CreateSub(L.Count, B.getInt64(1)),
                                        nullptr, "first")};
  }
  unsigned Lanes = VL.getFixedValue();
  Value *Bits = B.CreateBitCast(In, B.getIntNTy(Lanes));
  Value *First = B.CreateBinaryIntrinsic(Intrinsic::cttz, Bits, B.getFalse());
  First = B.CreateBinaryIntrinsic(Intrinsic::umin, First,
                                  B.getIntN(Lanes, Lanes - 1), nullptr,
                                  "first");
  return {In, First};
}

/// Lanes that do not enter take the state and the inputs of the first
/// lane that does (every lane's slot when none does: the loop is then
/// skipped).
void Cutter::fillShadowLanes() {
  IRBuilder<> B(N.Fill);
  auto [In, First] = firstActiveLane(B);
  SmallVector<std::pair<AllocaInst *, AllocaInst *>, 8> Inputs;
  for (AllocaInst *Arr : N.StateArr)
    Inputs.push_back({Arr, Arr});
  for (auto &[I, Needs] : Cross) {
    if (!isInputOfI(I, Needs))
      continue;
    // Loop 3 still needs the lane's own value: loop 2 gets a copy.
    AllocaInst *&To = N.ShadowArr[I];
    To = Needs & (1u << PartB)
             ? makeArray(storedType(I->getType()), I->getName() + ".in")
             : N.CrossArr[I];
    Inputs.push_back({N.CrossArr[I], To});
  }
  for (auto [From, To] : Inputs) {
    Value *Vec = loadLanes(B, From);
    Value *Splat = B.CreateVectorSplat(VL, B.CreateExtractElement(Vec, First));
    B.CreateAlignedStore(B.CreateSelect(In, Vec, Splat), To, To->getAlign());
  }
  if (D.EnteredCopy)
    N.AllEntered = B.CreateAndReduce(In);
  B.CreateBr(N.W);
}

/// The round loop's header: round counters, a uniform loop's shared
/// values, and the test whether any lane is still active.
void Cutter::buildRoundLoop() {
  IRBuilder<> B(N.W);
  makeRoundCounters(B);
  Value *ActVec = loadLanes(B, N.Act, "act");
  Value *Any = B.CreateOrReduce(B.CreateIsNotNull(ActVec));
  if (D.UniformLoop)
    loadSharedValues(B);
  // Without shadow lanes every lane took the same path through A and
  // leaves a uniform loop at the same exit: lane 0's resume point is every
  // lane's, and lane loop 3's dispatch on it is uniform (a later cut sees
  // a branch on a value from outside its lane loop). Read after the last
  // round, when the round loop exits.
  if (D.NeedResume && D.UniformLoop && !D.ShadowLanes)
    N.SharedResume = B.CreateLoad(D.MaskTy, lanePtr(B, N.Resume, B.getInt64(0)),
                                  "resume.all");
  B.CreateCondBr(Any, N.H2, N.H3);
}

/// Round counters: every lane still in a divergent loop entered it before
/// the first round and has run one iteration per round since, so a
/// lockstep counter holds start + round * step in each of them. A uniform
/// loop's counters its transposed blocks read ahead are round counters
/// too: from lane 0's state array they would pass through a vector each
/// round, once the copies' states merge.
void Cutter::makeRoundCounters(IRBuilder<> &B) {
  assert((D.Lockstep.Counters.empty() || !N.Fill) &&
         "shadows are uniform loops");
  SmallVector<std::pair<PHINode *, ConstantInt *>, 4> Counters(
      D.Lockstep.Counters.begin(), D.Lockstep.Counters.end());
  if (D.Blocks)
    for (auto [PN, Step] : D.Blocks->Counters)
      Counters.push_back(
          {const_cast<PHINode *>(PN), const_cast<ConstantInt *>(Step)});
  for (auto [PN, Step] : Counters) {
    if (N.Round.count(PN))
      continue;
    PHINode *R = B.CreatePHI(PN->getType(), 2, PN->getName() + ".round");
    R->addIncoming(PN->getIncomingValueForBlock(InnerPre), N.T1);
    R->addIncoming(IRBuilder<>(N.WLatch->getTerminator())
                       .CreateAdd(R, Step, PN->getName() + ".round.next"),
                   N.WLatch);
    N.Round[PN] = R;
  }
  NumRoundCounters += N.Round.size();
}

/// A uniform loop's shared values (uniform phis, A's uniform values), read
/// once per round before lane loop 2: it rewrites the state arrays lane by
/// lane, so reading lane 0 inside it would see, in its scalar semantics,
/// lane 0's next value. Every lane runs a uniform loop (shadows included),
/// so lane 0 holds them. Read as the whole array and one element, so that
/// SROA still turns the array into a register.
void Cutter::loadSharedValues(IRBuilder<> &B) {
  auto LoadShared = [&](Type *Ty, AllocaInst *Arr, const Twine &Name) {
    // A value narrower than a byte from a scalable array: lane 0's slot
    // alone (the array stays in memory). InstCombine turns `trunc
    // (extractelement X, 0)` into an extract from X bitcast to
    // <vscale x M x iK>, which AArch64 cannot load ("Cannot scalarize
    // scalable vector loads").
    if (isa<ScalableVectorType>(Arr->getAllocatedType()) &&
        Ty->isIntegerTy() && Ty->getIntegerBitWidth() % 8 &&
        !Ty->isIntegerTy(1))
      return loadLane(B, Ty, Arr, B.getInt64(0), Name);
    Value *Vec = loadLanes(B, Arr);
    Value *Elt = B.CreateExtractElement(Vec, uint64_t(0), Name);
    if (Ty->isIntegerTy(1))
      return B.CreateIsNotNull(Elt, Name);
    return Elt->getType() == Ty ? Elt : B.CreateTrunc(Elt, Ty, Name);
  };
  for (auto [PN, Arr] : zip(N.StatePhis, N.StateArr))
    if (D.UniformPhis.count(PN) && !N.Round.count(PN))
      N.Shared[PN] = LoadShared(PN->getType(), Arr, PN->getName());
  for (Instruction *I : D.UniformInA)
    N.Shared[I] = LoadShared(I->getType(),
                             N.Fill ? N.ShadowArr.lookup(I) : N.CrossArr[I],
                             I->getName());
}

/// Lane loop 2's entry: this lane's flag and state, A's values as the
/// region reads them, the region's results of lanes that already left,
/// then one iteration of the region (a divergent loop's only for an active
/// lane).
void Cutter::enterLoop2() {
  IRBuilder<> B(N.Act2);
  N.Active = loadLane(B, B.getInt1Ty(), N.Act, N.Lane2, "active");
  for (auto [PN, Arr] : zip(N.StatePhis, N.StateArr))
    // A shared value is a scalar the vectorizer broadcasts (a uniform
    // address such as n-body's px[j]).
    N.State.push_back(N.Shared.count(PN)  ? N.Shared.lookup(PN)
                      : N.Round.count(PN) ? N.Round.lookup(PN)
                                          : loadLane(B, PN->getType(), Arr,
                                                     N.Lane2, PN->getName()));
  for (auto [PN, S] : zip(N.StatePhis, N.State))
    N.InI[PN] = S;
  for (auto &[I, Needs] : Cross)
    if (isInputOfI(I, Needs))
      // A uniform loop's bound (`n` widened in A), shared, is a scalar:
      // the exit test stays scalar instead of a per-lane compare (64-bit,
      // emulated by three instructions on SSE2).
      N.InI[I] = N.Shared.count(I)
                     ? N.Shared.lookup(I)
                     : loadLane(B, I->getType(),
                                N.Fill ? N.ShadowArr.lookup(I) : N.CrossArr[I],
                                N.Lane2, I->getName());
  // Lane-affine inputs, from this lane loop's counter (an address's stride
  // in a divergent loop with round counters, computed from values outside
  // the lane loop, is one); a shadowed loop's only in its copy.
  if (!D.ShadowLanes)
    recomputeLaneAffine(B, PartI, N.Lane2, N.InI);
  // What the latch records for a lane that does not leave this round: its
  // old resume point, landing and crossing values. In a uniform loop whose
  // lanes all entered, every lane leaves in the same round and its exit
  // overwrites them before anything reads them: poison, so the vectorized
  // latch stores the exit's values without blending them into the old ones
  // every round.
  bool KeepsOld = !D.UniformLoop || D.ShadowLanes;
  auto Old = [&](Type *T, AllocaInst *Arr, const Twine &Name) -> Value * {
    return KeepsOld ? loadLane(B, T, Arr, N.Lane2, Name) : PoisonValue::get(T);
  };
  for (auto &[I, Needs] : Cross)
    if (partOf(I->getParent()) == PartI)
      N.OldOut[I] = Old(I->getType(), N.CrossArr[I], I->getName() + ".old");
  N.OldResume = D.NeedResume ? Old(D.MaskTy, N.Resume, "resume.old") : nullptr;
  for (auto [PN, Arr] : zip(D.LandingPhis, N.LandingArr))
    N.OldLanding.push_back(Old(PN->getType(), Arr, PN->getName() + ".old"));
  // Every lane runs a uniform loop's iterations whenever any does.
  if (D.UniformLoop)
    B.CreateBr(IH);
  else
    B.CreateCondBr(N.Active, IH, N.T2);
}

} // namespace fission
} // namespace vplanext
