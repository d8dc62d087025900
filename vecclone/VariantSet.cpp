//===- VariantSet.cpp - The vector variants a function promises -----------===//
//
/// \file
/// Parsing and validation of `_ZGV` attributes. LLVM's demangler does the
/// parsing; this file adds the reasons a user needs when it says no, the
/// zero-parameter case the demangler rejects, and GCC's `c` names.
//
//===----------------------------------------------------------------------===//

#include "vecclone/VariantSet.h"
#include "vecclone/PointeeTypes.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Module.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace vecclone {

bool isVariantAttribute(StringRef Attr) { return Attr.starts_with("_ZGV"); }

bool hasVariantAttributes(const Function &F) {
  return any_of(F.getAttributes().getFnAttrs(), [](const Attribute &A) {
    return A.isStringAttribute() && isVariantAttribute(A.getKindAsString());
  });
}

static Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Header of a mangled name: `_ZGV <isa> <mask> <vlen> <params> _ <name>`.
struct NameParts {
  char ISA = 0;
  bool Masked = false;
  unsigned VLen = 0;
  bool Scalable = false; ///< SVE's `x`.
  StringRef Params;
  StringRef ScalarName;
};

/// Splits the name without interpreting parameter tokens; the checks here are
/// the ones whose failure the demangler would not explain.
static Expected<NameParts> splitName(StringRef Name) {
  NameParts P;
  StringRef S = Name;
  if (!S.consume_front("_ZGV"))
    return fail("does not start with _ZGV");
  if (S.empty())
    return fail("ends after _ZGV");
  P.ISA = S.front();
  if (!isaFromLetter(P.ISA))
    return fail(Twine("ISA class '") + Twine(P.ISA) +
                "' is not a class of the vector ABI (x86: b, c, d, e; "
                "AArch64: n, s)");
  S = S.drop_front();
  if (S.empty() || (S.front() != 'N' && S.front() != 'M'))
    return fail("mask token must be N or M");
  P.Masked = S.front() == 'M';
  S = S.drop_front();
  size_t Digits = S.find_first_not_of("0123456789");
  // SVE's vector-length agnostic variants: VLen 0 with Scalable.
  if (Digits == 0 && P.ISA == 's' && S.consume_front("x")) {
    P.Scalable = true;
    Digits = 0;
  } else if (Digits == 0)
    return fail(Twine("vector length must be a decimal number (scalable 'x' "
                     "is not valid on ") +
                (isX86(*isaFromLetter(P.ISA)) ? "x86" : "AdvSIMD") + ")");
  if (P.Scalable) {
    // Nothing to read: the lanes are vscale times the signature's.
  } else if (Digits == StringRef::npos ||
             S.take_front(Digits).getAsInteger(10, P.VLen))
    return fail("vector length is missing or malformed");
  else if (P.VLen == 0)
    return fail("vector length 0: the characteristic type (a vector or "
                "aggregate) is wider than the class's registers and has no "
                "vector form");
  if (!P.Scalable && (!isPowerOf2_32(P.VLen) || P.VLen > 1024))
    return fail("vector length " + Twine(S.take_front(Digits)) +
                " is not a power of two between 1 and 1024");
  S = S.drop_front(Digits);
  size_t Sep = S.find('_');
  if (Sep == StringRef::npos)
    return fail("has no '_' before the scalar name");
  P.Params = S.take_front(Sep);
  P.ScalarName = S.drop_front(Sep + 1);
  // A `(redirect)` suffix only appears in LLVM-internal mappings.
  P.ScalarName = P.ScalarName.take_until([](char C) { return C == '('; });
  return P;
}

/// The vector length token of \p P: its decimal length, or SVE's `x`.
static std::string vlenToken(const NameParts &P) {
  return P.Scalable ? "x" : utostr(P.VLen);
}

StringRef variantScalarName(StringRef Name) {
  Expected<NameParts> P = splitName(Name);
  if (!P) {
    consumeError(P.takeError());
    return "";
  }
  return P->ScalarName;
}

