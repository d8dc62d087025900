//===- TerminateScopes.cpp - omp simd calls under exceptions --------------===//

#include "vecclone/TerminateScopes.h"
#include "vecclone/VariantSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#define DEBUG_TYPE "vecclone"

using namespace llvm;
using namespace vecclone;

STATISTIC(NumOpened, "Terminate-only invokes in omp simd loops made calls");
STATISTIC(NumClosed, "Calls given their terminate handler back");

static bool isTerminateFunction(const Function *F) {
  return F && (F->getName() == "__clang_call_terminate" ||
               F->getName() == "_ZSt9terminatev");
}

/// A landing pad that can only end the program: landingpad, the exception
/// pointer taken out, a call of std::terminate (or clang's wrapper of it),
/// unreachable — clang shares the last part between pads, behind a branch.
static bool isTerminateOnlyPad(const BasicBlock *BB) {
  if (!BB->isLandingPad())
    return false;
  // A short chain of blocks joined by unconditional branches.
  for (unsigned Hops = 0; BB && Hops < 4; ++Hops) {
    for (const Instruction &I : *BB) {
      if (isa<PHINode, LandingPadInst, ExtractValueInst, UnreachableInst>(I))
        continue;
      if (const auto *Br = dyn_cast<BranchInst>(&I)) {
        if (Br->isConditional())
          return false;
        continue;
      }
      const auto *CI = dyn_cast<CallInst>(&I);
      const Function *Callee = CI ? CI->getCalledFunction() : nullptr;
      if (isTerminateFunction(Callee))
        return true;
      if (!Callee || Callee->getName() != "__cxa_begin_catch")
        return false;
    }
    BB = BB->getSingleSuccessor();
  }
  return false;
}

/// The blocks of the loops the user asked to vectorize (`omp simd`,
/// `vectorize(enable)`, lane loops), inner loops included: OpenMP puts the
/// whole body of an `omp simd` loop under the terminate rule.
static SmallVector<BasicBlock *, 16> forcedLoopBlocks(LoopInfo &LI) {
  SmallVector<BasicBlock *, 16> Blocks;
  SmallVector<Loop *, 8> Work(LI.begin(), LI.end());
  while (!Work.empty()) {
    Loop *L = Work.pop_back_val();
    if (hasVectorizeTransformation(L) == TM_ForcedByUser)
      append_range(Blocks, L->blocks());
    else
      append_range(Work, L->getSubLoops());
  }
  return Blocks;
}

/// Callees also called in a loop where their exceptions propagate: a vector
/// variant call made there could not be told from one made in place of a
/// terminate-only invoke, so those invokes stay.
static StringSet<> calleesThatMayEscape(Function &F, LoopInfo &LI) {
  StringSet<> Escaping;
  for (BasicBlock &BB : F) {
    if (!LI.getLoopFor(&BB))
      continue;
    for (Instruction &I : BB) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || CB->doesNotThrow() || !CB->getCalledFunction())
        continue;
      auto *II = dyn_cast<InvokeInst>(CB);
      if (!II || !isTerminateOnlyPad(II->getUnwindDest()))
        Escaping.insert(CB->getCalledFunction()->getName());
    }
  }
  return Escaping;
}

bool vecclone::openTerminateScopes(Function &F, ArrayRef<BasicBlock *> Scope,
                                   LoopInfo &LI,
                                   OptimizationRemarkEmitter *ORE) {
  if (!F.hasPersonalityFn())
    return false;
  SmallVector<InvokeInst *, 8> Invokes;
  for (BasicBlock *BB : Scope)
    if (auto *II = dyn_cast<InvokeInst>(BB->getTerminator()))
      if (isTerminateOnlyPad(II->getUnwindDest()))
        Invokes.push_back(II);
  if (Invokes.empty())
    return false;
  StringSet<> Escaping = calleesThatMayEscape(F, LI);
  LLVMContext &Ctx = F.getContext();
  SmallVector<StringRef, 4> Callees;
  bool Changed = false;
  for (InvokeInst *II : Invokes) {
    Function *Callee = II->getCalledFunction();
    if (Callee && Escaping.contains(Callee->getName())) {
      if (ORE)
        ORE->emit([&] {
          return OptimizationRemarkMissed(DEBUG_TYPE, "TerminateScopeKept", II)
                 << "call to '" << ore::NV("Callee", Callee)
                 << "' in an omp simd loop keeps its exception edge: the "
                    "function also calls it in a loop whose exceptions "
                    "propagate, so the loop is not vectorized";
        });
      continue;
    }
    if (Callee && !is_contained(Callees, Callee->getName()))
      Callees.push_back(Callee->getName());
    CallInst *CI = changeToCall(II);
    // No inliner may copy the callee's throwing calls in untagged: the
    // handler goes back on this call only.
    MDNode *Tag = MDNode::get(Ctx, {});
    if (!CI->isNoInline()) {
      CI->setIsNoInline();
      Tag = MDNode::get(Ctx, {MDString::get(Ctx, "noinline")});
    }
    CI->setMetadata(TerminateScopeMD, Tag);
    ++NumOpened;
    Changed = true;
  }
  if (!Changed)
    return false;
  F.addFnAttr(TerminateCalleesAttr, join(Callees, ","));
  // InstCombine marks every call in a nounwind function nounwind; until the
  // handlers are back, these calls may throw.
  if (F.doesNotThrow()) {
    F.removeFnAttr(Attribute::NoUnwind);
    F.addFnAttr(TerminateNoUnwindAttr);
  }
  removeUnreachableBlocks(F);
  return true;
}

