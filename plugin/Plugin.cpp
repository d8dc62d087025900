//===- Plugin.cpp - The plugin's single entry point -----------------------===//
//
/// \file
/// Registers every pass for `opt -passes=...` (from Passes.def) and places
/// them in clang's default pipelines: vecclone at OptimizerEarly (after
/// inlining, before vectorization; it adds functions, so it must be a module
/// pass), the report right after the loop vectorizer. The front-end plugin
/// (frontend/, `clang -fplugin=`) loads this library and registers it too.
//
//===----------------------------------------------------------------------===//

#include "plugin/Plugin.h"
#include "kernel-wrap/KernelWrapPass.h"
#include "vecclone/PinSignatures.h"
#include "vecclone/PointeeTypes.h"
#include "vecclone/ScalableVariantCleanup.h"
#include "vecclone/ScalarContraction.h"
#include "vecclone/SimdCallLoops.h"
#include "vecclone/TerminateScopes.h"
#include "vecclone/VecClonePass.h"
#include "vplan-ext/DivergenceAnalysis.h"
#include "vplan-ext/LaneLoopFission.h"
#include "vplan-ext/LaneLoopPrep.h"
#include "vplan-ext/LaneLoopVectorize.h"
#include "vplan-ext/LaneMaskSimplify.h"
#include "vplan-ext/LanePlan.h"
#include "vplan-ext/MaskPhiWidening.h"
#include "vplan-ext/SimdLoopPass.h"
#include "vplan-ext/StrideAnalysis.h"
#include "vplan-ext/UniformVectorPhis.h"
#include "vplan-ext/WorkItemAccessGroups.h"
#include "vplan-ext/WorkItemLoopPlan.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static Expected<vecclone::VecCloneOptions>
parseVecCloneParams(StringRef Params) {
  vecclone::VecCloneOptions O = vecclone::VecCloneOptions::fromCommandLine();
  if (Error E = O.parseParams(Params))
    return E;
  return O;
}

static Expected<vplanext::LaneLoweringOptions>
parseLoweringParams(StringRef Params) {
  auto O = vplanext::LaneLoweringOptions::fromCommandLine();
  if (Error E = O.parseParams(Params))
    return E;
  return O;
}

/// A bad parameter of one of our passes: the message, then the pass
/// name is refused (opt then reports it as unknown too).
static bool reportBadParams(Error E) {
  errs() << vecclone::PluginName << ": " << toString(std::move(E)) << "\n";
  return false;
}

// Adds CLASS(options) for `NAME` or `NAME<params>`.
#define ADD_PASS_WITH_PARAMS(PM, NAME, CLASS, PARSER)                          \
  if (PassBuilder::checkParametrizedPassName(Name, NAME)) {                    \
    auto Opts = PassBuilder::parsePassParameters(PARSER, Name, NAME);          \
    if (!Opts)                                                                 \
      return reportBadParams(Opts.takeError());                                \
    PM.addPass(CLASS(*Opts));                                                  \
    return true;                                                               \
  }

static void registerPipelineNames(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define MODULE_PASS(NAME, CREATE)                                              \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#define MODULE_PASS_WITH_PARAMS(NAME, CLASS, PARSER)                           \
  ADD_PASS_WITH_PARAMS(MPM, NAME, CLASS, PARSER)
#include "Passes.def"
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define FUNCTION_PASS(NAME, CREATE)                                            \
  if (Name == NAME) {                                                          \
    FPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#define FUNCTION_PASS_WITH_PARAMS(NAME, CLASS, PARSER)                         \
  ADD_PASS_WITH_PARAMS(FPM, NAME, CLASS, PARSER)
#define FUNCTION_ANALYSIS(NAME, CREATE)                                        \
  if (parseAnalysisUtilityPasses<decltype(CREATE)>(NAME, Name, FPM))           \
    return true;
#include "Passes.def"
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, LoopPassManager &LPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define LOOP_PASS(NAME, CREATE)                                                \
  if (Name == NAME) {                                                          \
    LPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#include "Passes.def"
        return false;
      });
  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
#define FUNCTION_ANALYSIS(NAME, CREATE) FAM.registerPass([] { return CREATE; });
#include "Passes.def"
  });
}

