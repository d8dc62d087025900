//===- LaneCutResume.cpp - Lane loop 3's entry ----------------------------===//
//
/// \file
/// Lane loop 3's entry in one cut (LaneLoopCutter.h): each lane reloads
/// what B reads and its landing values, computes B's lane-affine values
/// again from its own counter, and resumes where it left A or the region
/// (the resume dispatch, when those edges go to more than one block).
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/LaneLoopCutter.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumLaneAffineRecomputed,
          "Number of lane-affine values lane loops 2 and 3 recompute "
          "instead of reading them from a lane array");

namespace vplanext {
namespace fission {

void Cutter::enterLoop3() {
  IRBuilder<> B(N.D3);
  for (auto &[I, Needs] : Cross)
    if (Needs & (1u << PartB))
      N.InB[I] = loadLane(B, I->getType(), N.CrossArr[I], N.Lane3,
                          I->getName());
  recomputeLaneAffine(B, PartB, N.Lane3, N.InB);
  for (auto [PN, Arr] : zip(D.LandingPhis, N.LandingArr))
    PN->addIncoming(loadLane(B, PN->getType(), Arr, N.Lane3,
                             PN->getName() + ".landed"),
                    N.Redirects.front().Landing);
  if (D.NeedResume)
    buildResumeDispatch(B);
  B.CreateBr(N.Redirects.back().Landing);
}

/// A chain of tests on the lane's resume point, one per landing edge but
/// the last; \p B is left in the last test's else block.
void Cutter::buildResumeDispatch(IRBuilder<> &B) {
  Value *R = N.SharedResume
                 ? N.SharedResume
                 : B.CreateLoad(D.MaskTy, lanePtr(B, N.Resume, N.Lane3),
                                "resume");
  for (unsigned K = 0; K + 1 < N.Redirects.size(); ++K) {
    BasicBlock *NextTest =
        newBlock("lane.post.resume", N.Redirects[K + 1].Landing);
    B.CreateCondBr(B.CreateICmpEQ(R, ConstantInt::get(D.MaskTy, K)),
                   N.Redirects[K].Landing, NextTest);
    B.SetInsertPoint(NextTest);
    Part[NextTest] = PartB;
  }
}

/// A copy of \p V, computed from values outside the lane loop, at \p B
/// (instructions already copied are in \p Done).
Value *Cutter::recompute(IRBuilder<> &B, Value *V,
                         DenseMap<Value *, Value *> &Done) const {
  if (Value *R = Done.lookup(V))
    return R;
  if (isOutsideLaneLoop(V))
    return V;
  auto *I = cast<Instruction>(V);
  Instruction *NewI = I->clone();
  for (Use &U : NewI->operands())
    U.set(recompute(B, U.get(), Done));
  B.Insert(NewI, I->getName());
  Done[V] = NewI;
  return NewI;
}

void Cutter::recomputeLaneAffine(IRBuilder<> &B, PartKind Part,
                                 PHINode *Lane,
                                 DenseMap<Value *, Value *> &In) {
  // A reads lane loop 1's counter by now.
  DenseMap<Value *, Value *> Done = {{N.Lane1, Lane}};
  for (Instruction *I : LaneAffineIn[Part])
    In[I] = recompute(B, I, Done);
  NumLaneAffineRecomputed += LaneAffineIn[Part].size();
}

} // namespace fission
} // namespace vplanext