PreservedAnalyses OpenTerminateScopesPass::run(Function &F,
                                               FunctionAnalysisManager &AM) {
  if (!F.hasPersonalityFn())
    return PreservedAnalyses::all();
  LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  SmallVector<BasicBlock *, 16> Scope = forcedLoopBlocks(LI);
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  return openTerminateScopes(F, Scope, LI, &ORE) ? PreservedAnalyses::none()
                                                 : PreservedAnalyses::all();
}

/// \p AllCalls: the function was nounwind, so every exception leaving any
/// of its calls ends in std::terminate (also one from a call an inliner
/// copied in since).
static bool needsTerminateHandler(const CallInst &CI,
                                  const StringSet<> &Callees, bool AllCalls) {
  if (CI.doesNotThrow() || isa<IntrinsicInst>(CI))
    return false;
  if (AllCalls || CI.getMetadata(TerminateScopeMD))
    return true;
  const Function *Callee = CI.getCalledFunction();
  return Callee && Callees.contains(variantScalarName(Callee->getName()));
}

/// landingpad catch-all; __cxa_begin_catch; std::terminate — what clang's
/// __clang_call_terminate does, so the terminate handler still sees the
/// exception.
static BasicBlock *createTerminatePad(Function &F) {
  LLVMContext &Ctx = F.getContext();
  Module &M = *F.getParent();
  auto *Ptr = PointerType::getUnqual(Ctx);
  BasicBlock *Pad = BasicBlock::Create(Ctx, "vecclone.terminate", &F);
  IRBuilder<> B(Pad);
  LandingPadInst *LP =
      B.CreateLandingPad(StructType::get(Ptr, B.getInt32Ty()), 1);
  LP->addClause(ConstantPointerNull::get(Ptr));
  Value *Exn = B.CreateExtractValue(LP, 0);
  FunctionCallee BeginCatch =
      M.getOrInsertFunction("__cxa_begin_catch", Ptr, Ptr);
  B.CreateCall(BeginCatch, {Exn})->setDoesNotThrow();
  FunctionCallee Terminate =
      M.getOrInsertFunction("_ZSt9terminatev", B.getVoidTy());
  CallInst *T = B.CreateCall(Terminate);
  T->setDoesNotThrow();
  T->setDoesNotReturn();
  B.CreateUnreachable();
  return Pad;
}

PreservedAnalyses CloseTerminateScopesPass::run(Function &F,
                                                FunctionAnalysisManager &) {
  if (!F.hasFnAttribute(TerminateCalleesAttr))
    return PreservedAnalyses::all();
  StringSet<> Callees;
  SmallVector<StringRef, 4> Names;
  F.getFnAttribute(TerminateCalleesAttr).getValueAsString().split(Names, ',');
  for (StringRef N : Names)
    Callees.insert(N);
  F.removeFnAttr(TerminateCalleesAttr);
  // Every call that may throw is back under a handler that terminates.
  bool WasNoUnwind = F.hasFnAttribute(TerminateNoUnwindAttr);
  if (WasNoUnwind) {
    F.removeFnAttr(TerminateNoUnwindAttr);
    F.setDoesNotThrow();
  }

  SmallVector<CallInst *, 8> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      auto *CI = dyn_cast<CallInst>(&I);
      if (!CI)
        continue;
      bool Needs = needsTerminateHandler(*CI, Callees, WasNoUnwind);
      if (MDNode *Tag = CI->getMetadata(TerminateScopeMD)) {
        if (Tag->getNumOperands())
          CI->removeFnAttr(Attribute::NoInline);
        CI->setMetadata(TerminateScopeMD, nullptr);
      }
      if (Needs)
        Calls.push_back(CI);
    }
  if (Calls.empty())
    return PreservedAnalyses::all();
  BasicBlock *Pad = createTerminatePad(F);
  for (CallInst *CI : Calls) {
    changeToInvokeAndSplitBasicBlock(CI, Pad);
    ++NumClosed;
  }
  LLVM_DEBUG(dbgs() << "vecclone: " << Calls.size()
                    << " calls terminate on exceptions again in "
                    << F.getName() << "\n");
  return PreservedAnalyses::none();
}
