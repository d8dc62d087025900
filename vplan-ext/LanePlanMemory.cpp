//===- LanePlanMemory.cpp - Memory recipes of the lane plan ---------------===//
//
// The recipes of loads and stores: interleave groups of constant-stride
// accesses (with what InterleaveGapFill does to them and the loop
// vectorizer's choice among groups, gathers and per-lane accesses),
// contiguous, masked, uniform and lockstep accesses, gathers and scatters.
//
//===----------------------------------------------------------------------===//

#include "vplan-ext/InterleaveGapFill.h"
#include "vplan-ext/LanePlanBuilder.h"
#include "vplan-ext/LoweringRules.h"
#include "vplan-ext/StrideAnalysis.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/Loads.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

using namespace llvm;

namespace vplanext {

/// Groups the strided accesses LaneStrideAnalysis found in this loop as
/// the vectorizer does (formVectorizerGroups), with the reads
/// InterleaveGapFill adds to complete an object (findObjectFills); a
/// masked block's accesses are predicated. Each block is a segment of its
/// own: a cut may put the blocks of this loop into different lane loops.
void LanePlanBuilder::formInterleaveGroups() {
  SmallVector<StridedAccessDesc, 8> Strided;
  for (const LaneStrideInfo::Access &A : Strides.accesses())
    if (A.LaneLoop == &L && A.Stride.Kind == AccessStrideKind::Strided)
      Strided.push_back(
          {A.I, A.I, getLoadStoreType(A.I),
           SE.getSCEV(getLoadStorePointerOperand(A.I)), A.Stride.StrideBytes,
           Masked.count(A.I->getParent()) ? A.I->getParent() : nullptr,
           A.I->getParent()});
  for (const ObjectFill &Fill : findObjectFills(
           L, [&](const BasicBlock &BB) { return !Masked.count(&BB); })) {
    const AccessStride *S = Strides.getStride(Fill.First);
    if (!S || S->Kind != AccessStrideKind::Strided)
      continue;
    const SCEV *Ptr = SE.getSCEV(Fill.First->getPointerOperand());
    Type *IdxTy = DL.getIndexType(Fill.First->getPointerOperandType());
    for (uint64_t O : Fill.Missing)
      Strided.push_back(
          {nullptr, Fill.First, Fill.EltTy,
           SE.getAddExpr(
               Ptr,
               SE.getConstant(IdxTy, int64_t(O) - int64_t(Fill.Object.Offset),
                              /*isSigned=*/true)),
           S->StrideBytes, nullptr, Fill.First->getParent()});
  }
  for (AccessGroupDesc &D :
       formVectorizerGroups(L, LI, Strided, SE, DL,
                            TTI.enableMaskedInterleavedAccessVectorization())) {
    // The reads InterleaveGapFill adds alone: no recipe of the scalar code.
    if (none_of(D.Members, [](const auto &M) { return M.first; }))
      continue;
    for (auto &[I, Off] : D.Members)
      if (I)
        GroupOf[I] = Groups.size();
    Groups.push_back(std::move(D));
  }
}

static std::string strideText(const AccessStride &S) {
  std::string Str;
  raw_string_ostream OS(Str);
  switch (S.Kind) {
  case AccessStrideKind::Uniform:
    OS << "uniform address";
    break;
  case AccessStrideKind::Contiguous:
    OS << "contiguous";
    break;
  case AccessStrideKind::Strided:
    OS << "stride " << S.StrideBytes;
    break;
  case AccessStrideKind::UnknownStride:
    OS << "unknown stride " << *S.Stride;
    break;
  case AccessStrideKind::Gather:
    OS << "per-lane addresses";
    break;
  }
  if (S.AssumesNoWrap)
    OS << " (if its index does not wrap)";
  if (S.IndexWraps)
    OS << " (its narrow index wraps within the lanes: frozen)";
  return Str;
}

/// The constant stride of an address whose index InterleaveGapFill froze
/// to make the read a gather: `gep %a, (freeze %k)` with %k an affine
/// recurrence of the lane loop.
std::optional<int64_t> LanePlanBuilder::frozenStride(Instruction &I) const {
  auto *GEP = dyn_cast<GetElementPtrInst>(getLoadStorePointerOperand(&I));
  if (!GEP || GEP->getNumIndices() != 1)
    return std::nullopt;
  auto *Fr = dyn_cast<FreezeInst>(GEP->getOperand(1));
  if (!Fr)
    return std::nullopt;
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Fr->getOperand(0)));
  if (!AR || AR->getLoop() != &L || !AR->isAffine())
    return std::nullopt;
  auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!Step)
    return std::nullopt;
  return Step->getAPInt().getSExtValue() *
         int64_t(DL.getTypeAllocSize(GEP->getSourceElementType()));
}

