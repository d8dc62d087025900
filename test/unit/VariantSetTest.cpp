//===- VariantSetTest.cpp - Unit tests for _ZGV attribute handling --------===//

#include "vecclone/VariantSet.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace vecclone;

namespace {

class VariantSetTest : public ::testing::Test {
protected:
  LLVMContext Ctx;
  std::unique_ptr<Module> M;

  Function &parse(StringRef IR) {
    SMDiagnostic Err;
    M = parseAssemblyString(IR, Err, Ctx);
    EXPECT_TRUE(M) << Err.getMessage().str();
    return *M->begin();
  }

  static std::vector<std::string> names(const FunctionVariants &FV) {
    std::vector<std::string> Out;
    for (const VariantRequest &R : FV.Requests)
      Out.push_back(R.Name);
    return Out;
  }
};

TEST_F(VariantSetTest, AddsGCCNameForIntegerAVX) {
  Function &F = parse(R"(
    define i32 @isq(i32 %x) #0 { ret i32 %x }
    attributes #0 = { "_ZGVbN4v_isq" "_ZGVcN8v_isq" "_ZGVdN8v_isq" "_ZGVeN16v_isq" }
  )");
  FunctionVariants FV = collectVariants(F, /*AddGCCNames=*/true);
  EXPECT_TRUE(FV.Rejected.empty());
  std::vector<std::string> Expected = {"_ZGVbN4v_isq", "_ZGVcN8v_isq",
                                       "_ZGVdN8v_isq", "_ZGVeN16v_isq",
                                       "_ZGVcN4v_isq"};
  EXPECT_EQ(names(FV), Expected);
  EXPECT_TRUE(FV.Requests.back().AddedForGCC);
  EXPECT_EQ(names(collectVariants(F, false)).size(), 4u);
}

TEST_F(VariantSetTest, NoGCCNameForFloatOrExplicitSimdlen) {
  Function &F = parse(R"(
    define float @f(float %x) #0 { ret float %x }
    attributes #0 = { "_ZGVbN4v_f" "_ZGVcN8v_f" "_ZGVdN8v_f" "_ZGVeN16v_f" }
  )");
  EXPECT_EQ(collectVariants(F, true).Requests.size(), 4u);
  // simdlen(8) on an int function: every class already uses 8 lanes.
  Function &G = parse(R"(
    define i32 @g(i32 %x) #0 { ret i32 %x }
    attributes #0 = { "_ZGVbN8v_g" "_ZGVcN8v_g" "_ZGVdN8v_g" "_ZGVeN8v_g" }
  )");
  EXPECT_EQ(collectVariants(G, true).Requests.size(), 4u);
}

TEST_F(VariantSetTest, ZeroParameterFunctions) {
  Function &F = parse(R"(
    define i32 @nothing() #0 { ret i32 1 }
    attributes #0 = { "_ZGVbN4_nothing" "_ZGVeM16_nothing" }
  )");
  FunctionVariants FV = collectVariants(F, false);
  ASSERT_EQ(FV.Requests.size(), 2u);
  EXPECT_TRUE(FV.Requests[1].Info.isMasked());
}

TEST_F(VariantSetTest, MalformedNamesSayWhy) {
  Function &F = parse(R"(
    define float @f(float %x) #0 { ret float %x }
    attributes #0 = { "_ZGVqN4v_f" "_ZGVbX4v_f" "_ZGVbN3v_f" "_ZGVbNxv_f"
                      "_ZGVbN4vv_f" "_ZGVbN4v_g" "_ZGVbN4v" "_ZGVbN4v_f" }
  )");
  FunctionVariants FV = collectVariants(F, false);
  ASSERT_EQ(FV.Requests.size(), 1u);
  EXPECT_EQ(FV.Requests[0].Name, "_ZGVbN4v_f");
  ASSERT_EQ(FV.Rejected.size(), 7u);
  auto ReasonOf = [&](StringRef Attr) {
    for (const RejectedVariant &R : FV.Rejected)
      if (R.Attribute == Attr)
        return R.Reason;
    return std::string("<not rejected>");
  };
  EXPECT_NE(ReasonOf("_ZGVqN4v_f").find("not a class of the vector ABI"), std::string::npos);
  EXPECT_NE(ReasonOf("_ZGVbX4v_f").find("mask token"), std::string::npos);
  EXPECT_NE(ReasonOf("_ZGVbN3v_f").find("power of two"), std::string::npos);
  EXPECT_NE(ReasonOf("_ZGVbNxv_f").find("scalable"), std::string::npos);
  EXPECT_NE(ReasonOf("_ZGVbN4vv_f").find("1 parameter"), std::string::npos);
  EXPECT_NE(ReasonOf("_ZGVbN4v_g").find("names function 'g'"),
            std::string::npos);
  EXPECT_NE(ReasonOf("_ZGVbN4v").find("no '_'"), std::string::npos);
}

TEST_F(VariantSetTest, VariableStepMustBeUniform) {
  Function &F = parse(R"(
    define i32 @ls(i32 %a, i32 %s) #0 { ret i32 %a }
    attributes #0 = { "_ZGVbN4ls1u_ls" "_ZGVbN4ls1v_ls" }
  )");
  FunctionVariants FV = collectVariants(F, false);
  ASSERT_EQ(FV.Requests.size(), 1u);
  ASSERT_EQ(FV.Rejected.size(), 1u);
  EXPECT_NE(FV.Rejected[0].Reason.find("not a uniform"), std::string::npos);
}

} // namespace
