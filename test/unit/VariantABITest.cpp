//===- VariantABITest.cpp - Unit tests for the vector ABI model -----------===//
//
// Each expectation is a rule measured against gcc 12 (see
// docs/design/vecclone.md): VLEN/CDT, argument pieces, mask forms, returns.
//
//===----------------------------------------------------------------------===//

#include "vecclone/VariantABI.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace vecclone;

namespace {

std::string str(Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}

class VariantABITest : public ::testing::Test {
protected:
  LLVMContext Ctx;
  Type *F32 = Type::getFloatTy(Ctx);
  Type *F64 = Type::getDoubleTy(Ctx);
  Type *I8 = Type::getInt8Ty(Ctx);
  Type *I16 = Type::getInt16Ty(Ctx);
  Type *I32 = Type::getInt32Ty(Ctx);
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::get(Ctx, 0);
  Type *Void = Type::getVoidTy(Ctx);

  VariantABI abi(StringRef Name, Type *Ret, ArrayRef<Type *> Params,
                 CallingConv::ID CC = CallingConv::C, unsigned MaskBits = 0) {
    FunctionType *FTy = FunctionType::get(Ret, Params, false);
    std::optional<VFInfo> Info = VFABI::tryDemangleForVFABI(Name, FTy);
    EXPECT_TRUE(Info.has_value()) << Name.str();
    Expected<VariantABI> A = computeVariantABI(*Info, FTy, CC, MaskBits);
    EXPECT_TRUE(bool(A)) << toString(A.takeError());
    return *A;
  }
};

TEST_F(VariantABITest, RegisterWidthsFollowGCC) {
  EXPECT_EQ(registerBits(ISAClass::SSE, true), 128u);
  EXPECT_EQ(registerBits(ISAClass::AVX, true), 256u);
  EXPECT_EQ(registerBits(ISAClass::AVX, false), 128u); // no 256-bit int on AVX1
  EXPECT_EQ(clangRegisterBits(ISAClass::AVX, false), 256u);
  EXPECT_EQ(registerBits(ISAClass::AVX2, false), 256u);
  EXPECT_EQ(registerBits(ISAClass::AVX512, false), 512u);
  EXPECT_EQ(isaFeatures(ISAClass::AVX512), "+avx512f");
}

// ms_abi (gcc 12, measured): vectors by reference, which LLVM's Win64
// convention does itself; a 16-byte return in xmm0, a wider one in memory.
TEST_F(VariantABITest, MicrosoftConvention) {
  VariantABI B = abi("_ZGVbN4vv_ma", I32, {I32, I32}, CallingConv::Win64);
  EXPECT_EQ(B.CC, CallingConv::Win64);
  EXPECT_FALSE(B.ReturnsInMemory());
  EXPECT_TRUE(B.FnTy->getReturnType()->isVectorTy());
  VariantABI D = abi("_ZGVdN8vv_ma", I32, {I32, I32}, CallingConv::Win64);
  EXPECT_TRUE(D.ReturnsInMemory());
  EXPECT_TRUE(D.FnTy->getReturnType()->isVoidTy());
  EXPECT_EQ(D.Params[0].FirstArg, 1u);
  EXPECT_FALSE(abi("_ZGVdN8vv_ma", I32, {I32, I32}).ReturnsInMemory());
  FunctionType *FTy = FunctionType::get(I32, {I32}, false);
  std::optional<VFInfo> Info = VFABI::tryDemangleForVFABI("_ZGVbN4v_f", FTy);
  Expected<VariantABI> VC =
      computeVariantABI(*Info, FTy, CallingConv::X86_VectorCall);
  EXPECT_FALSE(bool(VC));
  consumeError(VC.takeError());
}

// AdvSIMD (gcc 12 measured, vfabia64 beyond it): one vector per
// parameter under the vector PCS; 64-bit vectors (1-lane ones included)
// in d registers; over 128 bits an array of q vectors; under 64 bits the
// float/half of the vector's size; the mask of NDS-bit lanes.
// SVE, scalable length: LLVM's VFABI signature (vscale x 128 / the widest
// vector element lanes), the mask a predicate, the C convention (the
// backend gives scalable arguments the SVE PCS); fixed lengths refused.
TEST_F(VariantABITest, SVE) {
  EXPECT_EQ(isaFromLetter('s'), ISAClass::SVE);
  EXPECT_TRUE(canRunISA(ISAClass::SVE, ISAClass::AdvSIMD));
  EXPECT_FALSE(canRunISA(ISAClass::AdvSIMD, ISAClass::SVE));
  EXPECT_FALSE(isX86(ISAClass::SVE));
  VariantABI F = abi("_ZGVsMxvv_f", F32, {F32, F32});
  EXPECT_TRUE(F.Scalable);
  EXPECT_EQ(F.VLen, 4u);
  EXPECT_EQ(F.CC, CallingConv::C);
  EXPECT_EQ(str(F.FnTy), "<vscale x 4 x float> (<vscale x 4 x float>, "
                         "<vscale x 4 x float>, <vscale x 4 x i1>)");
  VariantABI M = abi("_ZGVsMxvv_m", F64, {F32, F64});
  EXPECT_EQ(M.VLen, 2u);
  EXPECT_EQ(str(M.FnTy), "<vscale x 2 x double> (<vscale x 2 x float>, "
                         "<vscale x 2 x double>, <vscale x 2 x i1>)");
  VariantABI U = abi("_ZGVsMxul_u", F32, {Ptr, I32});
  EXPECT_EQ(str(U.FnTy), "<vscale x 4 x float> (ptr, i32, <vscale x 4 x i1>)");
  EXPECT_FALSE(U.Params[0].isVectorPassed());
  FunctionType *FTy = FunctionType::get(F32, {F32}, false);
  std::optional<VFInfo> Fixed = VFABI::tryDemangleForVFABI("_ZGVsM4v_f", FTy);
  ASSERT_TRUE(Fixed.has_value());
  Expected<VariantABI> FA = computeVariantABI(*Fixed, FTy);
  EXPECT_FALSE(bool(FA));
  consumeError(FA.takeError());
}

TEST_F(VariantABITest, AdvSIMD) {
  EXPECT_EQ(isaFromLetter('n'), ISAClass::AdvSIMD);
  EXPECT_TRUE(canRunISA(ISAClass::AdvSIMD, ISAClass::AdvSIMD));
  EXPECT_FALSE(canRunISA(ISAClass::AdvSIMD, ISAClass::SSE));
  EXPECT_FALSE(canRunISA(ISAClass::AVX512, ISAClass::AdvSIMD));
  EXPECT_EQ(isaFeatures(ISAClass::AdvSIMD), "+neon");

  VariantABI F4 = abi("_ZGVnM4vv_f", F32, {F32, F32}, CallingConv::C, 32);
  EXPECT_EQ(F4.CC, CallingConv::AArch64_VectorCall);
  EXPECT_EQ(str(F4.FnTy),
            "<4 x float> (<4 x float>, <4 x float>, <4 x i32>)");
  EXPECT_EQ(str(abi("_ZGVnM2v_f", F32, {F32}, CallingConv::C, 32).FnTy),
            "<2 x float> (<2 x float>, <2 x i32>)");
  EXPECT_EQ(str(abi("_ZGVnM1v_d", F64, {F64}, CallingConv::C, 64).FnTy),
            "<1 x double> (<1 x double>, <1 x i64>)");
  EXPECT_EQ(str(abi("_ZGVnN2v_p", Ptr, {Ptr}).FnTy),
            "<2 x i64> (<2 x i64>)");
  // float + double at NDS 4: the doubles are two q vectors, the mask one.
  VariantABI M = abi("_ZGVnM4vv_m", F64, {F32, F64}, CallingConv::C, 32);
  EXPECT_EQ(str(M.FnTy), "[2 x <2 x double>] (<4 x float>, [2 x <2 x "
                         "double>], <4 x i32>)");
  EXPECT_EQ(M.Params[1].NumPieces, 2u);
  EXPECT_EQ(M.Params[1].NumArgs, 1u);
  EXPECT_FALSE(M.ReturnsInMemory());
  // A uniform char pointer made NDS 1: byte mask lanes.
  EXPECT_EQ(str(abi("_ZGVnM16ul_u", F32, {Ptr, I32}, CallingConv::C, 8).FnTy),
            "[4 x <4 x float>] (ptr, i32, <16 x i8>)");
  // Padded short vectors.
  EXPECT_EQ(str(abi("_ZGVnM2v_s", I16, {I16}, CallingConv::C, 16).FnTy),
            "float (float, float)");
  EXPECT_EQ(str(abi("_ZGVnN2v_c", I8, {I8}).FnTy), "half (half)");
}

// What the vector PCS cannot carry as the ABI says is refused, with why.
TEST_F(VariantABITest, AdvSIMDLimits) {
  auto Why = [&](StringRef Name, Type *Ret, ArrayRef<Type *> Params,
                 CallingConv::ID CC = CallingConv::C) {
    FunctionType *FTy = FunctionType::get(Ret, Params, false);
    std::optional<VFInfo> Info = VFABI::tryDemangleForVFABI(Name, FTy);
    Expected<VariantABI> A = computeVariantABI(*Info, FTy, CC, 8);
    return A ? std::string() : toString(A.takeError());
  };
  EXPECT_NE(Why("_ZGVnN16v_d", F64, {F64}).find("more than four q registers"),
            std::string::npos);
  EXPECT_NE(Why("_ZGVnN1v_c", I8, {I8}).find("one byte"), std::string::npos);
  EXPECT_NE(Why("_ZGVnN4v_f", F32, {F32}, CallingConv::Win64)
                .find("calling convention"),
            std::string::npos);
  EXPECT_EQ(Why("_ZGVnN4v_f", F32, {F32}), "");
}

TEST_F(VariantABITest, ScalarClasses) {
  EXPECT_EQ(classifyScalar(Ptr)->Bits, 64u);
  EXPECT_TRUE(classifyScalar(Ptr)->IsPointer);
  EXPECT_EQ(classifyScalar(Type::getInt1Ty(Ctx))->Bits, 8u);
  EXPECT_TRUE(classifyScalar(F64)->IsFloat);
  EXPECT_FALSE(classifyScalar(Type::getX86_FP80Ty(Ctx)).has_value());
  EXPECT_FALSE(classifyScalar(Type::getInt128Ty(Ctx)).has_value());
  EXPECT_FALSE(classifyScalar(Type::getHalfTy(Ctx)).has_value());
}

TEST_F(VariantABITest, CharacteristicType) {
  // Return type first, then the first vector parameter, else int.
  VariantABI A = abi("_ZGVbN2uv_f", Void, {F32, F64});
  EXPECT_EQ(A.CDT, F64);
  VariantABI B = abi("_ZGVbN4ul_g", Void, {Ptr, I32});
  EXPECT_EQ(B.CDT, I32);
  VariantABI C = abi("_ZGVbN2v_h", I64, {F32});
  EXPECT_EQ(C.CDT, I64);
}

TEST_F(VariantABITest, VectorParamsSplitPerOwnType) {
  // double f(float, int) on d, VLEN 4: the float vector fits one xmm
  // (4 x 32 bits), the int vector one xmm; the return one ymm.
  VariantABI A = abi("_ZGVdN4vv_f", F64, {F32, I32});
  EXPECT_EQ(str(A.FnTy), "<4 x double> (<4 x float>, <4 x i32>)");
  // VLEN 16 floats on b: four xmm pieces, float return in memory.
  VariantABI B = abi("_ZGVbN16v_g", F32, {F32});
  EXPECT_EQ(B.Params[0].NumPieces, 4u);
  EXPECT_TRUE(B.ReturnsInMemory());
  EXPECT_EQ(str(B.FnTy), "void (ptr, <4 x float>, <4 x float>, <4 x float>, "
                         "<4 x float>)");
}

TEST_F(VariantABITest, AVXIntegerIsHalfWidth) {
  // clang promises _ZGVcN8v_isq; with GCC's 128-bit integer registers the
  // argument is two xmm pieces and the 256-bit return goes to memory.
  VariantABI A = abi("_ZGVcN8v_isq", I32, {I32});
  EXPECT_EQ(str(A.FnTy), "void (ptr, <4 x i32>, <4 x i32>)");
  VariantABI G = abi("_ZGVcN4v_isq", I32, {I32});
  EXPECT_EQ(str(G.FnTy), "<4 x i32> (<4 x i32>)");
}

TEST_F(VariantABITest, PointersAreI64Vectors) {
  VariantABI A = abi("_ZGVdN4v_p", Ptr, {Ptr});
  EXPECT_EQ(str(A.FnTy), "<4 x i64> (<4 x i64>)");
}

TEST_F(VariantABITest, UniformAndLinearStayScalar) {
  VariantABI A = abi("_ZGVdN8ul4_f", F32, {Ptr, Ptr});
  EXPECT_EQ(str(A.FnTy), "<8 x float> (ptr, ptr)");
  EXPECT_EQ(A.Params[1].Kind, VFParamKind::OMP_Linear);
  EXPECT_EQ(A.Params[1].StepOrPos, 4);
  VariantABI N = abi("_ZGVbN4ln2_f", I32, {I32});
  EXPECT_EQ(N.Params[0].StepOrPos, -2);
}

TEST_F(VariantABITest, MasksBCDAreCDTVectors) {
  VariantABI B = abi("_ZGVbM4v_f", F32, {F32});
  EXPECT_EQ(str(B.FnTy), "<4 x float> (<4 x float>, <4 x float>)");
  VariantABI C = abi("_ZGVcM4v_d", F64, {F64});
  EXPECT_EQ(str(C.FnTy), "<4 x double> (<4 x double>, <4 x double>)");
  VariantABI D = abi("_ZGVdM32v_c", I8, {I8});
  EXPECT_EQ(str(D.FnTy), "<32 x i8> (<32 x i8>, <32 x i8>)");
  // Pointer CDT: the mask is a vector of 64-bit integers.
  VariantABI P = abi("_ZGVbM2v_p", Ptr, {Ptr});
  EXPECT_EQ(str(P.FnTy), "<2 x i64> (<2 x i64>, <2 x i64>)");
  // simdlen 8 floats on b: two data pieces and two mask pieces.
  VariantABI W = abi("_ZGVbM8v_w", F32, {F32});
  EXPECT_EQ(W.NumMaskPieces, 2u);
  EXPECT_EQ(W.FirstMaskArg, 3u); // after ret pointer + two data pieces
}

TEST_F(VariantABITest, MasksEAreIntegersInGPRs) {
  VariantABI F = abi("_ZGVeM16v_f", F32, {F32});
  EXPECT_EQ(str(F.FnTy), "<16 x float> (<16 x float>, i32)");
  VariantABI D = abi("_ZGVeM8v_d", F64, {F64});
  EXPECT_EQ(str(D.MaskPieceTy), "i32");
  VariantABI C = abi("_ZGVeM64v_c", I8, {I8});
  EXPECT_EQ(str(C.MaskPieceTy), "i64");
  VariantABI S = abi("_ZGVeM32v_s", I16, {I16});
  EXPECT_EQ(str(S.MaskPieceTy), "i32");
  EXPECT_EQ(S.MaskLanesPerPiece, 32u);
  // simdlen 32 floats: two masks of 16 valid bits each.
  VariantABI W = abi("_ZGVeM32v_w", F32, {F32});
  EXPECT_EQ(W.NumMaskPieces, 2u);
  EXPECT_EQ(W.MaskLanesPerPiece, 16u);
  EXPECT_EQ(W.MaxVectorBits, 512u);
}

TEST_F(VariantABITest, LinearValPassesAddresses) {
  // gcc 12 passes linear(val(r)) as a vector of the lanes' addresses.
  VariantABI A = abi("_ZGVbN4R4LU__Z4refsRiS_S_", I32, {Ptr, Ptr, Ptr});
  EXPECT_EQ(str(A.FnTy), "<4 x i32> (ptr, <2 x i64>, <2 x i64>, ptr)");
}

TEST_F(VariantABITest, RejectsWhatTheABICannotExpress) {
  FunctionType *FTy =
      FunctionType::get(Type::getX86_FP80Ty(Ctx), {F32}, false);
  std::optional<VFInfo> Info = VFABI::tryDemangleForVFABI("_ZGVbN4v_ld", FTy);
  ASSERT_TRUE(Info.has_value());
  Expected<VariantABI> A = computeVariantABI(*Info, FTy);
  ASSERT_FALSE(bool(A));
  EXPECT_NE(toString(A.takeError()).find("return type"), std::string::npos);

  FunctionType *LinF = FunctionType::get(F32, {F32}, false);
  Info = VFABI::tryDemangleForVFABI("_ZGVbN4l_lf", LinF);
  ASSERT_TRUE(Info.has_value());
  A = computeVariantABI(*Info, LinF);
  ASSERT_FALSE(bool(A));
  EXPECT_NE(toString(A.takeError()).find("floating-point"), std::string::npos);
}

} // namespace