/// Keeps the first access whose recipe holds only if its index does not
/// wrap (LanePlan::getNoWrapAssumed).
void LanePlanBuilder::recordNoWrap(const Instruction &I) {
  const AccessStride *S = Strides.getStride(&I);
  if (S && S->AssumesNoWrap && !P.NoWrapAssumed)
    P.NoWrapAssumed = &I;
}

void LanePlanBuilder::addMemory(Instruction &I, NodeList &Out) {
  if (auto It = GroupOf.find(&I); It != GroupOf.end()) {
    // The vectorizer forms the group under the same no-wrap predicates.
    recordNoWrap(I);
    // The group is placed at its first member in program order.
    if (PlacedGroups.insert(It->second).second)
      addGroup(Groups[It->second], Out);
    return;
  }
  bool IsLoad = isa<LoadInst>(I);
  // The vectorizer loads without a mask what every lane may read (LV's
  // test for loads in predicated blocks): a masked variant's arguments in
  // their lane arrays, a uniform base read at the lane's index.
  bool IsMasked = Masked.count(I.getParent()) &&
                  !(IsLoad && isDereferenceableAndAlignedInLoop(
                                  cast<LoadInst>(&I), &L, SE, DT, &AC));
  PlanCost C = scalarCost(I);
  Type *EltTy = getLoadStoreType(&I);
  if (auto It = LockstepAccesses.find(&I);
      It != LockstepAccesses.end() && VectorType::isValidElementType(EltTy)) {
    Align A = getLoadStoreAlignment(&I);
    unsigned AS = getLoadStoreAddressSpace(&I);
    if (It->second == LockstepKind::ContiguousMasked) {
      C.Vector = TTI.getMemIntrinsicInstrCost(
          MemIntrinsicCostAttributes(IsLoad ? Intrinsic::masked_load
                                            : Intrinsic::masked_store,
                                     widen(EltTy), A, AS),
          CostKind);
      addRecipe(Out, PlanNode::MaskedMemory, I, C,
                "contiguous: round counter, lane-stepped copy");
      return;
    }
    if (It->second == LockstepKind::Contiguous ||
        It->second == LockstepKind::ContiguousFromLane) {
      // A uniform loop: every lane runs it, no mask.
      C.Vector = TTI.getMemoryOpCost(I.getOpcode(), widen(EltTy), A, AS,
                                     CostKind);
      addRecipe(Out, PlanNode::WidenMemory, I, C,
                It->second == LockstepKind::Contiguous
                    ? "contiguous: lane-stepped copy"
                    : "contiguous: address computed from the lane");
      return;
    }
    if (IsLoad) {
      C.Vector = TTI.getMemoryOpCost(Instruction::Load, EltTy, A, AS, CostKind);
      if (hasVaryingUser(I))
        C.Vector += broadcastCost(EltTy);
      addRecipe(Out, PlanNode::Uniform, I, C, "same address: round counter");
      return;
    }
  }
  const AccessStride *S = Strides.getStride(&I);
  if (!S || !VectorType::isValidElementType(EltTy) ||
      (IsLoad && !cast<LoadInst>(I).isSimple()) ||
      (!IsLoad && !cast<StoreInst>(I).isSimple())) {
    // Volatile or atomic, or not a vector element: lane by lane.
    C.Vector = C.Scalar;
    addRecipe(Out, PlanNode::Instantiate, I, C, "not widenable");
    return;
  }
  recordNoWrap(I);
  auto *VT = cast<VectorType>(widen(EltTy));
  Align A = getLoadStoreAlignment(&I);
  unsigned AS = getLoadStoreAddressSpace(&I);
  std::string Note = strideText(*S);
  int64_t Elt = DL.getTypeStoreSize(EltTy);
  switch (S->Kind) {
  case AccessStrideKind::Uniform:
    // A masked load of one address in the lane loop itself is a gather of
    // it (LV's choice for a uniform load it may not speculate: a scalar
    // load would need a branch on "any lane active"). Inside a uniform
    // inner loop the lanes run together, and the cut's lane loops of a
    // divergent one are priced as before.
    if (IsLoad && IsMasked && LI.getLoopFor(I.getParent()) == &L)
      break;
    if (IsLoad) {
      // One scalar load, broadcast to the lanes that use it.
      C.Vector = TTI.getMemoryOpCost(Instruction::Load, EltTy, A, AS, CostKind);
      if (hasVaryingUser(I))
        C.Vector += broadcastCost(EltTy);
      addRecipe(Out, PlanNode::Uniform, I, C, Note);
      return;
    }
    // Every lane stores to the same place: the last (active) lane's value.
    C.Vector = TTI.getMemoryOpCost(Instruction::Store, EltTy, A, AS, CostKind);
    if (isVarying(cast<StoreInst>(I).getValueOperand()))
      C.Vector += TTI.getScalarizationOverhead(
          cast<VectorType>(laneWiden(EltTy)), APInt::getOneBitSet(VF, VF - 1),
          /*Insert=*/false,
          /*Extract=*/true, CostKind);
    addRecipe(Out, PlanNode::Uniform, I, C, Note);
    return;
  case AccessStrideKind::Contiguous:
  case AccessStrideKind::Strided: {
    bool Reverse =
        S->Kind == AccessStrideKind::Strided && S->StrideBytes == -Elt;
    if (S->Kind == AccessStrideKind::Strided && !Reverse) {
      addUngroupedStrided(I, *S, IsMasked, Out);
      return;
    }
    if (IsMasked)
      C.Vector = TTI.getMemIntrinsicInstrCost(
          MemIntrinsicCostAttributes(IsLoad ? Intrinsic::masked_load
                                            : Intrinsic::masked_store,
                                     VT, A, AS),
          CostKind);
    else
      C.Vector = TTI.getMemoryOpCost(I.getOpcode(), VT, A, AS, CostKind);
    if (Reverse) {
      C.Vector += TTI.getShuffleCost(TargetTransformInfo::SK_Reverse, VT, VT,
                                     {}, CostKind);
      Note = "reversed";
    }
    addRecipe(Out, IsMasked ? PlanNode::MaskedMemory : PlanNode::WidenMemory, I,
              C, Note);
    return;
  }
  case AccessStrideKind::UnknownStride:
  case AccessStrideKind::Gather:
    break;
  }
  C.Vector = gatherScatterCost(I, VT, IsMasked);
  if (IsLoad && S->Kind == AccessStrideKind::Gather)
    if (std::optional<int64_t> Hidden = frozenStride(I))
      Note = "stride " + std::to_string(*Hidden) +
             " hidden by InterleaveGapFill: its group would miss the last "
             "member";
  if (IsMasked)
    Note += ", masked";
  addRecipe(Out, IsLoad ? PlanNode::Gather : PlanNode::Scatter, I, C, Note);
}

