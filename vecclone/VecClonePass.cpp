//===- VecClonePass.cpp - Define declare-simd vector variants -------------===//
//
/// \file
/// For each function definition carrying `_ZGV` attributes: validate every
/// promised name, compute its ABI, and build the variant. Problems with one
/// attribute never stop the others: a malformed or unsupported one gets a
/// warning naming the function and the attribute, and the scalar function is
/// left untouched.
//
//===----------------------------------------------------------------------===//

#include "vecclone/VecClonePass.h"
#include "vecclone/ScalarContraction.h"
#include "vecclone/FaultInject.h"
#include "vecclone/LaneLoopCheck.h"
#include "vecclone/PinSignatures.h"
#include "vecclone/VariantBuilder.h"
#include "vecclone/ScalableGranules.h"
#include "vecclone/VariantSet.h"
#include "vplan-ext/LaneLoopFission.h"
#include "vplan-ext/LoweringRules.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"

using namespace llvm;

#define DEBUG_TYPE "vecclone"

STATISTIC(NumVariants, "Number of vector variants defined");
STATISTIC(NumGCCNames, "Number of GCC-only variant names defined");
STATISTIC(NumNotInlined, "Number of variants calling the scalar per lane");
STATISTIC(NumRejected, "Number of variant attributes rejected");

static cl::opt<bool> InlineBodyOpt(
    "vecclone-inline-body", cl::Hidden, cl::init(true),
    cl::desc("Inline the scalar body into each variant's lane loop"));
static cl::opt<bool> CutLaneLoopsOpt(
    "vecclone-cut-lane-loops", cl::Hidden, cl::init(true),
    cl::desc("Cut variants' lane loops at inner loops, calls without "
             "variants and heavy if/else regions (vplan-ext)"));
static cl::opt<bool> SVERoundsOpt(
    "vecclone-sve-rounds", cl::Hidden, cl::init(true),
    cl::desc("Run an SVE variant's inner loops in rounds over all its "
             "vscale x N lanes (vplan-ext's cut at the run-time lane "
             "count) before trying 128-bit granules"));
static cl::opt<bool> GCCNamesOpt(
    "vecclone-gcc-names", cl::Hidden, cl::init(true),
    cl::desc("Also define GCC's names for AVX (c) variants whose length "
             "clang computes differently"));

static cl::opt<unsigned> PrivateLocalBytesOpt(
    "vecclone-private-local-bytes", cl::Hidden, cl::init(4096),
    cl::desc("Most bytes a lane's copies of the body's locals may take "
             "together; past it (or at 0) the lanes share one copy"));

