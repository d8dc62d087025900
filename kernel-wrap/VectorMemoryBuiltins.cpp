//===- VectorMemoryBuiltins.cpp - vloadN, vstoreN and their half forms ----===//
//
/// \file
/// `vloadN(offset, p)` reads the N elements at `p + offset * N`, aligned
/// only as the element is (not as the vector); `vstoreN(data, offset, p)`
/// writes them. `vload_half[N]` reads halves and widens them to float;
/// `vstore_half[N][_rte|_rtz|_rtp|_rtn]` narrows floats to halves with the
/// rounding asked for (default: to nearest even) and writes them;
/// `vloada_half[N]` / `vstorea_half[N]` are these with an offset in units
/// of 4 halves for N = 3. The element type comes from the
/// pointer parameter's mangled pointee; a vector of up to 8 bytes arrives
/// and leaves as clang's C calling convention passes it (one scalar).
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"
#include "OclNames.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

#define DEBUG_TYPE "kernel-wrap"

STATISTIC(NumVectorMemory, "Number of vloadN / vstoreN builtins lowered");

namespace kernelwrap {
namespace {

/// The vector length of `vload<N>`-style names after \p Prefix (1 when
/// the name is just the prefix), 0 when it is none of 2, 3, 4, 8, 16.
unsigned widthAfter(StringRef Base, StringRef Prefix) {
  if (!Base.consume_front(Prefix))
    return 0;
  if (Base.empty())
    return 1;
  unsigned N = 0;
  if (Base.getAsInteger(10, N))
    return 0;
  return N == 2 || N == 3 || N == 4 || N == 8 || N == 16 ? N : 0;
}

/// The lowering of one call (its replacement value, or the store itself
/// for a vstore), or null when \p CI is none of these builtins.
Value *lowerCall(IRBuilder<> &B, CallInst &CI, const OclName &N) {
  LLVMContext &C = CI.getContext();
  StringRef Name = N.Base;
  // vstore_half's rounding mode, checked by convertToFP.
  StringRef Mode;
  if (size_t R = Name.rfind("_rt"); R != StringRef::npos) {
    Mode = Name.drop_front(R);
    Name = Name.take_front(R);
  }
  // vloada_half3 / vstorea_half3 step by 4 halves; otherwise the aligned
  // forms are the plain ones.
  std::string Plain = Name.str();
  bool Aligned = Name.starts_with("vloada_half") ||
                 Name.starts_with("vstorea_half");
  if (Aligned)
    Plain.erase(Name.find('a', 4), 1);
  StringRef Base = Plain;
  Type *Elt = N.lastPointee(C);
  if (!Elt || (!Mode.empty() && !Base.starts_with("vstore_half")))
    return nullptr;
  bool Half = Base.contains("_half");
  unsigned Width = Half ? std::max(widthAfter(Base, "vload_half"),
                                   widthAfter(Base, "vstore_half"))
                        : std::max(widthAfter(Base, "vload"),
                                   widthAfter(Base, "vstore"));
  bool Load = Base.starts_with("vload");
  if (!Width || (Half && !Elt->isHalfTy()) ||
      CI.arg_size() != (Load ? 2u : 3u))
    return nullptr;
  Type *MemTy = Width == 1 ? Elt : FixedVectorType::get(Elt, Width);
  Value *Offset = CI.getArgOperand(Load ? 0 : 1);
  Value *Ptr = CI.getArgOperand(Load ? 1 : 2);
  unsigned Step = Aligned && Width == 3 ? 4 : Width;
  Value *Addr = B.CreateGEP(
      Elt, Ptr, B.CreateMul(Offset, ConstantInt::get(Offset->getType(), Step)));
  Align A(CI.getDataLayout().getTypeStoreSize(Elt));
  if (Load) {
    Value *V = B.CreateAlignedLoad(MemTy, Addr, A);
    if (Half)
      V = B.CreateFPExt(V, MemTy->getWithNewType(B.getFloatTy()));
    return reinterpretSmallVector(B, V, CI.getType());
  }
  Value *Data = CI.getArgOperand(0);
  Type *DataTy = Half ? MemTy->getWithNewType(B.getFloatTy()) : MemTy;
  Data = reinterpretSmallVector(B, Data, DataTy);
  if (!Data)
    return nullptr;
  if (Half && !(Data = convertToFP(B, Data, MemTy, Mode)))
    return nullptr;
  return B.CreateAlignedStore(Data, Addr, A);
}

} // namespace

unsigned lowerVectorMemoryBuiltins(Function &F) {
  unsigned N = replaceBuiltinCalls(F, lowerCall);
  NumVectorMemory += N;
  return N;
}

} // namespace kernelwrap
