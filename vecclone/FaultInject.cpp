//===- FaultInject.cpp - Deliberate faults for testing the fuzz tools -----===//
//
/// \file
/// Test-only: see FaultInject.h. The fuzz tools need a plugin that crashes
/// or miscompiles on demand to show that they catch, cut and reduce such
/// cases (test/fuzz/fault-inject*.test); real bugs are not available on
/// demand. Off unless `-vecclone-fault-inject` is given.
//
//===----------------------------------------------------------------------===//

#include "vecclone/FaultInject.h"
#include "vecclone/VariantABI.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

using namespace llvm;

static cl::opt<std::string> FaultInjectOpt(
    "vecclone-fault-inject", cl::Hidden, cl::init(""),
    cl::value_desc("crash|miscompile:PATTERN"),
    cl::desc("For testing the fuzz tools only: crash on, or flip lane 0 of "
             "the result of, every variant whose name matches the glob "
             "PATTERN (e.g. '*_fz3', '_ZGVe*')"));

namespace vecclone {

/// Bit 0 of lane 0 flipped in \p V (a vector or an integer-coded vector).
static Value *flipLane0(IRBuilder<> &B, Value *V) {
  Type *T = V->getType();
  if (T->isIntegerTy())
    return B.CreateXor(V, ConstantInt::get(T, 1));
  auto *VT = cast<VectorType>(T); // SVE's are scalable
  Type *ET = VT->getElementType();
  unsigned Bits = ET->getScalarSizeInBits();
  if (ET->isPointerTy())
    Bits = 64;
  Type *IT = B.getIntNTy(Bits);
  Value *Lane = B.CreateExtractElement(V, uint64_t(0));
  Value *AsInt = ET->isPointerTy() ? B.CreatePtrToInt(Lane, IT)
                                   : B.CreateBitCast(Lane, IT);
  Value *Flipped = B.CreateXor(AsInt, ConstantInt::get(IT, 1));
  Value *Back = ET->isPointerTy() ? B.CreateIntToPtr(Flipped, ET)
                                  : B.CreateBitCast(Flipped, ET);
  return B.CreateInsertElement(V, Back, uint64_t(0));
}

void injectFault(Function &Variant, StringRef Name, const VariantABI &ABI) {
  if (FaultInjectOpt.empty())
    return;
  auto [Mode, Pattern] = StringRef(FaultInjectOpt).split(':');
  Expected<GlobPattern> Glob = GlobPattern::create(Pattern);
  if ((Mode != "crash" && Mode != "miscompile") || Pattern.empty() || !Glob)
    report_fatal_error("-vecclone-fault-inject: expected crash:PATTERN or "
                       "miscompile:PATTERN with a glob PATTERN, got '" +
                           Twine(FaultInjectOpt) + "'" +
                           (Glob ? "" : ": " + toString(Glob.takeError())),
                       /*gen_crash_diag=*/false);
  if (!Glob->match(Name))
    return;
  if (Mode == "crash") {
    errs() << "vecclone: injected fault (-vecclone-fault-inject=crash): "
              "crashing on "
           << Name << "\n";
    std::abort();
  }
  for (BasicBlock &BB : Variant) {
    auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator());
    if (!Ret)
      continue;
    IRBuilder<> B(Ret);
    if (ABI.ReturnsInMemory()) {
      // Lane 0's lowest byte behind the hidden return pointer.
      Value *Out = Variant.getArg(0);
      Value *Byte = B.CreateLoad(B.getInt8Ty(), Out);
      B.CreateStore(B.CreateXor(Byte, B.getInt8(1)), Out);
    } else if (Value *RV = Ret->getReturnValue()) {
      Ret->setOperand(0, flipLane0(B, RV));
    }
  }
}

} // namespace vecclone
