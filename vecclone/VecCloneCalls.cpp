//===- VecCloneCalls.cpp - Loops that call declare-simd variants ----------===//
//
/// \file
/// Clang 22 never tells the loop vectorizer about declare-simd variants, so a
/// loop calling such a function stays scalar. For each call in a loop this
/// pass:
///  1. picks the variants the caller may use (CallerVariants) and lists them,
///     best first, in the call's `vector-function-abi-variant` attribute,
///     pointing at vectorizer-form declarations (VariantCallLowering);
///  2. inside loops annotated parallel (`#pragma omp simd`), where OpenMP
///     makes lane-parallel calls legal, marks a memory-touching call
///     `memory(none)`: LLVM's dependence analysis refuses every call that
///     writes memory or reads it through a pointer argument. A conditional
///     call then gets masked variants only, so inactive lanes never run;
///  3. runs the loop vectorizer on the function;
///  Math intrinsics clang folded from libm calls go back to the libm
///  function with libmvec's names first, when the module is built as gcc
///  would use libmvec (LibmvecCalls).
///  4. replaces each vectorized call by the ABI-exact call of the real
///     variant, and strips the mappings and restores the real memory effects
///     on every scalar call left (remainder loops, loops not vectorized).
/// Steps 2-4 happen inside this pass, so no other pass ever sees a call with
/// understated memory effects.
///
/// Variants are callers too: the calls of their inlined bodies sit in lane
/// loops, which are vectorized at exactly their width, so only variants of
/// that many lanes are offered there, and masked ones only for calls that do
/// not run on every lane (LaneCalls.h). Calls vecclone found no variant for
/// before cutting the lane loop were cut out to run lane by lane
/// (LaneCallPrep.h) and are not offered anything.
//
//===----------------------------------------------------------------------===//

#include "vecclone/CallerVariants.h"
#include "vecclone/LaneCalls.h"
#include "vecclone/LibmvecCalls.h"
#include "vecclone/VariantBuilder.h"
#include "vecclone/VariantCallLowering.h"
#include "vecclone/ValueSlots.h"
#include "vecclone/VariantSet.h"
#include "vecclone/VecClonePass.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopAccessAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "vplan-ext/LaneLoopVectorize.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "vplan-ext/LoweringRules.h"
#include <set>
#include <tuple>

using namespace llvm;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumCallSites, "Number of call sites offered vector variants");
STATISTIC(NumVectorCalls, "Number of vector variant calls emitted");
STATISTIC(NumComposedCalls, "Number of calls split into calls of a narrower "
                            "variant");

/// For tests and for looking at what LV is told: stop once the variants are
/// offered. The mappings, vectorizer forms and understated memory effects
/// stay in the IR, which is then not meant to be compiled further.
static cl::opt<bool> OfferOnlyOpt(
    "vecclone-calls-offer-only", cl::Hidden, cl::init(false),
    cl::desc("Stop vecclone-calls after it offers the variants to the loop "
             "vectorizer, leaving its mappings in the IR (for inspection)"));

namespace vecclone {

static constexpr const char *MappingAttr = "vector-function-abi-variant";
/// Call-site attribute holding the memory effects a call had before step 2,
/// as MemoryEffects' integer encoding, or "absent".
static constexpr const char *SavedMemoryAttr = "vecclone-saved-memory";

namespace {

/// One call the pass offered variants to. The vectorizer may delete it with
/// its whole loop (a lane loop whose trip count is the vector width leaves
/// no scalar remainder), hence the weak handle.
struct OfferedCall {
  WeakVH Call;
  Function *Callee;
  DebugLoc Loc;
  /// Lane counts of the mappings offered, for the remark when LV still
  /// calls the function lane by lane.
  SmallVector<unsigned, 8> Lanes;
  /// Why the variants left out were (first = closest to usable).
  SmallVector<UnusableVariant, 4> Unusable;
  /// When no variant offered can take the call's linear arguments (LV
  /// checks them itself): the best one's name and why.
  std::string NotLinear;
};

class CallVectorizer {
public:
  CallVectorizer(Function &F, FunctionAnalysisManager &AM, bool OnlyWhenForced)
      : F(F), AM(AM), OnlyWhenForced(OnlyWhenForced),
        ORE(AM.getResult<OptimizationRemarkEmitterAnalysis>(F)),
        TLI(AM.getResult<TargetLibraryAnalysis>(F)),
        VariantOf(F.getFnAttribute(VariantOfAttr).getValueAsString()) {}