void LanePlanBuilder::addGroup(const InterleaveGroup &G, NodeList &Out) {
  // A group has a member of the scalar code (formInterleaveGroups).
  const Instruction *First =
      find_if(G.Members, [](const auto &M) { return M.first; })->first;
  bool IsLoad = G.isLoad();
  bool IsMasked = Masked.count(First->getParent());
  auto N = std::make_unique<PlanNode>(PlanNode::Interleave);
  for (auto &[I, Off] : G.Members) {
    // InterleaveGapFill's extra reads (to be added, or added already with
    // no users) are not part of the scalar code.
    if (!I)
      continue;
    N->Insts.push_back(I);
    if (!(isa<LoadInst>(I) && I->use_empty()))
      N->Cost += scalarCost(*I);
  }
  PlanNode::NodeKind GatherKind = IsLoad ? PlanNode::Gather : PlanNode::Scatter;
  auto GatherCost = [&] { return groupGatherCost(G, IsMasked); };

  std::string Note;
  raw_string_ostream NS(Note);
  NS << "stride " << G.StrideBytes;
  unsigned Factor = G.Factor;
  SmallVector<unsigned, 8> Indices;
  for (auto &[I, Off] : G.Members)
    if (!is_contained(Indices, unsigned(Off / G.EltBytes)))
      Indices.push_back(Off / G.EltBytes);
  llvm::sort(Indices);
  bool Complete = G.isComplete();
  NS << ", factor " << Factor << ", members ";
  ListSeparator LS(",");
  for (unsigned Idx : Indices)
    NS << LS << Idx;
  auto *WideTy = FixedVectorType::get(G.EltTy, VF * Factor);
  Align A = getLoadStoreAlignment(First);
  unsigned AS = getLoadStoreAddressSpace(First);
  auto GroupCost = [&](ArrayRef<unsigned> Idx, bool MaskGaps) {
    InstructionCost C =
        TTI.getInterleavedMemoryOpCost(First->getOpcode(), WideTy, Factor, Idx,
                                       A, AS, CostKind, IsMasked, MaskGaps);
    // A reversed group reverses each member's lanes too.
    if (G.isReverse()) {
      auto *VT = cast<VectorType>(widen(G.EltTy));
      C += TTI.getShuffleCost(TargetTransformInfo::SK_Reverse, VT, VT, {},
                              CostKind) *
           G.Members.size();
    }
    return C;
  };

  InstructionCost Vector;
  bool MaskedGroups = TTI.enableMaskedInterleavedAccessVectorization();
  unsigned Unused = IsLoad ? count_if(G.Members,
                                      [](const auto &M) {
                                        return !M.first || M.first->use_empty();
                                      })
                           : 0;
  if (!IsLoad && !Complete && !MaskedGroups) {
    // The vectorizer keeps a store group with gaps only where the target
    // has masked interleaved accesses (x86 has none): each member is an
    // access of its own.
    NS << ": store group with gaps, no masked interleaved access on this "
          "target, scatters";
    N->Kind = GatherKind;
    Vector = GatherCost();
  } else if (Complete && Unused) {
    // InterleaveGapFill reads the object's missing fields (or has read
    // them: reads with no users).
    NS << ": complete, " << Unused << " unused read" << (Unused == 1 ? "" : "s")
       << " added by InterleaveGapFill";
    Vector = GroupCost(Indices, false);
  } else if (Complete) {
    NS << ": complete group";
    Vector = GroupCost(Indices, false);
  } else if (IsLoad && G.isReverse() && !G.lastMemberPresent()) {
    // LV drops a reversed group with a gap at the end.
    NS << ": reversed, the last member missing, gathers";
    N->Kind = GatherKind;
    Vector = GatherCost();
  } else if (IsLoad && !G.lastMemberPresent()) {
    // LV would want a scalar epilogue for the gap at the end, which a lane
    // loop has no room for.
    if (IsMasked)
      NS << ": under a mask, the last member missing: InterleaveGapFill "
            "turns it into gathers";
    else
      NS << ": the last member missing: InterleaveGapFill turns it into "
            "gathers";
    N->Kind = GatherKind;
    Vector = GatherCost();
  } else if (IsMasked) {
    // A masked group with gaps inside is LV's choice (masked group where
    // the target has one).
    NS << ": under a mask, gaps stay";
    Vector = GroupCost(Indices, /*MaskGaps=*/true);
  } else if (!IsLoad) {
    NS << ": store group with gaps, gaps masked";
    Vector = GroupCost(Indices, /*MaskGaps=*/true);
  } else {
    NS << ": gaps inside, last member present, LV keeps the group";
    Vector = GroupCost(Indices, false);
  }
  if (!Vector.isValid()) {
    NS << "; no group on this target, gathers";
    N->Kind = GatherKind;
    Vector = GatherCost();
  }
  chooseCheapestForm(G, IsMasked, *N, Vector, GatherCost, NS);
  N->Note = std::move(Note);
  Out.push_back(std::move(N));
}