static void registerDefaultPipeline(PassBuilder &PB) {
  // Before any simplification: what pointer parameters point to, while the
  // body still says it (vecclone needs it for variable linear steps).
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(vecclone::RecordPointeeTypesPass());
        // Before IPO: a static function keeps the parameters it promised.
        MPM.addPass(vecclone::PinSignaturesPass());
      });
  // Before the full unroller: omp simd loops calling variants stay loops.
  PB.registerLateLoopOptimizationsEPCallback(
      [](LoopPassManager &LPM, OptimizationLevel) {
        LPM.addPass(vecclone::KeepSimdCallLoopsPass());
      });
  // Variants are ABI symbols: define them at every level, -O0 included.
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(vecclone::VecClonePass());
      });
  // Caller side: right before the stock vectorizer, which then skips the
  // loops this pass already vectorized. -O1 vectorizes forced loops only.
  PB.registerVectorizerStartEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel Level) {
        // With exceptions on, calls in omp simd loops are invokes the
        // vectorizer refuses; they are calls until VectorizerEnd.
        FPM.addPass(vecclone::OpenTerminateScopesPass());
        // Kernels' work-item loops: parallel again where -O3's new accesses
        // lost the annotation, then widened or kept scalar as their plans
        // say, now that short constant loops are straight code.
        FPM.addPass(vplanext::WorkItemAccessGroupsPass());
        FPM.addPass(vplanext::WorkItemLoopPlanPass());
        // omp simd loops with inner loops become lane loops first, so their
        // calls can use variants and the vectorizer can widen them.
        FPM.addPass(vplanext::SimdLoopPass());
        FPM.addPass(vecclone::VecCloneCallsPass(
            /*OnlyWhenForced=*/Level.getSpeedupLevel() < 2));
        // Lane loops the vectorizer declines must not reach clang's
        // "loop not vectorized" warning, which runs before VectorizerEnd.
        FPM.addPass(vplanext::LaneLoopVectorizePass());
      });
  PB.registerVectorizerEndEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        // First: nothing after the vectorizer may see a call that should
        // end in std::terminate as one that unwinds.
        FPM.addPass(vecclone::CloseTerminateScopesPass());
        // After the vectorizer's InstCombines: its mask chains, shortened.
        FPM.addPass(vplanext::LaneMaskSimplifyPass());
        FPM.addPass(vecclone::VecCloneReportPass());
        // SVE variants: the remainder the vectorizer cannot see is dead.
        FPM.addPass(vecclone::ScalableVariantCleanupPass());
        // After the vectorizer, which cannot widen a fence.
        FPM.addPass(vecclone::ContractionFencePass());
      });
  // Last: no InstCombine may narrow the lane masks again after this.
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel Level, ThinOrFullLTOPhase) {
        // A variant body's terminate scopes open when the variant is built
        // (OptimizerEarly). An LTO pre-link pipeline has no VectorizerEnd:
        // its bitcode must not carry calls whose handler is away (the link
        // may run without the plugin). The post-link pipeline opens them
        // again before its vectorizer: the lane loops are forced loops.
        MPM.addPass(createModuleToFunctionPassAdaptor(
            vecclone::CloseTerminateScopesPass()));
        if (Level != OptimizationLevel::O0) {
          // The round loops' splat phis (counters, flags) as scalars,
          // before the masks that remain take the data's width.
          MPM.addPass(createModuleToFunctionPassAdaptor(
              vplanext::UniformVectorPhisPass()));
          MPM.addPass(createModuleToFunctionPassAdaptor(
              vplanext::MaskPhiWideningPass()));
        }
      });
}

/// Every pass for `-passes=` and its place in clang's default pipelines.
static void registerPluginPasses(PassBuilder &PB) {
  registerPipelineNames(PB);
  registerDefaultPipeline(PB);
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, vecclone::PluginName, LLVM_VERSION_STRING,
          registerPluginPasses};
}