  bool run();

private:
  bool offerVariants(CallInst &CI, Loop &L, DominatorTree &DT);
  SmallVector<UsableVariant, 8> declarableVariants(CallInst &CI,
                                                   CallVariants &CV);
  void attachMappings(CallInst &Call, const Function &Callee,
                      ArrayRef<UsableVariant> Usable, bool Override);
  std::string noneTakesLinearArgs(const CallInst &Call,
                                  ArrayRef<UsableVariant> Usable,
                                  const Loop &L);
  unsigned widestNaturalVF(const Loop &L) const;
  void lowerVectorCalls();
  void restoreScalarCalls(SmallVectorImpl<CallInst *> &Stripped);
  void reportScalarLoops(ArrayRef<CallInst *> Stripped);
  void reportLaneByLaneCalls(ArrayRef<CallInst *> Stripped, LoopInfo &LI);

  Function &F;
  FunctionAnalysisManager &AM;
  bool OnlyWhenForced;
  OptimizationRemarkEmitter &ORE;
  const TargetLibraryInfo &TLI;
  /// The scalar function, when F is one of its variants.
  StringRef VariantOf;
  /// Vectorizer-form declarations and the variant each stands for.
  MapVector<Function *, UsableVariant> Forms;
  SmallVector<OfferedCall, 8> Offered;
  /// Per loop, the narrowest of its calls' preferred variant widths.
  MapVector<Loop *, unsigned> LoopWidths;
};

} // namespace

/// The width the user asked for (`simdlen`, `vectorize_width`), or 0.
static unsigned userWidth(const Loop &L) {
  std::optional<int> W =
      getOptionalIntLoopAttribute(&L, "llvm.loop.vectorize.width");
  return W && *W > 1 ? unsigned(*W) : 0;
}

/// The widest vectorization factor LV's cost model considers for \p L: the
/// target's vector register over the widest type the loop loads or stores
/// (LV's default, without maximizing bandwidth).
unsigned CallVectorizer::widestNaturalVF(const Loop &L) const {
  const DataLayout &DL = F.getDataLayout();
  unsigned Widest = 8;
  auto Note = [&](Type *T) {
    if (T->isSized() && !T->isVectorTy() && !T->isAggregateType())
      Widest = std::max<unsigned>(Widest, DL.getTypeSizeInBits(T));
  };
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (getLoadStorePointerOperand(&I))
        Note(getLoadStoreType(&I));
  unsigned Bits = AM.getResult<TargetIRAnalysis>(F)
                      .getRegisterBitWidth(
                          TargetTransformInfo::RGK_FixedWidthVector)
                      .getFixedValue();
  return std::max(1u, Bits / Widest);
}

/// Why the loop vectorizer will not pass \p CI's arguments to the linear
/// parameters of \p V in \p L, or empty. It checks each one as LV does:
/// the argument is an affine recurrence of L whose constant step (in bytes
/// for a pointer, as a `linear(ref)` step is) is the variant's. A variant
/// that fails is still offered (the call then runs lane by lane in the
/// vectorized loop); this only names the reason.
static std::string nonLinearArgument(const CallInst &CI, const UsableVariant &V,
                                     const Loop &L, ScalarEvolution &SE) {
  for (const VFParameter &P : V.Info.Shape.Parameters) {
    if (mappingTokenLetter(P.ParamKind, V.passesByValue(P.ParamPos)) != 'l')
      continue;
    Value *A = CI.getArgOperand(P.ParamPos);
    if (!SE.isSCEVable(A->getType()))
      continue;
    const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(A));
    const SCEVConstant *Step =
        AR && AR->getLoop() == &L
            ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE))
            : nullptr;
    if (Step && Step->getAPInt().getSExtValue() == P.LinearStepOrPos)
      continue;
    StringRef Unit = A->getType()->isPointerTy() ? " bytes" : "";
    StringRef Arg = V.passesByValue(P.ParamPos) ? "the value stored for it"
                                                : "its argument";
    std::string Why = ("parameter " + Twine(P.ParamPos + 1) + " is " +
                       paramKindName(P.ParamKind) + " with a step of " +
                       Twine(P.LinearStepOrPos) + Unit + ", but " + Arg + " ")
                          .str();
    if (Step)
      return Why + "advances by " +
             std::to_string(Step->getAPInt().getSExtValue()) + Unit.str() +
             " per iteration";
    return Why + "does not advance by a constant step per iteration of the "
                 "loop";
  }
  return {};
}