/// Every member of \p G through per-lane addresses, as the vectorizer's
/// cost model sees it (TTI's figure: the form it picks); what they take is
/// gatherScatterCost.
InstructionCost LanePlanBuilder::groupGatherCost(const InterleaveGroup &G,
                                                 bool IsMasked) const {
  InstructionCost C = 0;
  for (auto &[I, Off] : G.Members)
    if (I)
      C += TTI.getMemIntrinsicInstrCost(
          MemIntrinsicCostAttributes(
              G.isLoad() ? Intrinsic::masked_gather : Intrinsic::masked_scatter,
              widen(G.EltTy), getLoadStorePointerOperand(I), IsMasked,
              getLoadStoreAlignment(I), I),
          CostKind);
  return C;
}

/// A strided access \p I in no interleave group (formVectorizerGroups: under
/// a mask where the target has no masked groups, or a stride of no
/// interleave factor): gathers or scatters, or VF scalar accesses where
/// those are cheaper, as the vectorizer chooses for it.
void LanePlanBuilder::addUngroupedStrided(Instruction &I, const AccessStride &S,
                                          bool IsMasked, NodeList &Out) {
  InterleaveGroup G;
  G.Load = isa<LoadInst>(I);
  G.EltTy = getLoadStoreType(&I);
  G.EltBytes = DL.getTypeAllocSize(G.EltTy);
  G.StrideBytes = S.StrideBytes;
  G.Members.push_back({&I, 0});
  auto N =
      std::make_unique<PlanNode>(G.Load ? PlanNode::Gather : PlanNode::Scatter);
  N->Insts.push_back(&I);
  N->Cost = scalarCost(I);
  std::string Note;
  raw_string_ostream NS(Note);
  NS << strideText(S);
  int64_t Elt = G.EltBytes;
  if (interleaveFactor(S.StrideBytes, Elt))
    NS << ": under a mask, no masked interleaved access on this target";
  else if (S.StrideBytes % Elt == 0 && std::abs(S.StrideBytes) > Elt)
    NS << ": factor " << std::abs(S.StrideBytes) / Elt
       << ", more than the vectorizer groups (" << maxInterleaveFactor() << ")";
  else
    NS << ": no whole-element interleave factor";
  auto GatherCost = [&] { return groupGatherCost(G, IsMasked); };
  chooseCheapestForm(G, IsMasked, *N, GatherCost(), GatherCost, NS);
  N->Note = std::move(Note);
  Out.push_back(std::move(N));
}

