//===- LoweringRules.cpp - Rules shared by lowering and plan --------------===//

#include "vplan-ext/LoweringRules.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::opt<bool>
    EnableBOSCC("vplan-boscc", cl::init(true), cl::Hidden,
                cl::desc("Give heavy divergent if/else regions of lane loops "
                         "unpredicated copies for when all lanes agree"));
static cl::opt<unsigned> BOSCCThreshold(
    "vplan-boscc-threshold", cl::init(48), cl::Hidden,
    cl::desc("Minimum cost (instructions; divisions, square roots and calls "
             "count 8) of an if/else region before it gets BOSCC copies"));

namespace vplanext {

bool isBOSCCEnabled() { return EnableBOSCC; }
unsigned getBOSCCThreshold() { return BOSCCThreshold; }

bool callNeedsSerialLanes(const CallBase &CB) {
  if (isa<IntrinsicInst>(CB))
    return false;
  if (CB.hasFnAttr("vector-function-abi-variant"))
    return false;
  if (const Function *Callee = CB.getCalledFunction()) {
    if (Callee->hasFnAttribute("vector-function-abi-variant"))
      return false;
    for (const Attribute &A : Callee->getAttributes().getFnAttrs())
      if (A.isStringAttribute() && A.getKindAsString().starts_with("_ZGV"))
        return false;
  }
  return true;
}

unsigned bosccRegionCost(const Instruction &I) {
  if (isa<PHINode>(I) || I.isTerminator() || isa<DbgInfoIntrinsic>(I))
    return 0;
  switch (I.getOpcode()) {
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    return 8;
  case Instruction::Load:
  case Instruction::Store:
    return 2;
  default:
    break;
  }
  if (isa<CallBase>(I))
    return 8; // sqrt, exp, a vector variant: all expensive
  return 1;
}

} // namespace vplanext