/// Splits a parameter string into one token per parameter (`v`, `u`, `l4`,
/// `ln2`, `ls1`, `R4`, ... each with its `a<N>` suffix).
static SmallVector<StringRef, 8> paramTokens(StringRef Params) {
  SmallVector<StringRef, 8> Out;
  size_t I = 0;
  while (I < Params.size()) {
    size_t Start = I++;
    auto Digits = [&] {
      while (I < Params.size() && isDigit(Params[I]))
        ++I;
    };
    if (I < Params.size() && (Params[I] == 's' || Params[I] == 'n'))
      ++I;
    Digits();
    if (I < Params.size() && Params[I] == 'a') {
      ++I;
      Digits();
    }
    Out.push_back(Params.slice(Start, I));
  }
  return Out;
}

SmallVector<StringRef, 8> variantParamTokens(StringRef Name) {
  Expected<NameParts> P = splitName(Name);
  if (!P) {
    consumeError(P.takeError());
    return {};
  }
  return paramTokens(P->Params);
}

Expected<VFInfo> parseVariantName(StringRef Name, const Function &F) {
  Expected<NameParts> Parts = splitName(Name);
  if (!Parts)
    return Parts.takeError();
  if (Parts->ScalarName != F.getName())
    return fail("names function '" + Parts->ScalarName +
                "' but is attached to '" + F.getName() + "'");

  FunctionType *FTy = F.getFunctionType();
  if (FTy->getNumParams() == 0) {
    // LLVM's demangler refuses names without parameter tokens; GCC and clang
    // emit them for functions without parameters (`_ZGVbN4_f`).
    if (!Parts->Params.empty())
      return fail("has parameter tokens '" + Parts->Params +
                  "' but the function has no parameters");
    // LLVM reads an SVE variant's lane count off its vector parameters.
    if (Parts->Scalable)
      return fail("an SVE variant of a function without parameters has no "
                  "lane count LLVM can tell");
    VFInfo Info;
    Info.ISA = static_cast<VFISAKind>(0);
    switch (*isaFromLetter(Parts->ISA)) {
    case ISAClass::SVE:
      Info.ISA = VFISAKind::SVE;
      break;
    case ISAClass::AdvSIMD:
      Info.ISA = VFISAKind::AdvancedSIMD;
      break;
    case ISAClass::SSE:
      Info.ISA = VFISAKind::SSE;
      break;
    case ISAClass::AVX:
      Info.ISA = VFISAKind::AVX;
      break;
    case ISAClass::AVX2:
      Info.ISA = VFISAKind::AVX2;
      break;
    case ISAClass::AVX512:
      Info.ISA = VFISAKind::AVX512;
      break;
    }
    Info.Shape.VF = ElementCount::getFixed(Parts->VLen);
    if (Parts->Masked)
      Info.Shape.Parameters.push_back({0, VFParamKind::GlobalPredicate});
    Info.ScalarName = F.getName().str();
    Info.VectorName = Name.str();
    return Info;
  }

  std::optional<VFInfo> Info = VFABI::tryDemangleForVFABI(Name, FTy);
  if (Info)
    return *Info;
  // LLVM counts an SVE variant's lanes from its element types, and has no
  // lane count for `_Bool` (i1) ones.
  if (Parts->Scalable &&
      (FTy->getReturnType()->isIntegerTy(1) ||
       any_of(FTy->params(), [](Type *T) { return T->isIntegerTy(1); })))
    return fail("LLVM gives an SVE variant with a _Bool parameter or "
                "result no lane count");
  // Clang names one token per source parameter; a `_Complex` or small
  // struct parameter arrives as several IR parameters.
  size_t Tokens = paramTokens(Parts->Params).size();
  return fail("parameter tokens '" + Parts->Params + "' do not describe the " +
              Twine(FTy->getNumParams()) + " parameter(s) of '" + F.getName() +
              "'" +
              (Tokens < FTy->getNumParams()
                   ? ": a parameter passed in parts (_Complex, a small "
                     "struct) has no vector form"
                   : ""));
}