/// LV's own widening decision (setCostBasedWideningDecision) for the group
/// \p G, which the rewrites leave as \p N's kind at cost \p Vector: of the
/// forms open to it, the cheapest, noted on \p NS. A group may still lose
/// to gathers (\p GatherCost, TTI's figure), and both to VF scalar accesses
/// per member (a wide struct: factor 16). Sets \p N's kind and vector cost.
void LanePlanBuilder::chooseCheapestForm(
    const InterleaveGroup &G, bool IsMasked, PlanNode &N,
    InstructionCost Vector, function_ref<InstructionCost()> GatherCost,
    raw_ostream &NS) const {
  bool IsLoad = G.isLoad();
  PlanNode::NodeKind GatherKind = IsLoad ? PlanNode::Gather : PlanNode::Scatter;
  if (N.Kind == PlanNode::Interleave) {
    InstructionCost Gathers = GatherCost();
    if (Gathers.isValid() && Gathers < Vector) {
      NS << (IsLoad ? "; gathers" : "; scatters") << " cheaper (" << Gathers
         << " < " << Vector << ")";
      N.Kind = GatherKind;
      Vector = Gathers;
    }
  }
  InstructionCost PerLane = scalarizedCost(G, IsLoad, IsMasked);
  if (PerLane.isValid() && (!Vector.isValid() || PerLane < Vector)) {
    NS << "; per-lane " << (IsLoad ? "loads" : "stores") << " cheaper ("
       << PerLane << " < " << Vector << ")";
    N.Kind = PlanNode::Scalarize;
    Vector = PerLane;
  }
  N.Cost.Vector =
      N.Kind == GatherKind ? membersGatherScatterCost(G, IsMasked) : Vector;
}

