//===- InterleaveGapFill.cpp - Whole-struct groups for AoS reads ----------===//

#include "vplan-ext/InterleaveGapFill.h"
#include "vplan-ext/InterleaveGroupModel.h"
#include "vplan-ext/LaneLoopPrep.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include <tuple>

using namespace llvm;

#define DEBUG_TYPE "vplan-ext"

STATISTIC(NumGapLoads, "Number of loads added to complete interleave groups");

namespace vplanext {

static unsigned gatherGappedLoads(Function &F, DominatorTree &DT,
                                  LoopInfo &LI, ArrayRef<Loop *> LaneLoops,
                                  bool MaskedGroups);

namespace {

/// The reads of one object `p[k]` every lane makes.
struct ObjectReads {
  ObjectField Object;
  Type *EltTy = nullptr;
  LoadInst *First = nullptr;
  SmallVector<uint64_t, 8> Offsets;
  bool Mixed = false; ///< loads of other sizes: LV groups only one size
};

} // namespace

ObjectField objectFieldOf(const LoadInst &Ld, const Loop &L) {
  const DataLayout &DL = Ld.getDataLayout();
  APInt Off(DL.getIndexTypeSizeInBits(Ld.getPointerOperandType()), 0);
  const Value *Stripped =
      Ld.getPointerOperand()->stripAndAccumulateConstantOffsets(
          DL, Off, /*AllowNonInbounds=*/false);
  // The executor builds on the object's base and index.
  auto *GEP = dyn_cast<GetElementPtrInst>(const_cast<Value *>(Stripped));
  // p[idx].field...: the first index varies per lane, the rest are
  // constants (field numbers, array positions).
  if (!GEP || !GEP->isInBounds() || GEP->getNumIndices() < 1 ||
      !L.contains(GEP) || L.isLoopInvariant(GEP->getOperand(1)) ||
      !GEP->getSourceElementType()->isAggregateType())
    return {};
  Type *ObjectTy = GEP->getSourceElementType();
  if (GEP->getNumIndices() > 1) {
    SmallVector<Value *, 4> Rest(GEP->idx_begin() + 1, GEP->idx_end());
    if (!all_of(Rest, [](Value *V) { return isa<ConstantInt>(V); }))
      return {};
    SmallVector<Value *, 4> Idx = {
        ConstantInt::get(GEP->getOperand(1)->getType(), 0)};
    Idx.append(Rest.begin(), Rest.end());
    Off += APInt(Off.getBitWidth(), DL.getIndexedOffsetInType(ObjectTy, Idx));
  }
  uint64_t Elt = DL.getTypeStoreSize(Ld.getType());
  if (Off.isNegative() ||
      Off.getZExtValue() + Elt > DL.getTypeAllocSize(ObjectTy))
    return {};
  return {ObjectTy, GEP->getPointerOperand(), GEP->getOperand(1),
          Off.getZExtValue()};
}

/// Whether InterleaveGapFill reads the fields nobody reads of an object of
/// type \p ObjectTy whose reads every lane makes are of \p EltTy at
/// \p Offsets (\p Mixed: of other sizes too, which the vectorizer does not
/// group with them): when they miss a field and it is made of whole
/// \p EltTy fields, no more than an interleave group has (maxInterleaveFactor).
static bool fillsObjectGaps(const DataLayout &DL, Type *ObjectTy, Type *EltTy,
                            ArrayRef<uint64_t> Offsets, bool Mixed) {
  if (Mixed || !EltTy->isSingleValueType() || EltTy->isVectorTy())
    return false;
  uint64_t Size = DL.getTypeAllocSize(ObjectTy);
  uint64_t Elt = DL.getTypeStoreSize(EltTy);
  SmallVector<uint64_t, 8> Fields(Offsets);
  llvm::sort(Fields);
  Fields.erase(llvm::unique(Fields), Fields.end());
  return Elt && Size % Elt == 0 && Size / Elt <= maxInterleaveFactor() &&
         Size / Elt != Fields.size() &&
         none_of(Fields, [&](uint64_t O) { return O % Elt; });
}

SmallVector<ObjectFill, 4>
findObjectFills(const Loop &L,
                function_ref<bool(const BasicBlock &)> EveryLaneRuns) {
  SmallVector<ObjectFill, 4> Fills;
  MapVector<std::tuple<Value *, Value *, Type *>, ObjectReads> Objects;
  for (BasicBlock *BB : L.blocks()) {
    // Only reads every lane makes: a conditional group would be masked,
    // which x86 without AVX-512 does not do for interleave groups.
    if (!EveryLaneRuns(*BB))
      continue;
    for (Instruction &I : *BB) {
      auto *Ld = dyn_cast<LoadInst>(&I);
      if (!Ld || !Ld->isSimple())
        continue;
      ObjectField Field = objectFieldOf(*Ld, L);
      if (!Field)
        continue;
      ObjectReads &R = Objects[{Field.Base, Field.Index, Field.ObjectTy}];
      if (!R.EltTy) {
        R.Object = Field;
        R.EltTy = Ld->getType();
        R.First = Ld;
      }
      const DataLayout &DL = Ld->getDataLayout();
      R.Mixed |=
          DL.getTypeStoreSize(R.EltTy) != DL.getTypeStoreSize(Ld->getType());
      R.Offsets.push_back(Field.Offset);
    }
  }
  for (auto &[Key, R] : Objects) {
    const DataLayout &DL = R.First->getDataLayout();
    if (!fillsObjectGaps(DL, R.Object.ObjectTy, R.EltTy, R.Offsets, R.Mixed))
      continue;
    ObjectFill F{R.First, R.Object, R.EltTy, {}};
    uint64_t Size = DL.getTypeAllocSize(R.Object.ObjectTy);
    uint64_t Elt = DL.getTypeStoreSize(R.EltTy);
    for (uint64_t O = 0; O < Size; O += Elt)
      if (!is_contained(R.Offsets, O))
        F.Missing.push_back(O);
    Fills.push_back(std::move(F));
  }
  return Fills;
}

/// After the first read of \p F's object (its block runs for every lane),
/// reads the fields nobody reads: the group then has no gap. Returns how
/// many.
static unsigned readWholeObject(const ObjectFill &F) {
  const DataLayout &DL = F.First->getDataLayout();
  IRBuilder<> B(F.First->getNextNode());
  Value *Elem = B.CreateInBoundsGEP(F.Object.ObjectTy, F.Object.Base,
                                    {F.Object.Index}, "gap.elem");
  Align ObjectAlign = DL.getABITypeAlign(F.Object.ObjectTy);
  for (uint64_t O : F.Missing) {
    Value *Ptr =
        B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Elem, O, "gap.ptr");
    LoadInst *Fill = B.CreateAlignedLoad(
        F.EltTy, Ptr, commonAlignment(ObjectAlign, O), "gap.fill");
    Fill->copyMetadata(*F.First, {LLVMContext::MD_access_group});
    ++NumGapLoads;
  }
  return F.Missing.size();
}