/// The variants of \p CV the module can declare, each one left out and each
/// one unusable said in a remark at \p CI.
SmallVector<UsableVariant, 8>
CallVectorizer::declarableVariants(CallInst &CI, CallVariants &CV) {
  Function *Callee = CI.getCalledFunction();
  for (const UnusableVariant &U : CV.Unusable)
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "VariantUnusable", &CI)
             << "call to '" << Callee->getName() << "' cannot use " << U.Name
             << ": " << U.Reason;
    });
  SmallVector<UsableVariant, 8> Usable;
  for (UsableVariant &V : CV.Usable) {
    if (canDeclareABISymbol(*F.getParent(), V)) {
      Usable.push_back(std::move(V));
      continue;
    }
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "VariantUnusable", &CI)
             << "call to '" << Callee->getName() << "' cannot use " << V.Name
             << ": the module has a symbol of another type with that name";
    });
  }
  if (Usable.empty())
    ORE.emit([&] {
      OptimizationRemarkMissed R(DEBUG_TYPE, "NoUsableVariant", &CI);
      R << "call to '" << Callee->getName()
        << "' stays scalar: no variant this caller can use";
      if (!CV.Unusable.empty())
        R << " (looked for " << CV.Unusable.front().Name << ": "
          << CV.Unusable.front().Reason << ")";
      return R;
    });
  return Usable;
}

/// Lists \p Usable in \p Call's mapping attribute, declaring their
/// vectorizer forms, and with \p Override hides the call's memory effects
/// (saving them for restoreScalarCalls).
void CallVectorizer::attachMappings(CallInst &Call, const Function &Callee,
                                    ArrayRef<UsableVariant> Usable,
                                    bool Override) {
  std::string Mapping;
  for (const UsableVariant &V : Usable) {
    Function *Form = getOrInsertVectorizerForm(*F.getParent(), V, Callee);
    Forms.insert({Form, V});
    if (!Mapping.empty())
      Mapping += ",";
    Mapping += mappingName(V) + "(" + Form->getName().str() + ")";
  }
  Call.addFnAttr(Attribute::get(F.getContext(), MappingAttr, Mapping));
  LLVM_DEBUG(dbgs() << "vecclone-calls: " << Call << " -> " << Mapping << "\n");
  if (!Override)
    return;
  AttributeSet FnAttrs = Call.getAttributes().getFnAttrs();
  std::string Saved =
      FnAttrs.hasAttribute(Attribute::Memory)
          ? std::to_string(FnAttrs.getMemoryEffects().toIntValue())
          : std::string("absent");
  Call.addFnAttr(Attribute::get(F.getContext(), SavedMemoryAttr, Saved));
  Call.setMemoryEffects(MemoryEffects::none());
}

/// LV matches linear arguments against the loop itself: the first variant
/// of \p Usable that cannot take \p Call's and why, or empty when one can.
std::string CallVectorizer::noneTakesLinearArgs(
    const CallInst &Call, ArrayRef<UsableVariant> Usable, const Loop &L) {
  auto &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  std::string NotLinear;
  for (const UsableVariant &V : Usable) {
    std::string Why = nonLinearArgument(Call, V, L, SE);
    if (Why.empty())
      return {};
    if (NotLinear.empty())
      NotLinear = V.Name + ": " + Why;
  }
  return NotLinear;
}