/// True if \p R comes from a pragma without `simdlen`: its SSE sibling
/// (same mask and parameters; clang promises every x86 class for each
/// pragma) has clang's default SSE length. The `c` name alone cannot tell:
/// `simdlen(8)` on an int function gives clang's default `c` length too.
static bool hasDefaultLength(const VariantRequest &R,
                             ArrayRef<VariantRequest> Requests,
                             const ScalarClass &C) {
  unsigned SSELen = clangRegisterBits(ISAClass::SSE, C.IsFloat) / C.Bits;
  ISAClass ISA = *isaFromVFISA(R.Info.ISA);
  if (R.Info.Shape.VF.getFixedValue() != clangRegisterBits(ISA, C.IsFloat) / C.Bits)
    return false;
  return any_of(Requests, [&](const VariantRequest &S) {
    return S.Info.ISA == VFISAKind::SSE && S.Info.isMasked() == R.Info.isMasked() &&
           S.Info.Shape.Parameters == R.Info.Shape.Parameters &&
           S.Info.Shape.VF.getFixedValue() == SSELen;
  });
}

/// Aggregates passed in memory (byval and friends) have no vector form; GCC
/// also refuses them ("unsupported argument type").
static std::string memoryPassedParam(const Function &F) {
  for (const Argument &A : F.args())
    if (A.hasByValAttr() || A.hasByRefAttr() || A.hasInAllocaAttr() ||
        A.hasPreallocatedAttr() || A.hasStructRetAttr())
      return ("parameter " + Twine(A.getArgNo() + 1) +
              " is an aggregate passed in memory, which has no vector form")
          .str();
  return {};
}


/// Names GCC spells differently from clang for the same variant:
///  - `aligned(p)` without an alignment: GCC ignores the clause on x86 and
///    emits no `a<N>` token, clang emits its default alignment;
///  - a negative constant `linear` step on an unsigned integer: GCC mangles
///    the step converted to the unsigned type (`l4294967294` for -2 on an
///    `unsigned int`). The IR does not say whether an integer is unsigned,
///    so the GCC spelling is defined for every integer parameter; a signed
///    one's GCC name never has it, and the extra symbol costs nothing;
///  - `linear(val)` on a reference to a pointer: GCC counts the step in
///    bytes of the pointee (`L4` for `float *&p`), clang in elements (`L`).
///    The variant receives each lane's address either way.
/// Both spellings describe the same call, so each gets the same body (the
/// unaligned one without the alignment promise).
/// (a) The tokens without `a<N>`, or nothing when none has one.
static std::optional<std::string> unalignedSpelling(ArrayRef<StringRef> Tokens) {
  std::string Out;
  bool Changed = false;
  for (StringRef T : Tokens) {
    size_t A = T.find('a');
    Changed |= A != StringRef::npos;
    Out += T.substr(0, A).str();
  }
  return Changed ? std::optional(Out) : std::nullopt;
}

/// (b) Negative constant steps on integers as gcc's unsigned spelling.
static std::optional<std::string> unsignedStepSpelling(const Function &F,
                                                       ArrayRef<StringRef> Tokens) {
  std::string Out;
  bool Changed = false;
  for (auto [I, T] : enumerate(Tokens)) {
    Type *Ty = F.getArg(I)->getType();
    uint64_t Step;
    if (T.starts_with("ln") && Ty->isIntegerTy() &&
        !T.drop_front(2).take_while(isDigit).getAsInteger(10, Step)) {
      APInt U = -APInt(Ty->getIntegerBitWidth(), Step);
      Out += "l" + toString(U, 10, /*Signed=*/false) +
             T.drop_front(2).drop_while(isDigit).str();
      Changed = true;
      continue;
    }
    Out += T.str();
  }
  return Changed ? std::optional(Out) : std::nullopt;
}

/// (c) Constant `L` steps on references to pointers counted in bytes of
/// what the pointer points to.
static std::optional<std::string> byteStepSpelling(const Function &F,
                                                   ArrayRef<StringRef> Tokens) {
  std::string Out;
  bool Changed = false;
  for (auto [I, T] : enumerate(Tokens)) {
    StringRef Digits = T.drop_front(1).take_while(isDigit);
    uint64_t Step = 1;
    Type *Inner = T.starts_with("L") && !T.starts_with("Ln") &&
                          !T.starts_with("Ls")
                      ? innerPointeeType(*F.getArg(I))
                      : nullptr;
    if (!Inner || !Inner->isSized() ||
        (!Digits.empty() && Digits.getAsInteger(10, Step))) {
      Out += T.str();
      continue;
    }
    uint64_t Bytes = Step * F.getDataLayout().getTypeAllocSize(Inner);
    Out += "L" + utostr(Bytes) + T.drop_front(1 + Digits.size()).str();
    Changed |= Bytes != Step;
  }
  return Changed ? std::optional(Out) : std::nullopt;
}

