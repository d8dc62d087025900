//===- kw-vecz.cpp - One kernel's vectorized IR, for tests ----------------===//
//
/// \file
/// In the spirit of Vecz's veczc:
///   kw-vecz -k KERNEL [--vf N] [--dim D] [--novec] [--lockstep] [--wrap-only]
///           [--march CPU] FILE.{cl,ll,bc} [-o OUT.ll]
/// prints the module after kernel-wrap (and the -O3 pipeline, which
/// vectorizes the work-item loops, unless --wrap-only), holding the
/// work-group function of KERNEL only.
//
//===----------------------------------------------------------------------===//

#include "kernel-wrap/kw_runtime.h"
#include <cstdio>
#include <fstream>
#include <string>

int main(int argc, char **argv) {
  kw::CompileOptions CO;
  std::string Src, Out = "-";
  bool WrapOnly = false;
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    auto Next = [&]() -> std::string {
      if (I + 1 >= argc) {
        fprintf(stderr, "kw-vecz: missing value after %s\n", A.c_str());
        exit(1);
      }
      return argv[++I];
    };
    if (A == "-k" || A == "--kernel") CO.Kernel = Next();
    else if (A == "--vf") CO.VF = std::stoul(Next());
    else if (A == "--dim") CO.Dim = std::stoi(Next());
    else if (A == "--novec") CO.NoVec = true;
    else if (A == "--lockstep") CO.Lockstep = true;
    else if (A == "--wrap-only") WrapOnly = true;
    else if (A == "--march") CO.March = Next();
    else if (A == "-o") Out = Next();
    else if (A[0] == '-') {
      fprintf(stderr, "kw-vecz: unknown option %s\n", A.c_str());
      return 1;
    } else Src = A;
  }
  if (Src.empty() || CO.Kernel.empty()) {
    fprintf(stderr, "usage: kw-vecz -k KERNEL [--vf N] [--dim D] [--novec] [--lockstep] "
                    "[--wrap-only] [--march CPU] FILE [-o OUT]\n");
    return 1;
  }
  std::string IR, Err;
  if (!kw::compileToIR(Src, CO, WrapOnly, IR, Err)) {
    fprintf(stderr, "kw-vecz: %s\n", Err.c_str());
    return 1;
  }
  if (Out == "-") {
    fwrite(IR.data(), 1, IR.size(), stdout);
  } else {
    std::ofstream(Out) << IR;
  }
  return 0;
}