bool CallVectorizer::offerVariants(CallInst &CI, Loop &L, DominatorTree &DT) {
  Function *Callee = CI.getCalledFunction();
  bool TouchesMemory = CI.mayReadOrWriteMemory();
  bool Parallel = L.isAnnotatedParallel();
  bool Conditional = LoopAccessInfo::blockNeedsPredication(CI.getParent(), &L,
                                                           &DT);
  bool Override = TouchesMemory && Parallel;
  // A lane loop runs at its own width only, and a call in it that does not
  // run on every lane must not reach the inactive ones (LaneCalls.h).
  // An SVE variant's lane loop runs vscale x N lanes: its calls are offered
  // as a loop's are, scalable variants included.
  unsigned LaneVF =
      getOptionalBoolLoopAttribute(&L, "llvm.loop.vectorize.scalable.enable")
              .value_or(false)
          ? 0
          : laneLoopWidth(L);
  CallVariants CV =
      LaneVF ? findLaneCallVariants(CI, LaneVF, Conditional, TLI)
             : findCallVariants(CI, /*MaskedOnly=*/Override && Conditional);
  SmallVector<UsableVariant, 8> Usable = declarableVariants(CI, CV);
  if (Usable.empty())
    return false;
  if (TouchesMemory && !Parallel) {
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "NotParallel", &CI)
             << "call to '" << Callee->getName()
             << "' touches memory and its loop is not an 'omp simd' loop: "
                "the loop vectorizer can only use a variant if it proves the "
                "call safe itself";
    });
  }
  if (Override && !hasLaneVaryingParam(Usable.front().Info)) {
    Override = false;
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "AllUniform", &CI)
             << "call to '" << Callee->getName()
             << "' has only uniform arguments; it stays one call per "
                "iteration";
    });
  }

  // LV calls a variant only at exactly its lane count. A float loop runs 8
  // lanes at AVX2 where a double callee has 4: without an 8-lane mapping
  // LV either settles for 4 lanes or calls the function lane by lane (a
  // loop whose width the user set). Wider factors get 2 or more calls of
  // a narrower variant, one per slice of the lanes (as in variant bodies).
  if (!LaneVF && canComposeCall(CI)) {
    unsigned MaxVF = std::max(widestNaturalVF(L), userWidth(L));
    SmallVector<UsableVariant, 8> Composed;
    for (unsigned VF = 2; VF <= MaxVF; VF *= 2)
      append_range(Composed, composedVariants(Usable, VF));
    append_range(Usable, Composed);
  }

  // LV can pass the value stored in a slot, never the slot (ValueSlots.h).
  CallInst *Site = &CI;
  if (CV.ValueParams) {
    Site = toValueForm(CI, CV.ValueParams);
    if (!Site) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NoUsableVariant", &CI)
               << "call to '" << Callee->getName()
               << "' stays scalar: the module has another function named "
                  "like its value form";
      });
      return false;
    }
    for (UsableVariant &V : Usable)
      V.ValueForm = Site->getCalledFunction();
  }
  CallInst &Call = *Site;
  attachMappings(Call, *Callee, Usable, Override);

  // Every vector register is caller-saved in the SysV ABI: interleaved
  // copies of a call would spill each other's results around every call.
  // One call per vector iteration, as gcc does, unless the user asked.
  if (!findStringMetadataForLoop(&L, "llvm.loop.interleave.count"))
    addStringMetadataToLoop(&L, "llvm.loop.interleave.count", 1);
  // The cost model prices a call of a variant without seeing its body and
  // picks its widths from the loop's widest type: it cannot pick a variant
  // wider than that (8 lanes of `long` at AVX2, scalar calls instead), and
  // it picks no vectorization at all when the call looks dead once its
  // memory effects are hidden (a void `willreturn` setter). Then, and only
  // then (the hint also turns off LV's vectorized epilogue), the loop asks
  // for the preferred variant's width.
  // (Not for SVE: a fixed width would rule its scalable variants out.)
  unsigned Lanes = Usable.front().lanes();
  if (!Usable.front().ABI.Scalable &&
      (wouldInstructionBeTriviallyDead(&Call, &TLI) ||
       Lanes > widestNaturalVF(L))) {
    unsigned &Width = LoopWidths[&L];
    Width = Width ? std::min(Width, Lanes) : Lanes;
  }
  // Said here too: the lane-by-lane remark would blame the width.
  std::string NotLinear = noneTakesLinearArgs(Call, Usable, L);
  if (!NotLinear.empty())
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "VariantUnusable", &Call)
             << "call to '" << Callee->getName() << "' cannot use "
             << NotLinear;
    });
  ++NumCallSites;
  OfferedCall &O = Offered.emplace_back();
  O.Call = &Call;
  O.Callee = Callee;
  O.Loc = Call.getDebugLoc();
  for (const UsableVariant &V : Usable)
    if (!is_contained(O.Lanes, V.lanes()))
      O.Lanes.push_back(V.lanes());
  O.Unusable.assign(CV.Unusable.begin(), CV.Unusable.end());
  O.NotLinear = std::move(NotLinear);
  return true;
}