static void addGCCSpellings(const Function &F, FunctionVariants &Result,
                            StringSet<> &Seen) {
  SmallVector<VariantRequest, 4> Extra;
  for (const VariantRequest &R : Result.Requests) {
    Expected<NameParts> Parts = splitName(R.Name);
    if (!Parts) {
      consumeError(Parts.takeError());
      continue;
    }
    SmallVector<StringRef, 8> Tokens = paramTokens(Parts->Params);
    if (Tokens.size() != F.arg_size())
      continue;
    auto Add = [&](const std::optional<std::string> &Params, bool Unaligned) {
      if (!Params)
        return;
      std::string Name = (Twine("_ZGV") + Twine(Parts->ISA) +
                          (Parts->Masked ? "M" : "N") + vlenToken(*Parts) +
                          *Params + "_" + F.getName())
                             .str();
      if (!Seen.insert(Name).second)
        return;
      VariantRequest G{Name, R.Info, true, true};
      G.MaskBits = R.MaskBits;
      if (Unaligned)
        for (VFParameter &P : G.Info.Shape.Parameters)
          P.Alignment = Align();
      G.Info.VectorName = Name;
      Extra.push_back(std::move(G));
    };
    Add(unalignedSpelling(Tokens), /*Unaligned=*/true);
    Add(unsignedStepSpelling(F, Tokens), false);
    Add(byteStepSpelling(F, Tokens), false);
  }
  Result.Requests.append(Extra.begin(), Extra.end());
}

static void addGCCLengths(const Function &F, FunctionVariants &Result,
                          StringSet<> &Seen);

/// Whether the pragma of \p Parts had no simdlen, for a void function whose
/// characteristic type clang took from a phantom `this` pointer: clang then
/// promised 2 lanes of class b and 4 of class d for the same mask and
/// parameters (an explicit simdlen gives every class the same length).
static bool hasPointerDefaultLengths(const Function &F,
                                     const NameParts &Parts) {
  auto Promised = [&](char ISA) {
    unsigned Lanes = clangRegisterBits(*isaFromLetter(ISA), false) / 64;
    std::string Name = (Twine("_ZGV") + Twine(ISA) +
                        (Parts.Masked ? "M" : "N") + Twine(Lanes) +
                        Parts.Params + "_" + F.getName())
                           .str();
    return F.hasFnAttribute(Name);
  };
  return Promised('b') && Promised('d');
}

/// Clang 22 mangles a `v` token for `this` into the names of static member
/// functions, which have no `this`: such a name has one token more than the
/// function has parameters, and no caller can use it. gcc's name for a
/// pragma without clauses drops the token. Positions in `ls`/`Rs`/`Ls`/`Us`
/// tokens are counted without it, and when the return is void clang's
/// length came from the phantom pointer: the default length then follows
/// the real first vector parameter. (gcc 12 itself shifts the clauses of a
/// static member by one parameter; with clauses its names cannot be met.)
/// Returns the name without the phantom, or an empty string for any other
/// name.
static std::string staticMemberName(StringRef Name, const Function &F) {
  Expected<NameParts> Parts = splitName(Name);
  if (!Parts) {
    consumeError(Parts.takeError());
    return {};
  }
  SmallVector<StringRef, 8> Tokens = paramTokens(Parts->Params);
  FunctionType *FTy = F.getFunctionType();
  if (!F.getName().starts_with("_ZN") ||
      Tokens.size() != FTy->getNumParams() + 1 || Tokens.front() != "v")
    return {};
  std::string Rest;
  SmallVector<VFParamKind, 8> Kinds;
  for (StringRef T : drop_begin(Tokens)) {
    Kinds.push_back(T.front() == 'v' ? VFParamKind::Vector
                                     : VFParamKind::OMP_Uniform);
    unsigned Pos;
    if (T.size() > 1 && T[1] == 's') {
      StringRef Digits = T.drop_front(2).take_while(isDigit);
      if (Digits.getAsInteger(10, Pos) || Pos == 0)
        return {};
      Rest += (T.take_front(2) + utostr(Pos - 1) +
               T.drop_front(2 + Digits.size()))
                  .str();
      continue;
    }
    Rest += T.str();
  }
  std::string VLen = vlenToken(*Parts);
  ISAClass ISA = *isaFromLetter(Parts->ISA);
  if (!Parts->Scalable && FTy->getReturnType()->isVoidTy() &&
      hasPointerDefaultLengths(F, *Parts))
    if (std::optional<ScalarClass> C =
            classifyScalar(characteristicType(FTy, Kinds)))
      VLen = utostr(clangRegisterBits(ISA, C->IsFloat) / C->Bits);
  return (Twine("_ZGV") + Twine(Parts->ISA) + (Parts->Masked ? "M" : "N") +
          VLen + Rest + "_" + F.getName())
      .str();
}