namespace vecclone {

VecCloneOptions VecCloneOptions::fromCommandLine() {
  VecCloneOptions O;
  O.InlineBody = InlineBodyOpt;
  O.CutLaneLoops = CutLaneLoopsOpt;
  O.DefineGCCNames = GCCNamesOpt;
  O.PrivateLocalBytes = PrivateLocalBytesOpt;
  O.Lowering = vplanext::LaneLoweringOptions::fromCommandLine();
  return O;
}

Error VecCloneOptions::parseParams(StringRef Params) {
  std::string Lowering;
  while (!Params.empty()) {
    StringRef P;
    std::tie(P, Params) = Params.split(';');
    auto [Name, Value] = P.split('=');
    bool On = !Name.consume_front("no-");
    if (Name == "private-local-bytes") {
      if (!On || !P.contains('=') || Value.getAsInteger(0, PrivateLocalBytes))
        return createStringError(
            inconvertibleErrorCode(),
            "invalid vecclone parameter '" + P +
                "': expected private-local-bytes=N, N an unsigned integer");
      continue;
    }
    bool IsSwitch = !P.contains('=');
    if (IsSwitch && Name == "inline-body")
      InlineBody = On;
    else if (IsSwitch && Name == "gcc-names")
      DefineGCCNames = On;
    else if (IsSwitch && Name == "cut-lane-loops")
      CutLaneLoops = On;
    else
      Lowering += (Lowering.empty() ? "" : ";") + P.str();
  }
  return this->Lowering.parseParams(Lowering);
}

/// The function as the user wrote it, for warnings: a C++ function's
/// demangled name with its mangled one (`A::sg(int) [_ZN1A2sgEi]`).
static std::string displayName(const Function &F) {
  std::string D = demangle(F.getName());
  if (D == F.getName())
    return D;
  return D + " [" + F.getName().str() + "]";
}

/// A warning the user sees without asking for remarks (clang prints it as
/// `-Wpass-failed`): the function keeps its scalar code only.
static void warn(Function &F, const Twine &Msg) {
  DiagnosticInfoOptimizationFailure D(DEBUG_TYPE, "VariantRejected",
                                      DiagnosticLocation(F.getSubprogram()),
                                      &F.getEntryBlock());
  D << Msg.str();
  F.getContext().diagnose(D);
}

/// Makes room for \p Name: a declaration of it (from a call in this module)
/// is replaced by the definition afterwards. Returns false, with a warning,
/// if a definition or an incompatible declaration already holds the name.
static bool reserveName(Module &M, Function &Scalar, StringRef Name,
                        FunctionType *Ty, Function *&Decl) {
  Decl = nullptr;
  GlobalValue *GV = M.getNamedValue(Name);
  if (!GV)
    return true;
  auto *Existing = dyn_cast<Function>(GV);
  if (Existing && Existing->isDeclaration() &&
      Existing->getFunctionType() == Ty) {
    Decl = Existing;
    return true;
  }
  warn(Scalar, "vecclone: not defining '" + Name + "' for '" +
                   displayName(Scalar) +
                   "': the module already has a " +
                   (Existing && !Existing->isDeclaration()
                        ? "definition"
                        : "symbol of another type") +
                   " with that name");
  return false;
}

/// The remarks about one defined variant: what was made of its body.
static void reportVariant(OptimizationRemarkEmitter &ORE, Function &F,
                          const VariantRequest &Req, const VariantABI &ABI,
                          const BuiltVariant &BV) {
  ORE.emit([&] {
    OptimizationRemark R(DEBUG_TYPE, "VariantDefined", &F);
    R << "defined vector variant " << Req.Name << " of '" << F.getName()
      << "' (" << isaName(ABI.ISA) << ", VF "
      << (ABI.Scalable ? "vscale x " : "") << ore::NV("VF", ABI.VLen)
      << (ABI.Masked ? ", masked" : ", unmasked")
      << (Req.AddedForGCC ? ", GCC's name for this length" : "") << ")";
    return R;
  });
  if (BV.NumCuts)
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "LaneLoopCut", &F)
             << "variant " << Req.Name << ": lane loop cut at "
             << ore::NV("Cuts", BV.NumCuts)
             << " inner loop(s) into innermost lane loops around "
             << ore::NV("DivergentLoops", BV.NumCuts - BV.NumUniformLoops)
             << " 'while any lane is active' loop(s) and "
             << ore::NV("UniformLoops", BV.NumUniformLoops)
             << " uniform loop(s) (vplan-ext)";
    });
  if (BV.Calls.NumHoisted)
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "LaneInvariantCall", &F)
             << "variant " << Req.Name << ": "
             << ore::NV("Calls", BV.Calls.NumHoisted)
             << " call(s) with the same arguments on every lane ("
             << BV.Calls.HoistedCallees
             << ") run once, before the lanes";
    });
  if (BV.NumPrivateLocals)
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "LanePrivateLocals", &F)
             << "variant " << Req.Name << ": each lane gets its own copy of "
             << ore::NV("Locals", BV.NumPrivateLocals)
             << " local(s) of the body kept in memory";
    });
  if (!BV.SharedLocalsReason.empty())
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "LaneSharedLocals", &F)
             << "variant " << Req.Name << ": " << BV.SharedLocalsReason;
    });
  for (const LaneCallPrep::SerialCall &C : BV.Calls.NoVariant)
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NoLaneVariant", C.Loc,
                                      &BV.Fn->getEntryBlock())
             << "variant " << Req.Name << ": call to '" << C.Callee
             << "' runs lane by lane, no vector variant fits ("
             << C.Why << ")";
    });
  if (BV.NumSerialCalls)
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "LaneSerialCall", &F)
             << "variant " << Req.Name << ": "
             << ore::NV("Calls", BV.NumSerialCalls)
             << " call(s) without a vector variant (" << BV.SerialCallees
             << ") run lane by lane, in lane order, between vector code "
                "(vplan-ext)";
    });
  if (BV.NumBOSCC)
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "LaneBOSCC", &F)
             << "variant " << Req.Name << ": "
             << ore::NV("Regions", BV.NumBOSCC)
             << " heavy if/else region(s) get unpredicated copies for when "
                "every lane takes the same side (BOSCC, vplan-ext)";
    });
  if (!BV.CutFailure.empty())
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "LaneLoopNotCut", &F)
             << "variant " << Req.Name
             << ": " << vplanext::cutRefusedText(BV.CutFailureSite)
             << BV.CutFailure;
    });
  if (!BV.PlanSummary.empty())
    ORE.emit([&] {
      return OptimizationRemarkAnalysis("vplan-ext", "Plan", &F)
             << "variant " << Req.Name << ": " << BV.PlanSummary;
    });
  if (!BV.ScalarLaneLoopReason.empty())
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "LaneLoopScalar", &F)
             << "variant " << Req.Name << " runs its lanes one by one: "
             << BV.ScalarLaneLoopReason;
    });
  if (!BV.PlanMismatch.empty())
    F.getContext().diagnose(DiagnosticInfoGeneric(
        Twine("vecclone: -vplan-ext-verify-plan: variant ") + Req.Name + ": " +
        BV.PlanMismatch));
  if (!BV.Inlined)
    ORE.emit([&] {
      return OptimizationRemarkMissed(DEBUG_TYPE, "NotInlined", &F)
             << "variant " << Req.Name << " calls '" << F.getName()
             << "' once per lane: " << BV.NotInlinedReason;
    });
}