void CallVectorizer::lowerVectorCalls() {
  SmallVector<CallInst *, 8> Work;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction(); Callee && Forms.count(Callee))
        Work.push_back(CI);
  // Interleaving and epilogue vectorization copy a call several times: one
  // remark per source location and variant is enough.
  std::set<std::tuple<unsigned, unsigned, std::string>> Reported;
  for (CallInst *CI : Work) {
    const UsableVariant &V = Forms.find(CI->getCalledFunction())->second;
    Function *Scalar = F.getParent()->getFunction(V.Info.ScalarName);
    assert(Scalar && "the scalar callee outlives its calls");
    CallInst *New = lowerVariantCall(*CI, V, *Scalar);
    NumVectorCalls += V.Copies;
    NumComposedCalls += V.Copies != 1;
    const DebugLoc &DL = New->getDebugLoc();
    if (!Reported.insert({DL ? DL.getLine() : 0, DL ? DL.getCol() : 0, V.Name})
             .second)
      continue;
    ORE.emit([&] {
      OptimizationRemark R(DEBUG_TYPE, "VariantCalled", New);
      R << "call to '" << Scalar->getName() << "' vectorized as ";
      if (V.Copies != 1)
        R << ore::NV("Copies", V.Copies) << " calls of ";
      R << V.Name << " (" << isaName(V.ABI.ISA) << ", VF "
        << (V.ABI.Scalable ? "vscale x " : "") << ore::NV("VF", V.ABI.VLen)
        << (V.ABI.Masked ? ", masked" : ", unmasked") << ")";
      if (V.Copies != 1)
        R << " per " << ore::NV("Lanes", V.lanes()) << " lanes";
      if (!VariantOf.empty())
        R << " in variant " << F.getName() << " of '" << VariantOf << "'";
      // Measured on fib (AVX2, 8 lanes, depths 16..24 per lane, bench/mixed):
      // the variant calling itself for the lanes still recursing beat every
      // switch to scalar calls per active lane tried, and the scalar
      // function per lane, at every depth spread.
      if (VariantOf == Scalar->getName())
        R << "; recursive: the lanes still recursing call the variant (one "
             "vector call per level measured faster than a scalar call per "
             "lane)";
      return R;
    });
  }
}

/// Every scalar call still carrying our attributes is a copy the vectorizer
/// left (the original loop as remainder, or a loop it declined).
void CallVectorizer::restoreScalarCalls(
    SmallVectorImpl<CallInst *> &Stripped) {
  for (Instruction &I : instructions(F)) {
    auto *CI = dyn_cast<CallInst>(&I);
    if (!CI)
      continue;
    Attribute Saved = CI->getFnAttr(SavedMemoryAttr);
    if (Saved.isValid()) {
      CI->removeFnAttr(Attribute::Memory);
      StringRef V = Saved.getValueAsString();
      uint32_t Bits;
      if (V != "absent" && !V.getAsInteger(10, Bits))
        CI->setMemoryEffects(MemoryEffects::createFromIntValue(Bits));
      CI->removeFnAttr(SavedMemoryAttr);
    }
    if (CI->hasFnAttr(MappingAttr) &&
        CI->getAttributes().getFnAttr(MappingAttr).isValid()) {
      CI->removeFnAttr(MappingAttr);
      Stripped.push_back(CI);
    }
  }
  // Scalar calls made by value get their slots back.
  for (CallInst *&CI : Stripped) {
    Function *Callee = CI->getCalledFunction();
    if (!Callee || !isValueForm(*Callee))
      continue;
    CallInst *Real = fromValueForm(*CI);
    for (OfferedCall &O : Offered)
      if (O.Call == CI)
        O.Call = Real;
    CI = Real;
  }
}

/// A vectorized loop that still holds several scalar calls of one offered
/// call (same callee and location) runs that call lane by lane: LV picked
/// a width none of the mappings had (a variant wider than the loop, or a
/// width the user set). Say so at the call, with the widths there were.
void CallVectorizer::reportLaneByLaneCalls(ArrayRef<CallInst *> Stripped,
                                           LoopInfo &LI) {
  MapVector<std::tuple<Loop *, Function *, DILocation *>,
            SmallVector<CallInst *, 16>>
      Copies;
  for (CallInst *CI : Stripped) {
    Loop *L = LI.getLoopFor(CI->getParent());
    if (L && isVectorizedLoopID(L->getLoopID()))
      Copies[{L, CI->getCalledFunction(), CI->getDebugLoc().get()}].push_back(
          CI);
  }
  for (auto &[Key, Calls] : Copies) {
    auto [L, Callee, Loc] = Key;
    unsigned N = Calls.size();
    if (N < 2)
      continue; // the scalar remainder loop's one call
    auto It = find_if(Offered, [&, Callee = Callee, Loc = Loc](
                                   const OfferedCall &O) {
      return O.Callee == Callee && O.Loc.get() == Loc;
    });
    if (It == Offered.end())
      continue;
    ORE.emit([&, Callee = Callee] {
      OptimizationRemarkMissed R(DEBUG_TYPE, "LaneByLaneCall",
                                 Calls.front());
      R << "call to '" << Callee->getName() << "' runs lane by lane in its "
        << "vectorized loop (" << ore::NV("Calls", N)
        << " scalar calls per vector iteration): ";
      if (!It->NotLinear.empty()) {
        R << "no variant takes its arguments (" << It->NotLinear << ")";
        return R;
      }
      R << "the vectorizer chose a width no usable variant has (variants of";
      for (unsigned Lanes : It->Lanes)
        R << " " << Twine(Lanes).str();
      R << " lanes";
      if (!It->Unusable.empty())
        R << "; " << It->Unusable.front().Name << ": "
          << It->Unusable.front().Reason;
      R << ")";
      return R;
    });
  }
}

