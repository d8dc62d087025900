//===- WorkItemBuiltins.cpp - get_global_id & co. as work-group values ----===//
//
/// \file
/// A query with a constant dimension becomes the value itself; a variable
/// dimension selects among the three (OpenCL: ids 0, sizes 1 beyond the
/// third dimension).
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"
#include "OclNames.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace kernelwrap {
namespace {

enum class Query {
  None,
  GlobalId,
  LocalId,
  GroupId,
  GlobalSize,
  LocalSize,
  NumGroups,
  Offset,
  WorkDim,
  GlobalLinearId,
  LocalLinearId
};

Query classify(StringRef Base) {
  return StringSwitch<Query>(Base)
      .Case("get_global_id", Query::GlobalId)
      .Case("get_local_id", Query::LocalId)
      .Case("get_group_id", Query::GroupId)
      .Case("get_global_size", Query::GlobalSize)
      .Case("get_local_size", Query::LocalSize)
      .Case("get_enqueued_local_size", Query::LocalSize)
      .Case("get_num_groups", Query::NumGroups)
      .Case("get_global_offset", Query::Offset)
      .Case("get_work_dim", Query::WorkDim)
      .Case("get_global_linear_id", Query::GlobalLinearId)
      .Case("get_local_linear_id", Query::LocalLinearId)
      .Default(Query::None);
}

/// The value of \p Q in dimension \p D (0..2).
Value *valueIn(IRBuilder<> &B, const WorkItemValues &V, Query Q, unsigned D) {
  switch (Q) {
  case Query::GlobalId:
    return B.CreateAdd(
        B.CreateAdd(B.CreateMul(V.GroupId[D], V.LocalSize[D]), V.LocalId[D]),
        V.Offset[D], "gid");
  case Query::LocalId:
    return V.LocalId[D];
  case Query::GroupId:
    return V.GroupId[D];
  case Query::GlobalSize:
    return V.GlobalSize[D];
  case Query::LocalSize:
    return V.LocalSize[D];
  case Query::NumGroups:
    return V.NumGroups[D];
  case Query::Offset:
    return V.Offset[D];
  default:
    llvm_unreachable("not a per-dimension query");
  }
}

bool isSizeQuery(Query Q) {
  return Q == Query::GlobalSize || Q == Query::LocalSize ||
         Q == Query::NumGroups;
}

Value *lowerQuery(IRBuilder<> &B, const WorkItemValues &V, Query Q,
                  CallInst &CI) {
  Type *I64 = B.getInt64Ty();
  if (Q == Query::WorkDim)
    return V.WorkDim;
  if (Q == Query::LocalLinearId)
    return B.CreateAdd(
        B.CreateMul(B.CreateAdd(B.CreateMul(V.LocalId[2], V.LocalSize[1]),
                                V.LocalId[1]),
                    V.LocalSize[0]),
        V.LocalId[0], "llid");
  if (Q == Query::GlobalLinearId) {
    Value *G[3];
    for (unsigned D = 0; D < 3; ++D)
      G[D] = B.CreateSub(valueIn(B, V, Query::GlobalId, D), V.Offset[D]);
    return B.CreateAdd(
        B.CreateMul(B.CreateAdd(B.CreateMul(G[2], V.GlobalSize[1]), G[1]),
                    V.GlobalSize[0]),
        G[0], "glid");
  }
  Value *Dim = CI.getArgOperand(0);
  Value *Outside = ConstantInt::get(I64, isSizeQuery(Q) ? 1 : 0);
  if (auto *C = dyn_cast<ConstantInt>(Dim))
    return C->getZExtValue() < 3 ? valueIn(B, V, Q, C->getZExtValue())
                                 : Outside;
  // A variable dimension: usually a loop over dimensions, rare.
  Value *R = Outside;
  for (int D = 2; D >= 0; --D)
    R = B.CreateSelect(B.CreateICmpEQ(Dim, ConstantInt::get(Dim->getType(), D)),
                       valueIn(B, V, Q, D), R);
  return R;
}

} // namespace

unsigned lowerWorkItemQueries(Function &F, const WorkItemValues &V) {
  SmallVector<std::pair<CallInst *, Query>, 16> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *CI = dyn_cast<CallInst>(&I))
        if (Function *Callee = CI->getCalledFunction())
          if (OclName N = parseOclName(Callee->getName()))
            if (Query Q = classify(N.Base); Q != Query::None)
              Calls.push_back({CI, Q});
  for (auto [CI, Q] : Calls) {
    IRBuilder<> B(CI);
    Value *R = lowerQuery(B, V, Q, *CI);
    // size_t is i64 here; get_work_dim returns uint.
    R = B.CreateZExtOrTrunc(R, CI->getType());
    CI->replaceAllUsesWith(R);
    CI->eraseFromParent();
  }
  return Calls.size();
}

bool isBarrierCall(const CallInst &CI) {
  const Function *F = CI.getCalledFunction();
  if (!F)
    return false;
  OclName N = parseOclName(F->getName());
  return N && (N.Base == "barrier" || N.Base == "work_group_barrier");
}

bool isMemFenceCall(const CallInst &CI) {
  const Function *F = CI.getCalledFunction();
  if (!F)
    return false;
  OclName N = parseOclName(F->getName());
  return N && (N.Base == "mem_fence" || N.Base == "read_mem_fence" ||
               N.Base == "write_mem_fence");
}

} // namespace kernelwrap
