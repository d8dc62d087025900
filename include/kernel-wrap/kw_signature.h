//===- kw_signature.h - A kernel's parameter list, parsed -------*- C++ -*-===//
//
/// \file
/// kernel-wrap emits each kernel's parameters as a string (kw_abi.h's
/// KW_SIG_PREFIX, `kind:bytes:type:space:qualifiers:name` per parameter);
/// the runners check their arguments against it. One parser for kw-run and
/// the OpenCL platform.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_KW_SIGNATURE_H
#define KERNELWRAP_KW_SIGNATURE_H

#include <sstream>
#include <string>
#include <vector>

namespace kw {

/// One parameter of a kernel.
struct KernelParam {
  enum Kind { Buffer, Local, Value } K = Value;
  size_t Bytes = 0;       ///< A value's size (a struct's own size).
  std::string Type;       ///< The OpenCL type's name.
  unsigned Space = 0;     ///< OpenCL address space (2: __constant).
  std::string Qualifiers; ///< `const restrict volatile`, as given.
  std::string Name;       ///< Empty without -cl-kernel-arg-info.
};

/// The parameters in \p Sig (null or empty: none).
inline std::vector<KernelParam> parseSignature(const char *Sig) {
  std::vector<KernelParam> Params;
  if (!Sig || !*Sig)
    return Params;
  std::stringstream SS(Sig);
  std::string Item;
  while (std::getline(SS, Item, ';')) {
    std::vector<std::string> F;
    std::stringstream Fields(Item);
    for (std::string X; std::getline(Fields, X, ':');)
      F.push_back(X);
    F.resize(6);
    KernelParam P;
    P.K = F[0] == "buf"     ? KernelParam::Buffer
          : F[0] == "local" ? KernelParam::Local
                            : KernelParam::Value;
    P.Bytes = F[1].empty() ? 0 : std::stoull(F[1]);
    P.Type = F[2];
    P.Space = F[3].empty() ? 0 : std::stoul(F[3]);
    P.Qualifiers = F[4];
    P.Name = F[5];
    Params.push_back(P);
  }
  return Params;
}

} // namespace kw

#endif // KERNELWRAP_KW_SIGNATURE_H