void CallVectorizer::reportScalarLoops(ArrayRef<CallInst *> Stripped) {
  auto &LI = AM.getResult<LoopAnalysis>(F);
  reportLaneByLaneCalls(Stripped, LI);
  for (const OfferedCall &O : Offered) {
    auto *Call = cast_or_null<CallInst>(O.Call);
    if (!Call)
      continue; // deleted with its loop: every lane ran in the vector code
    const Loop *L = LI.getLoopFor(Call->getParent());
    if (L && isVectorizedLoopID(L->getLoopID()))
      continue;
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "LoopNotVectorized",
                                      O.Loc, Call->getParent())
             << "call to '" << O.Callee->getName()
             << "' stays scalar: the loop vectorizer did not vectorize its "
                "loop (see -Rpass-analysis=loop-vectorize)"
             << (O.NotLinear.empty() ? ""
                                     : "; no variant takes its arguments (" +
                                           O.NotLinear + ")");
    });
  }
}

bool CallVectorizer::run() {
  auto &LI = AM.getResult<LoopAnalysis>(F);
  auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
  bool IsVariant = !VariantOf.empty();
  SmallVector<std::pair<CallInst *, Loop *>, 8> Sites;
  for (BasicBlock &BB : F) {
    Loop *L = LI.getLoopFor(&BB);
    if (!L)
      continue;
    // In a variant only the lane loops are vectorized: uniform loops run
    // once for all lanes, serial lane loops lane by lane.
    if (IsVariant && !laneLoopWidth(*L))
      continue;
    for (Instruction &I : make_early_inc_range(BB)) {
      auto *CI = dyn_cast<CallInst>(&I);
      if (auto *II = dyn_cast<IntrinsicInst>(&I))
        CI = retargetToLibmvec(*II);
      Function *Callee = CI ? CI->getCalledFunction() : nullptr;
      // nobuiltin marks the per-lane calls inside our own variants; the
      // other attribute, calls vecclone found no usable variant for.
      if (!Callee || Callee == &F || CI->isNoBuiltin() ||
          CI->hasFnAttr(vplanext::NoLaneVariantAttr) ||
          !hasVariantAttributes(*Callee))
        continue;
      Sites.push_back({CI, L});
    }
  }
  bool Offers = false;
  for (auto &[CI, L] : Sites)
    Offers |= offerVariants(*CI, *L, DT);
  if (!Offers)
    return false;

  // Unless the user chose a width (offerVariants says when it is needed).
  for (auto [L, Width] : LoopWidths)
    if (!findStringMetadataForLoop(L, "llvm.loop.vectorize.width"))
      addStringMetadataToLoop(L, "llvm.loop.vectorize.width", Width);

  if (OfferOnlyOpt)
    return true;
  // The vectorizer gets a fresh ScalarEvolution, as it did before the
  // offers asked for one: ours saw the calls' real memory effects.
  PreservedAnalyses KeepAllButSE = PreservedAnalyses::all();
  KeepAllButSE.abandon<ScalarEvolutionAnalysis>();
  AM.invalidate(F, KeepAllButSE);

  // Other calls of the same loops need -fveclib's mappings too.
  vplanext::runVectorizerEarly(F, AM, OnlyWhenForced);

  lowerVectorCalls();
  SmallVector<CallInst *, 16> Stripped;
  restoreScalarCalls(Stripped);
  AM.invalidate(F, PreservedAnalyses::none());
  reportScalarLoops(Stripped);
  return true;
}

PreservedAnalyses VecCloneCallsPass::run(Function &F,
                                         FunctionAnalysisManager &AM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  CallVectorizer CV(F, AM, OnlyWhenForced);
  return CV.run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace vecclone