/// An SVE variant of a body with inner loops or calls run lane by lane
/// (memset, a function without variants): over all its vscale x N
/// lanes when vplan-ext's cut at the run-time lane count makes every lane
/// loop one for the vectorizer (remark SVERounds); else granule by granule,
/// an N-lane variant called per 128-bit granule (remark SVEGranules, with
/// the reason), when the parameters allow that form; else the first one.
static BuiltVariant buildScalableVariant(Function &F, const VariantRequest &Req,
                                         const VariantABI &ABI,
                                         const BuildOptions &BOpts,
                                         OptimizationRemarkEmitter &ORE,
                                         FunctionAnalysisManager &FAM) {
  std::optional<BuiltVariant> Rounds;
  std::string Why = "-vecclone-sve-rounds is off";
  if (SVERoundsOpt) {
    Rounds = buildVariant(F, Req.Name, ABI, BOpts);
    Why = whyNoScalableRounds(*Rounds);
    if (Why.empty()) {
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "SVERounds", &F)
               << "variant " << Req.Name << " runs its inner loops over all "
               << "its vscale x " << ore::NV("VF", ABI.VLen)
               << " lanes (rounds at the run-time lane count)";
      });
      return *Rounds;
    }
    // The granule form takes the name.
    Rounds->Fn->setName(Req.Name + ".rounds");
  }
  std::optional<BuiltVariant> Granules =
      buildGranuleVariant(F, Req.Name, ABI, Req.Info, BOpts);
  if (!Granules) {
    if (!Rounds)
      return buildVariant(F, Req.Name, ABI, BOpts);
    Rounds->Fn->setName(Req.Name);
    return *Rounds;
  }
  if (Rounds)
    discardVariant(*Rounds, FAM);
  ORE.emit([&] {
    return OptimizationRemarkAnalysis(DEBUG_TYPE, "SVEGranules", &F)
           << "variant " << Req.Name << " runs its vscale x "
           << ore::NV("VF", ABI.VLen)
           << " lanes one 128-bit granule at a time, through an "
           << ore::NV("Lanes", ABI.VLen) << "-lane variant (" << Why << ")";
  });
  return *Granules;
}

