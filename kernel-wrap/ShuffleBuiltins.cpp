//===- ShuffleBuiltins.cpp - shuffle and shuffle2 -------------------------===//
//
/// \file
/// `shuffle(x, mask)` and `shuffle2(x, y, mask)`: element i of the result
/// is element mask[i] of x (of x and y one after the other), where only the
/// low log2(n) bits of mask[i] count for n elements to pick from (OpenCL C
/// 1.2 section 6.12.12). A constant mask becomes a shufflevector; any other
/// one element reads with a variable index, which the scalarizer turns into
/// selects.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"
#include "OclNames.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"

using namespace llvm;

namespace kernelwrap {

Value *lowerShuffle(IRBuilder<> &B, const OclName &N, ArrayRef<Value *> Args) {
  bool Two = N.Base == "shuffle2";
  if (!(Two || N.Base == "shuffle") || Args.size() != (Two ? 3u : 2u))
    return nullptr;
  auto *XT = dyn_cast<FixedVectorType>(Args[0]->getType());
  auto *MT = dyn_cast<FixedVectorType>(Args.back()->getType());
  if (!XT || !MT || !MT->getElementType()->isIntegerTy() ||
      (Two && Args[1]->getType() != XT))
    return nullptr;
  unsigned N0 = XT->getNumElements();
  unsigned From = Two ? 2 * N0 : N0;
  if (!isPowerOf2_32(From))
    return nullptr;
  Value *Src = Args[0];
  if (Two) {
    SmallVector<int, 32> Both;
    for (unsigned I = 0; I < From; ++I)
      Both.push_back(I);
    Src = B.CreateShuffleVector(Args[0], Args[1], Both);
  }
  Value *Mask =
      B.CreateAnd(Args.back(), ConstantInt::get(MT, From - 1), "shuffle.idx");
  unsigned M = MT->getNumElements();
  if (auto *C = dyn_cast<Constant>(Mask)) {
    SmallVector<int, 16> Idx;
    for (unsigned I = 0; I < M; ++I)
      if (auto *E = dyn_cast_or_null<ConstantInt>(C->getAggregateElement(I)))
        Idx.push_back(int(E->getZExtValue()));
    if (Idx.size() == M)
      return B.CreateShuffleVector(Src, Idx);
  }
  Value *R = PoisonValue::get(FixedVectorType::get(XT->getElementType(), M));
  for (unsigned I = 0; I < M; ++I)
    R = B.CreateInsertElement(
        R, B.CreateExtractElement(Src, B.CreateExtractElement(Mask, I)), I);
  return R;
}

} // namespace kernelwrap