unsigned fillInterleaveGaps(Function &F, DominatorTree &DT, LoopInfo &LI,
                            ArrayRef<Loop *> LaneLoops,
                            const TargetTransformInfo *TTI) {
  unsigned Added = 0;
  for (Loop *L : LaneLoops) {
    BasicBlock *Latch = L->getLoopLatch();
    if (!Latch)
      continue;
    for (const ObjectFill &Fill :
         findObjectFills(*L, [&](const BasicBlock &BB) {
           return DT.dominates(&BB, Latch);
         }))
      Added += readWholeObject(Fill);
  }
  Added += gatherGappedLoads(
      F, DT, LI, LaneLoops,
      TTI && TTI->enableMaskedInterleavedAccessVectorization());
  return Added;
}

/// Freezes the one index of \p Ld's address that varies in \p L (`p[k]`,
/// or a lane array's `[0][lane]`): in the GEP the load reads, or, when
/// that GEP's indices do not vary (`row[c]` of a lane's row of a lane
/// array), in the GEP it is based on, copied with it for this read alone
/// (the row's other accesses keep their stride).
static bool freezeVaryingIndex(LoadInst &Ld, const Loop &L) {
  auto *GEP = dyn_cast<GetElementPtrInst>(Ld.getPointerOperand());
  if (!GEP || !L.contains(GEP))
    return false;
  auto Freeze = [](Use &Varying, Instruction *Before) {
    IRBuilder<> B(Before);
    Value *Idx = Varying.get();
    Varying.set(B.CreateFreeze(Idx, Idx->getName() + ".gather"));
  };
  if (Use *Varying = singleVaryingIndex(*GEP, L)) {
    // Other accesses through the address (a store to the slot read, a
    // second read of it) keep their stride: the read gets a copy.
    if (!GEP->hasOneUse()) {
      auto *Copy = cast<GetElementPtrInst>(GEP->clone());
      Copy->insertBefore(GEP->getIterator());
      Copy->setName(GEP->getName());
      Ld.setOperand(LoadInst::getPointerOperandIndex(), Copy);
      Varying = &Copy->getOperandUse(Varying->getOperandNo());
      GEP = Copy;
    }
    Freeze(*Varying, GEP);
    return true;
  }
  auto *Base = dyn_cast<GetElementPtrInst>(GEP->getPointerOperand());
  if (!Base || !L.contains(Base) ||
      !all_of(GEP->indices(),
              [&](const Use &U) { return L.isLoopInvariant(U.get()); }))
    return false;
  Use *Varying = singleVaryingIndex(*Base, L);
  if (!Varying)
    return false;
  auto *RowCopy = cast<GetElementPtrInst>(Base->clone());
  RowCopy->insertBefore(GEP->getIterator());
  Freeze(RowCopy->getOperandUse(Varying->getOperandNo()), RowCopy);
  auto *Copy = cast<GetElementPtrInst>(GEP->clone());
  Copy->insertBefore(GEP->getIterator());
  Copy->setOperand(0, RowCopy);
  Ld.setOperand(LoadInst::getPointerOperandIndex(), Copy);
  if (GEP->use_empty())
    GEP->eraseFromParent();
  if (Base->use_empty())
    Base->eraseFromParent();
  return true;
}