static SmallVector<VFParamKind, 8> paramKinds(const VFInfo &Info) {
  SmallVector<VFParamKind, 8> Kinds;
  for (const VFParameter &P : Info.Shape.Parameters)
    if (P.ParamKind != VFParamKind::GlobalPredicate)
      Kinds.push_back(P.ParamKind);
  return Kinds;
}

/// The narrowest data size, in bits, that clang's own lengths for the
/// pragma of \p Name show, or 0: without simdlen clang promises 128/NDS and
/// 64/NDS lanes (a q and a d register of the narrowest type) for the same
/// mask and parameters.
static unsigned ndsFromClangLengths(const Function &F, StringRef Name) {
  Expected<NameParts> Parts = splitName(Name);
  if (!Parts) {
    consumeError(Parts.takeError());
    return 0;
  }
  SmallSet<unsigned, 4> Lens;
  for (const Attribute &A : F.getAttributes().getFnAttrs()) {
    if (!A.isStringAttribute() || !A.getKindAsString().starts_with("_ZGVn"))
      continue;
    Expected<NameParts> Other = splitName(A.getKindAsString());
    if (!Other) {
      consumeError(Other.takeError());
      continue;
    }
    if (Other->Params == Parts->Params && Other->Masked == Parts->Masked)
      Lens.insert(Other->VLen);
  }
  if (Lens.size() != 2)
    return 0;
  unsigned Max = std::max(*Lens.begin(), *std::next(Lens.begin()));
  if (!Lens.count(Max / 2) || (Max != 4 && Max != 8 && Max != 16))
    return 0;
  return 128 / Max;
}

unsigned advSIMDMaskBits(const Function &F, const VFInfo &Info,
                         bool *Certain) {
  if (Certain)
    *Certain = true;
  // vfabia64 counts what a uniform or linear pointer points to, which
  // opaque pointers do not tell (a `char *` indexed by a variable is an i8
  // GEP like any byte offset): clang's lengths, which it computed from the
  // source types, decide.
  if (unsigned FromNames = ndsFromClangLengths(F, Info.VectorName))
    return FromNames;
  // A `simdlen` pragma names one length: the types decide. A pointer's
  // pointee comes from the declaration when the front-end plugin recorded
  // it, else from a definition's body; a declaration's pointers, and those
  // the body does not use, count 8 bytes, a guess (Certain false).
  unsigned NDS = 64;
  auto Note = [&](Type *Ty) {
    if (std::optional<ScalarClass> C = classifyScalar(Ty))
      NDS = std::min(NDS, C->Bits);
  };
  if (!F.getReturnType()->isVoidTy())
    Note(F.getReturnType());
  for (auto [I, K] : enumerate(paramKinds(Info))) {
    const Argument *A = F.getArg(I);
    bool ScalarPassedPointer = A->getType()->isPointerTy() &&
                               K != VFParamKind::Vector &&
                               K != VFParamKind::OMP_LinearVal &&
                               K != VFParamKind::OMP_LinearValPos;
    if (!ScalarPassedPointer) {
      Note(A->getType());
      continue;
    }
    // Clang 22 counts a C++ reference as 8 bytes whatever it refers to
    // (measured: `float f(float, signed char &)` gets 2 and 4 lanes for
    // uniform, ref, val and uval references alike).
    if (isReferenceParam(*A))
      continue;
    if (std::optional<unsigned> Bits = declaredPointeeBits(*A)) {
      NDS = std::min(NDS, *Bits);
      continue;
    }
    Type *Pointee = nullptr;
    if (!F.isDeclaration()) {
      Pointee = knownPointeeType(*A);
      if (!Pointee)
        Pointee = accessedScalarType(*A);
    }
    if (!Pointee) {
      if (Certain)
        *Certain = false;
      continue;
    }
    // A pointer to an aggregate counts as a pointer (vfabia64's uintptr_t).
    if (classifyScalar(Pointee))
      Note(Pointee);
  }
  return NDS;
}

