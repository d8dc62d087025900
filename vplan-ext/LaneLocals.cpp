//===- LaneLocals.cpp - A copy of a body's locals per lane ----------------===//

#include "vplan-ext/LaneLocals.h"
#include "vplan-ext/LaneLoopMetadata.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include <tuple>

using namespace llvm;

namespace vplanext {

namespace {
/// The locals of \p Locals that get a copy per lane, each with the type of
/// its copy, smallest first; why the others stay shared goes to \p Why.
SmallVector<std::pair<AllocaInst *, Type *>, 4>
choosePrivate(const DataLayout &DL, ArrayRef<AllocaInst *> Locals,
              ElementCount VL, uint64_t MaxBytes, StringRef BudgetOption,
              function_ref<bool(const AllocaInst &)> KeepShared,
              std::string &Why) {
  SmallVector<std::tuple<uint64_t, AllocaInst *, Type *>, 4> Private;
  for (AllocaInst *AI : Locals) {
    auto *Count = dyn_cast<ConstantInt>(AI->getArraySize());
    if (!Count || !AI->isStaticAlloca() || KeepShared(*AI))
      continue;
    Type *T = AI->getAllocatedType();
    if (AI->isArrayAllocation())
      T = ArrayType::get(T, Count->getZExtValue());
    uint64_t Size = DL.getTypeAllocSize(T);
    if (VL.isScalable()) {
      Why = "at vscale x N lanes the lanes share the body's locals (a lane's "
            "copy would need a run-time stride)";
      return {};
    }
    if (Size % AI->getAlign().value()) {
      Why = ("the lanes share a local of the body aligned to " +
             Twine(AI->getAlign().value()) +
             " bytes, which a lane's copy would not keep")
                .str();
      continue;
    }
    Private.push_back({Size, AI, T});
  }
  llvm::stable_sort(Private, [](const auto &X, const auto &Y) {
    return std::get<0>(X) < std::get<0>(Y);
  });
  uint64_t Bytes = 0, SharedBytes = 0;
  auto Fits = Private.begin();
  for (; Fits != Private.end() && Bytes + std::get<0>(*Fits) <= MaxBytes;
       ++Fits)
    Bytes += std::get<0>(*Fits);
  for (auto It = Fits; It != Private.end(); ++It)
    SharedBytes += std::get<0>(*It);
  if (SharedBytes)
    Why = ("the lanes share " + Twine(Private.end() - Fits) +
           " local(s) of the body: a copy per lane would take " +
           Twine(SharedBytes) + " bytes more a lane, over " + BudgetOption +
           "=" + Twine(MaxBytes))
              .str();
  SmallVector<std::pair<AllocaInst *, Type *>, 4> Chosen;
  for (auto It = Private.begin(); It != Fits; ++It)
    Chosen.push_back({std::get<1>(*It), std::get<2>(*It)});
  return Chosen;
}
} // namespace

LaneLocals privatizeLaneLocals(Function &F, ArrayRef<AllocaInst *> Locals,
                               Instruction *InsertPt, Value *Lane,
                               ElementCount VL, uint64_t MaxBytes,
                               StringRef BudgetOption,
                               function_ref<bool(const AllocaInst &)>
                                   KeepShared) {
  LaneLocals R;
  SmallVector<std::pair<AllocaInst *, Type *>, 4> Private =
      choosePrivate(F.getDataLayout(), Locals, VL, MaxBytes, BudgetOption,
                    KeepShared, R.SharedReason);
  IRBuilder<> B(InsertPt);
  for (auto [AI, T] : Private) {
    AllocaInst *Arr = createLaneArray(F, T, VL, AI->getName() + ".lanes");
    Arr->setAlignment(std::max(Arr->getAlign(), AI->getAlign()));
    auto *Slot = cast<Instruction>(laneArraySlot(B, Arr, Lane));
    Slot->setName(AI->getName() + ".lane");
    AI->replaceAllUsesWith(Slot);
    R.Copies.push_back({Slot, Arr, T, AI->getAlign(), AI->getName().str()});
    AI->eraseFromParent();
  }
  // Last: \p InsertPt may be one of them.
  for (const LaneLocalCopy &C : R.Copies)
    for (User *U : make_early_inc_range(C.Slot->users()))
      if (auto *II = dyn_cast<IntrinsicInst>(U);
          II && II->isLifetimeStartOrEnd())
        II->eraseFromParent();
  return R;
}

void shareLaneLocals(Function &F, ArrayRef<LaneLocalCopy> Copies) {
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  for (const LaneLocalCopy &C : Copies) {
    AllocaInst *AI = B.CreateAlloca(C.Ty, nullptr, C.Name);
    AI->setAlignment(C.Alignment);
    C.Slot->replaceAllUsesWith(AI);
    C.Slot->eraseFromParent();
    C.Lanes->eraseFromParent();
  }
}

} // namespace vplanext