static void defineVariants(Function &F, const VecCloneOptions &Opts,
                           FunctionAnalysisManager &FAM) {
  Module &M = *F.getParent();
  FunctionVariants FV = collectVariants(F, Opts.DefineGCCNames);
  // One warning per distinct reason: a `long double` function would
  // otherwise repeat the same sentence for each of its eight attributes.
  MapVector<StringRef, SmallVector<StringRef, 8>> ByReason;
  for (const RejectedVariant &R : FV.Rejected) {
    ++NumRejected;
    ByReason[R.Reason].push_back(R.Attribute);
  }
  for (const auto &[Reason, Attrs] : ByReason) {
    std::string List;
    for (StringRef A : Attrs)
      List += (List.empty() ? "'" : ", '") + A.str() + "'";
    warn(F, Twine("vecclone: ignoring vector variant attribute") +
                (Attrs.size() > 1 ? "s " : " ") + List + " on '" +
                displayName(F) + "': " + Reason);
  }
  if (FV.Requests.empty())
    return;
  // A naked function's body is its own prologue-less assembly, which reads
  // its arguments where the scalar convention puts them: it cannot be run
  // per lane. gcc defines no clones of it either.
  if (F.hasFnAttribute(Attribute::Naked)) {
    NumRejected += FV.Requests.size();
    warn(F, "vecclone: not defining the vector variants of '" + displayName(F) +
                "': it is a naked function (gcc defines none either)");
    return;
  }

  OptimizationRemarkEmitter ORE(&F);
  DominatorTree DT(F);
  LoopInfo LI(DT);
  SmallVector<WideningBlocker, 4> Blockers = findBodyBlockers(F, LI);
  for (const WideningBlocker &Bl : Blockers)
    ORE.emit([&] {
      return (Bl.hasSourceLine()
                  ? OptimizationRemarkAnalysis(DEBUG_TYPE, "BodyBlocker", Bl.At)
                  : OptimizationRemarkAnalysis(DEBUG_TYPE, "BodyBlocker", &F))
             << "body of '" << F.getName() << "' " << Bl.Reason
             << "; its variants may stay scalar";
    });

  // The cut has work in an SVE variant: inner loops, or a call it runs
  // lane by lane (which takes a fixed lane count: granule by granule).
  bool NeedsCut = !LI.empty() || any_of(F, [](const BasicBlock &BB) {
                    return vplanext::holdsSerialCall(BB);
                  });
  // Every variant copies the scalar body: fix its fused multiply-adds
  // first, so that the lanes fuse what the scalar function fuses.
  pinScalarContraction(F);
  BuildOptions BOpts;
  BOpts.InlineBody = Opts.InlineBody;
  BOpts.CutInnerLoops = Opts.CutLaneLoops;
  BOpts.Lowering = Opts.Lowering;
  BOpts.PrivateLocalBytes = Opts.PrivateLocalBytes;
  BOpts.GetTTI = [&FAM](Function &V) -> const TargetTransformInfo & {
    return FAM.getResult<TargetIRAnalysis>(V);
  };
  BOpts.GetTLI = [&FAM](Function &V) -> const TargetLibraryInfo & {
    return FAM.getResult<TargetLibraryAnalysis>(V);
  };
  // The plan decides whether the lane loop is vectorized and what the cut
  // does (its BOSCC regions).
  BOpts.DecideLaneLoop = [&FAM, &Opts](Function &V, BasicBlock *Header) {
    return vplanext::decideLaneLoop(V, Header, FAM, Opts.Lowering);
  };
  for (const VariantRequest &Req : FV.Requests) {
    VariantABI ABI = cantFail(computeVariantABI(
        Req.Info, F.getFunctionType(), F.getCallingConv(), Req.MaskBits));
    std::string Why = whyCannotBuild(F, ABI);
    if (!Why.empty()) {
      ++NumRejected;
      warn(F, "vecclone: cannot define '" + Req.Name + "' for '" +
                  displayName(F) + "': " + Why);
      continue;
    }
    Function *Decl = nullptr;
    if (!reserveName(M, F, Req.Name, ABI.FnTy, Decl))
      continue;
    // The definition takes the name itself (debug info and comdats use it);
    // the old declaration steps aside and is replaced afterwards.
    if (Decl)
      Decl->setName(Req.Name + ".vecclone.decl");
    BuiltVariant BV = ABI.Scalable && NeedsCut && Opts.CutLaneLoops
                          ? buildScalableVariant(F, Req, ABI, BOpts, ORE, FAM)
                          : buildVariant(F, Req.Name, ABI, BOpts);
    injectFault(*BV.Fn, Req.Name, ABI); // no-op unless testing the fuzz tools
    if (Decl) {
      Decl->replaceAllUsesWith(BV.Fn);
      Decl->eraseFromParent();
    }
    ++NumVariants;
    if (Req.AddedForGCC)
      ++NumGCCNames;
    LLVM_DEBUG(dbgs() << "vecclone: defined " << Req.Name << " for "
                      << F.getName() << "\n");
    if (!BV.Inlined)
      ++NumNotInlined;
    reportVariant(ORE, F, Req, ABI, BV);
  }
}

/// A declaration's malformed `_ZGV` attributes would otherwise be dropped in
/// silence by the callers' variant choice: warn once, at its first call (a
/// declaration has no code of its own to point at).
static void warnRejectedOnDeclaration(Function &F) {
  const CallBase *At = nullptr;
  for (const User *U : F.users())
    if (auto *CB = dyn_cast<CallBase>(U);
        CB && CB->getCalledOperand() == &F) {
      At = CB;
      break;
    }
  if (!At)
    return;
  for (const RejectedVariant &R : collectVariants(F, false).Rejected) {
    ++NumRejected;
    DiagnosticInfoOptimizationFailure D(DEBUG_TYPE, "VariantRejected",
                                        At->getDebugLoc(), At->getParent());
    D << "vecclone: ignoring vector variant attribute '" + R.Attribute +
             "' on declaration '" + displayName(F) + "': " + R.Reason +
             "; calls to it use the other variants or stay scalar";
    F.getContext().diagnose(D);
  }
}

PreservedAnalyses VecClonePass::run(Module &M, ModuleAnalysisManager &AM) {
  // Collect first: defining variants adds functions to the module.
  SmallVector<Function *, 16> Work;
  for (Function &F : M) {
    if (!hasVariantAttributes(F) || F.hasAvailableExternallyLinkage())
      continue;
    if (F.isDeclaration())
      warnRejectedOnDeclaration(F);
    else
      Work.push_back(&F);
  }
  unsigned Before = NumVariants;
  FunctionAnalysisManager &FAM =
      AM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function *F : Work)
    defineVariants(*F, Opts, FAM);
  unpinSignatures(M);
  bool Changed = NumVariants != Before || Work.size();
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace vecclone