/// The element size in bits of gcc 12's AdvSIMD clones of \p F with
/// parameter kinds \p Kinds, or 0 when gcc 12 makes none ("mixed size
/// types"): the CDT's, which the return value and every parameter but the
/// uniform ones must share.
static unsigned gcc12AdvSIMDBits(const Function &F,
                                 ArrayRef<VFParamKind> Kinds) {
  FunctionType *FTy = F.getFunctionType();
  std::optional<ScalarClass> C = classifyScalar(characteristicType(FTy, Kinds));
  if (!C)
    return 0;
  auto SameSize = [&](Type *T) {
    std::optional<ScalarClass> D = classifyScalar(T);
    return D && D->Bits == C->Bits;
  };
  if (!FTy->getReturnType()->isVoidTy() && !SameSize(FTy->getReturnType()))
    return 0;
  for (auto [I, K] : enumerate(Kinds))
    if (K != VFParamKind::OMP_Uniform && !SameSize(FTy->getParamType(I)))
      return 0;
  return C->Bits;
}

/// gcc 12 defines an AdvSIMD clone of \p VLen lanes of \p Bits-bit
/// elements only in a d or a q register.
static bool gcc12Defines(unsigned Bits, unsigned VLen) {
  return Bits && (VLen * Bits == 64 || VLen * Bits == 128);
}

/// gcc 12 sizes AdvSIMD clones by the CDT, not the narrowest data size,
/// and adds a 64-bit vector (one lane of a 64-bit type) to the 128-bit one.
/// For each pragma without simdlen gcc's names are added; clang's names
/// gcc lacks are marked (GCCLacks).
static void addGCCAdvSIMDLengths(const Function &F, FunctionVariants &Result,
                                 StringSet<> &Seen) {
  SmallVector<VariantRequest, 4> Extra;
  for (VariantRequest &R : Result.Requests) {
    if (R.Info.ISA != VFISAKind::AdvancedSIMD || R.AddedForGCC)
      continue;
    unsigned Bits = gcc12AdvSIMDBits(F, paramKinds(R.Info));
    unsigned VLen = R.Info.Shape.VF.getFixedValue();
    R.GCCLacks = Bits && !gcc12Defines(Bits, VLen);
    // A pragma without simdlen: clang promised a q and a d register of the
    // narrowest type (one may have been refused as too wide, 16 lanes of a
    // 64-bit return), or 2 lanes of a 64-bit one, where simdlen(2) looks
    // the same and gcc's extra 1-lane name is never called. Other names
    // added for a simdlen pragma would be called and missing in gcc's
    // objects.
    bool Default = ndsFromClangLengths(F, R.Name) ||
                   (R.MaskBits == 64 && VLen == 2);
    if (!Bits || !Default)
      continue;
    Expected<NameParts> Parts = splitName(R.Name);
    if (!Parts) {
      consumeError(Parts.takeError());
      continue;
    }
    for (unsigned Len : {64 / Bits, 128 / Bits}) {
      std::string Name = (Twine("_ZGVn") + (Parts->Masked ? "M" : "N") +
                          Twine(Len) + Parts->Params + "_" + F.getName())
                             .str();
      if (!Seen.insert(Name).second)
        continue;
      VariantRequest G{Name, R.Info, true};
      G.Info.Shape.VF = ElementCount::getFixed(Len);
      G.Info.VectorName = Name;
      G.MaskBits = Bits;
      Extra.push_back(std::move(G));
    }
  }
  Result.Requests.append(Extra.begin(), Extra.end());
}

