//===- Compile.cpp - .cl to a loaded shared object ------------------------===//
//
/// \file
/// Three processes, the commands the user guide documents:
///   clang-22 -x cl ... -emit-llvm     OpenCL C to IR (builtins from clang's
///                                     default header, still undefined)
///   opt-22 -load-pass-plugin=VecClone.so -passes='kernel-wrap,default<O3>'
///   clang-22 -O3 -shared              code generation only, + libmvec
//
//===----------------------------------------------------------------------===//

#include "kernel-wrap/kw_runtime.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace kw {
namespace {

std::string envOr(const char *Name, const char *Default) {
  const char *V = getenv(Name);
  return V && *V ? V : Default;
}

} // namespace

std::string shellQuote(const std::string &S) {
  std::string R = "'";
  for (char C : S) {
    if (C == '\'')
      R += "'\\''";
    else
      R += C;
  }
  return R + "'";
}

namespace {

bool endsWith(const std::string &S, const std::string &Suffix) {
  return S.size() >= Suffix.size() &&
         S.compare(S.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

/// Runs \p Cmd with stderr captured in Dir/log.TOOL.txt (one file a step,
/// kept with --keep-temps: the kernel fuzzer reads them for warnings);
/// false (and the message in Err) on failure.
bool run(const std::vector<std::string> &Cmd, const std::string &Dir,
         std::string &Err) {
  std::string Line;
  for (const std::string &A : Cmd)
    Line += shellQuote(A) + " ";
  std::string Log =
      Dir + "/log." + Cmd.front().substr(Cmd.front().rfind('/') + 1) + ".txt";
  Line += "2> " + shellQuote(Log);
  if (getenv("KW_VERBOSE"))
    fprintf(stderr, "kw: %s\n", Line.c_str());
  int RC = system(Line.c_str());
  if (RC != 0) {
    Err = "command failed: " + Line + "\n" + readFile(Log);
    return false;
  }
  return true;
}

struct TempDir {
  std::string Path;
  bool Keep = false;
  explicit TempDir(const std::string &Want) {
    if (!Want.empty()) {
      Path = Want;
      Keep = true;
      mkdir(Path.c_str(), 0755);
      return;
    }
    char T[] = "/tmp/kw-XXXXXX";
    if (mkdtemp(T))
      Path = T;
  }
  ~TempDir() {
    if (!Keep && !Path.empty())
      (void)!system(("rm -rf " + shellQuote(Path)).c_str());
  }
};

} // namespace

bool compileToBitcode(const std::string &Src, const CompileOptions &O,
                      const std::string &Out, std::string &Err) {
  std::string Dir = Out.substr(0, Out.rfind('/') + 1) + ".";
  std::vector<std::string> Cmd = {
      clangPath(), "-x", "cl", "-cl-std=" + O.ClStd, "-Xclang",
      "-finclude-default-header", "--target=x86_64-unknown-linux-gnu",
      "-march=" + O.March, "-O2", "-Xclang", "-disable-llvm-passes",
      "-emit-llvm", "-c", Src, "-o", Out};
  Cmd.insert(Cmd.end() - 4, O.ClangArgs.begin(), O.ClangArgs.end());
  return run(Cmd, Dir, Err);
}

bool linkBitcode(const std::vector<std::string> &Inputs,
                 const std::string &Out, std::string &Err) {
  std::string Tools = clangPath().substr(0, clangPath().rfind('/') + 1);
  std::vector<std::string> Cmd = {Tools + "llvm-link"};
  Cmd.insert(Cmd.end(), Inputs.begin(), Inputs.end());
  Cmd.push_back("-o");
  Cmd.push_back(Out);
  return run(Cmd, Out.substr(0, Out.rfind('/') + 1) + ".", Err);
}

namespace {

/// Source to IR after kernel-wrap (+ -O3 unless WrapOnly) in Dir.
bool toOptimizedIR(const std::string &Src, const CompileOptions &O,
                   bool WrapOnly, bool Text, const std::string &Dir,
                   std::string &Out, std::string &Err) {
  std::string In = Src;
  if (endsWith(Src, ".cl")) {
    In = Dir + "/kernel.bc";
    if (!compileToBitcode(Src, O, In, Err))
      return false;
  }
  Out = Dir + (Text ? "/kernel.opt.ll" : "/kernel.opt.bc");
  std::string Passes = WrapOnly ? "kernel-wrap" : "kernel-wrap,default<O3>";
  std::vector<std::string> Cmd = {optPath(),
                                  "-load-pass-plugin=" + pluginPath(),
                                  "-passes=" + Passes,
                                  "-vector-library=LIBMVEC",
                                  In,
                                  "-o",
                                  Out};
  if (Text)
    Cmd.push_back("-S");
  if (O.NoVec) {
    Cmd.push_back("-kernel-wrap-novec");
    Cmd.push_back("-vectorize-loops=false");
  }
  if (O.VF)
    Cmd.push_back("-kernel-wrap-vf=" + std::to_string(O.VF));
  if (O.Lockstep)
    Cmd.push_back("-kernel-wrap-lockstep");
  if (O.Dim >= 0)
    Cmd.push_back("-kernel-wrap-dim=" + std::to_string(O.Dim));
  if (!O.Kernel.empty())
    Cmd.push_back("-kernel-wrap-kernel=" + O.Kernel);
  return run(Cmd, Dir, Err);
}

double secondsSince(std::chrono::steady_clock::time_point T0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
      .count();
}

} // namespace

std::string clangPath() { return envOr("KW_CLANG", KW_DEFAULT_CLANG); }
std::string optPath() { return envOr("KW_OPT", KW_DEFAULT_OPT); }
std::string pluginPath() { return envOr("KW_PLUGIN", KW_DEFAULT_PLUGIN); }

bool compileToIR(const std::string &Src, const CompileOptions &O,
                 bool WrapOnly, std::string &IR, std::string &Err) {
  TempDir T(O.TempDir);
  std::string Out;
  if (!toOptimizedIR(Src, O, WrapOnly, /*Text=*/true, T.Path, Out, Err))
    return false;
  IR = readFile(Out);
  return true;
}

std::unique_ptr<Program> Program::compile(const std::string &Src,
                                          const CompileOptions &O,
                                          std::string &Err,
                                          const std::string &SoOut) {
  auto T0 = std::chrono::steady_clock::now();
  TempDir T(O.TempDir);
  std::string BC;
  if (!toOptimizedIR(Src, O, /*WrapOnly=*/false, /*Text=*/false, T.Path, BC,
                     Err))
    return nullptr;
  std::string So = SoOut.empty() ? T.Path + "/kernel.so" : SoOut;
  // Code generation only: the IR is optimized already. Its triple is the
  // OpenCL front end's spelling of the host's (x86_64-unknown-linux-gnu).
  if (!run({clangPath(), "-O3", "-march=" + O.March, "-shared", "-fPIC",
            "-Wno-override-module", "-Xclang", "-disable-llvm-passes", BC,
            "-o", So, "-lmvec", "-lm"},
           T.Path, Err))
    return nullptr;
  std::unique_ptr<Program> P = load(So, Err);
  if (P)
    P->CompileSeconds = secondsSince(T0);
  return P;
}

std::unique_ptr<Program> Program::load(const std::string &So,
                                       std::string &Err) {
  std::string Path = So.find('/') == std::string::npos ? "./" + So : So;
  void *H = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!H) {
    Err = dlerror();
    return nullptr;
  }
  std::unique_ptr<Program> P(new Program());
  P->Handle = H;
  return P;
}

Program::~Program() {
  if (Handle)
    dlclose(Handle);
}

kw_wg_fn Program::kernel(const std::string &Kernel) const {
  return reinterpret_cast<kw_wg_fn>(
      dlsym(Handle, (KW_WG_PREFIX + Kernel).c_str()));
}

const char *Program::signature(const std::string &Kernel) const {
  return static_cast<const char *>(
      dlsym(Handle, (KW_SIG_PREFIX + Kernel).c_str()));
}

const uint64_t *Program::requiredSize(const std::string &Kernel) const {
  return static_cast<const uint64_t *>(
      dlsym(Handle, (KW_REQD_PREFIX + Kernel).c_str()));
}

std::vector<std::string> Program::kernelNames() const {
  std::vector<std::string> Names;
  const char *List = static_cast<const char *>(dlsym(Handle, KW_KERNELS_SYMBOL));
  if (!List || !*List)
    return Names;
  std::stringstream SS(List);
  std::string Name;
  while (std::getline(SS, Name, ';'))
    Names.push_back(Name);
  return Names;
}

std::string NDRange::check() const {
  if (Dims < 1 || Dims > 3)
    return "work_dim must be 1, 2 or 3";
  for (unsigned D = 0; D < 3; ++D) {
    if (!Global[D] || !Local[D])
      return "sizes must be non-zero";
    if (Local[D] > KW_MAX_LOCAL_SIZE)
      return "local size above " + std::to_string(KW_MAX_LOCAL_SIZE) +
             " in dimension " + std::to_string(D);
    if (Global[D] % Local[D])
      return "local size must divide global size in dimension " +
             std::to_string(D);
    if (D >= Dims && (Global[D] != 1 || Local[D] != 1))
      return "sizes beyond work_dim must be 1";
  }
  return "";
}

} // namespace kw