/// A hardware gather or scatter of \p I is never cheaper than the lanes'
/// own accesses: it issues one per element, and AMD's (Zen 2 to 5) and
/// Intel's since the 2023 microcode are slower still, which TTI's figures
/// for x86-64-v4 (one Skylake-era cost for every CPU) do not show. Against
/// a scalar loop of independent iterations (a kernel's work items, an omp
/// simd loop's) it costs twice that on x86: the elements go through the
/// load ports one by one and merge serially, while the scalar loop's
/// loads overlap. Measured on Zen 5 (bench/kernels, 16 lanes): plans with
/// per-lane addresses estimated stencil2d 1.3x, dct8x8 1.4x and
/// hist_uchar 1.0x faster vectorized, and each ran 1.05-1.8x slower than
/// scalar; at twice the price each is a loss, and spmv, whose gathers win,
/// still wins. A variant's scalar lane loop is no such loop: each lane's
/// results go through lane arrays, and its bench bodies with gathers
/// (noise) win at the single price.
InstructionCost LanePlanBuilder::gatherScatterCost(const Instruction &I,
                                                   VectorType *VT,
                                                   bool IsMasked) const {
  bool IsLoad = isa<LoadInst>(I);
  bool Independent =
      !L.getHeader()->getParent()->hasFnAttribute(VariantOfAttr);
  return (IsX86 && Independent ? 2 : 1) * std::max(
      TTI.getMemIntrinsicInstrCost(
          MemIntrinsicCostAttributes(
              IsLoad ? Intrinsic::masked_gather : Intrinsic::masked_scatter,
              VT, getLoadStorePointerOperand(&I), IsMasked,
              getLoadStoreAlignment(&I), &I),
          CostKind),
      perLaneAccessCost(I, VT, IsMasked));
}

InstructionCost
LanePlanBuilder::membersGatherScatterCost(const InterleaveGroup &G,
                                          bool IsMasked) const {
  InstructionCost C = 0;
  for (auto &[I, Off] : G.Members)
    if (I)
      C += gatherScatterCost(*I, cast<VectorType>(widen(G.EltTy)), IsMasked);
  return C;
}

/// The load or store \p I done VF times, the loaded values put into a
/// vector of \p VT's elements (the stored ones taken out of it).
InstructionCost LanePlanBuilder::laneValuesCost(const Instruction &I,
                                                VectorType *VT) const {
  bool IsLoad = isa<LoadInst>(I);
  VT = cast<VectorType>(laneWiden(VT->getElementType()));
  return TTI.getMemoryOpCost(I.getOpcode(), VT->getElementType(),
                             getLoadStoreAlignment(&I),
                             getLoadStoreAddressSpace(&I), CostKind) *
             VF +
         TTI.getScalarizationOverhead(VT, APInt::getAllOnes(VF),
                                      /*Insert=*/IsLoad, /*Extract=*/!IsLoad,
                                      CostKind);
}

/// \p I done lane by lane on the vector type \p VT: laneValuesCost, the
/// addresses taken out of a vector of pointers, and under a mask a test
/// and branch per lane.
InstructionCost LanePlanBuilder::perLaneAccessCost(const Instruction &I,
                                                   VectorType *VT,
                                                   bool IsMasked) const {
  APInt All = APInt::getAllOnes(VF);
  auto *PtrVT = cast<VectorType>(
      laneWiden(getLoadStorePointerOperand(&I)->getType()));
  InstructionCost C =
      laneValuesCost(I, VT) +
      TTI.getScalarizationOverhead(PtrVT, All, /*Insert=*/false,
                                   /*Extract=*/true, CostKind);
  if (IsMasked)
    C += laneTestsCost(I.getContext());
  return C;
}

/// A lane's access under a mask: its mask bit taken out of the vector, and
/// a branch around the access.
InstructionCost LanePlanBuilder::laneTestsCost(LLVMContext &Ctx) const {
  auto *MaskVT = cast<VectorType>(laneWiden(Type::getInt1Ty(Ctx)));
  return TTI.getScalarizationOverhead(MaskVT, APInt::getAllOnes(VF),
                                      /*Insert=*/false, /*Extract=*/true,
                                      CostKind) +
         TTI.getCFInstrCost(Instruction::Br, CostKind) * VF;
}

InstructionCost LanePlanBuilder::scalarizedCost(const InterleaveGroup &G,
                                                bool IsLoad,
                                                bool IsMasked) const {
  InstructionCost C = 0;
  auto *VT = cast<VectorType>(laneWiden(G.EltTy));
  for (auto &[I, Off] : G.Members) {
    // InterleaveGapFill's unused reads: LV drops them when it scalarizes.
    if (IsLoad && (!I || I->use_empty()))
      continue;
    C += laneValuesCost(*I, VT);
    if (IsMasked)
      C += laneTestsCost(I->getContext());
  }
  return C;
}

} // namespace vplanext
