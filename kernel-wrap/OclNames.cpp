//===- OclNames.cpp - Itanium names of OpenCL builtins --------------------===//

#include "OclNames.h"

using namespace llvm;

namespace kernelwrap {

OclName parseOclName(StringRef Mangled) {
  OclName R;
  if (!Mangled.consume_front("_Z"))
    return R;
  unsigned Len = 0;
  if (Mangled.consumeInteger(10, Len) || Len == 0 || Len > Mangled.size())
    return R;
  R.Base = Mangled.take_front(Len);
  R.Params = Mangled.drop_front(Len);
  return R;
}

bool OclName::firstParamUnsigned() const {
  StringRef P = Params;
  // Qualifiers and pointers before the type: P, V, K, U3AS<n>.
  while (!P.empty()) {
    if (P.consume_front("P") || P.consume_front("V") || P.consume_front("K"))
      continue;
    if (P.consume_front("U3AS")) {
      P = P.drop_front(1);
      continue;
    }
    break;
  }
  // A vector `Dv<n>_<elt>`.
  if (P.consume_front("Dv")) {
    size_t U = P.find('_');
    if (U == StringRef::npos)
      return false;
    P = P.drop_front(U + 1);
  }
  return !P.empty() && (P[0] == 'j' || P[0] == 'm' || P[0] == 't' ||
                        P[0] == 'h');
}

} // namespace kernelwrap