FunctionVariants collectVariants(const Function &F, bool AddGCCNames) {
  FunctionVariants Result;
  StringSet<> Seen;
  std::string InMemory = memoryPassedParam(F);
  Triple TT(F.getParent()->getTargetTriple());
  for (const Attribute &A : F.getAttributes().getFnAttrs()) {
    if (!A.isStringAttribute() || !isVariantAttribute(A.getKindAsString()))
      continue;
    std::string GCCName = staticMemberName(A.getKindAsString(), F);
    StringRef Name = GCCName.empty() ? A.getKindAsString() : GCCName;
    if (!Seen.insert(Name).second)
      continue;
    if (!InMemory.empty()) {
      Result.Rejected.push_back({Name.str(), InMemory});
      continue;
    }
    Expected<VFInfo> Info = parseVariantName(Name, F);
    if (!Info) {
      Result.Rejected.push_back({Name.str(), toString(Info.takeError())});
      continue;
    }
    ISAClass ISA = *isaFromVFISA(Info->ISA);
    if (!isaMatchesTriple(ISA, TT)) {
      Result.Rejected.push_back(
          {Name.str(), (Twine(isaName(ISA)) + " variant in a module for " +
                        TT.getArchName())
                           .str()});
      continue;
    }
    bool MaskCertain = true;
    unsigned MaskBits =
        ISA == ISAClass::AdvSIMD ? advSIMDMaskBits(F, *Info, &MaskCertain) : 0;
    // Signature problems (types, kinds) are reported per attribute too.
    Expected<VariantABI> ABI = computeVariantABI(
        *Info, F.getFunctionType(), F.getCallingConv(), MaskBits);
    if (!ABI) {
      Result.Rejected.push_back({Name.str(), toString(ABI.takeError())});
      continue;
    }
    VariantRequest Req{Name.str(), std::move(*Info), false};
    Req.MaskBits = MaskBits;
    Req.MaskUncertain = !MaskCertain;
    Result.Requests.push_back(std::move(Req));
  }
  if (!AddGCCNames || Result.Requests.empty())
    return Result;
  addGCCLengths(F, Result, Seen);
  addGCCAdvSIMDLengths(F, Result, Seen);
  addGCCSpellings(F, Result, Seen);
  return Result;
}

static void addGCCLengths(const Function &F, FunctionVariants &Result,
                          StringSet<> &Seen) {

  // Clang 22 sizes `c` variants with 256-bit registers for every type; GCC
  // (and the Intel ABI) use 128 bits for integer and pointer CDTs. Without an
  // explicit simdlen, a GCC caller looks for half clang's length, so define
  // that name too, for each pragma without simdlen.
  SmallVector<VFParamKind, 8> Kinds = paramKinds(Result.Requests.front().Info);
  Type *CDT = characteristicType(F.getFunctionType(), Kinds);
  ScalarClass C = *classifyScalar(CDT);
  if (C.IsFloat)
    return;
  unsigned GCCLen = registerBits(ISAClass::AVX, false) / C.Bits;
  SmallVector<VariantRequest, 4> Extra;
  for (const VariantRequest &R : Result.Requests) {
    if (R.Info.ISA != VFISAKind::AVX || R.AddedForGCC ||
        !hasDefaultLength(R, Result.Requests, C))
      continue;
    Expected<NameParts> Parts = splitName(R.Name);
    if (!Parts) {
      consumeError(Parts.takeError());
      continue;
    }
    std::string GCCName = (Twine("_ZGVc") + (Parts->Masked ? "M" : "N") +
                           Twine(GCCLen) + Parts->Params + "_" + F.getName())
                              .str();
    if (!Seen.insert(GCCName).second)
      continue;
    VariantRequest G{GCCName, R.Info, true};
    G.Info.Shape.VF = ElementCount::getFixed(GCCLen);
    G.Info.VectorName = GCCName;
    Extra.push_back(std::move(G));
  }
  Result.Requests.append(Extra.begin(), Extra.end());
}

} // namespace vecclone