/// The strided reads of \p LaneLoops whose group (formVectorizerGroups)
/// would miss its last member become gathers: reads every lane makes, and,
/// where the target has masked interleaved accesses (\p MaskedGroups: SVE),
/// reads under a condition too (LV groups those only there).
static unsigned gatherGappedLoads(Function &F, DominatorTree &DT,
                                  LoopInfo &LI, ArrayRef<Loop *> LaneLoops,
                                  bool MaskedGroups) {
  TargetLibraryInfoImpl TLII(F.getParent()->getTargetTriple());
  TargetLibraryInfo TLI(TLII, &F);
  AssumptionCache AC(F);
  ScalarEvolution SE(F, TLI, AC, DT, LI);
  const DataLayout &DL = F.getDataLayout();
  unsigned Frozen = 0;
  for (Loop *L : LaneLoops) {
    if (!L->getLoopLatch())
      continue;
    SmallVector<StridedAccessDesc, 8> Strided;
    // As the vectorizer sees it: an index that is a recurrence only if it
    // does not wrap (`zext(c + 2 * lane)`) is one under the SCEV predicates
    // the vectorizer adds, and forms groups like any other.
    PredicatedScalarEvolution PSE(SE, *L);
    for (BasicBlock *BB : L->blocks()) {
      const BasicBlock *Predicated =
          DT.dominates(BB, L->getLoopLatch()) ? nullptr : BB;
      for (Instruction &I : *BB) {
        auto *Ld = dyn_cast<LoadInst>(&I);
        if (!Ld || !Ld->isSimple())
          continue;
        const SCEVAddRecExpr *AR = PSE.getAsAddRec(Ld->getPointerOperand());
        if (!AR || AR->getLoop() != L || !AR->isAffine())
          continue;
        if (auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE)))
          Strided.push_back({Ld, Ld, Ld->getType(), AR,
                             Step->getAPInt().getSExtValue(), Predicated});
      }
    }
    // A group whose last member is missing makes the vectorizer demand a
    // scalar epilogue iteration, which a lane loop has no room for (the
    // whole loop would stay scalar). Such reads, where no whole struct
    // vouches for the gap, become gathers: their index is frozen, which
    // hides the stride from the vectorizer. The other groups stay as they
    // are: a group never takes a member another group holds.
    for (const AccessGroupDesc &G :
         formVectorizerGroups(*L, LI, Strided, SE, DL, MaskedGroups))
      if (!G.isReverse() && !G.lastMemberPresent())
        for (auto &[I, Off] : G.Members)
          Frozen += freezeVaryingIndex(*cast<LoadInst>(I), *L);
  }
  return Frozen;
}

} // namespace vplanext
