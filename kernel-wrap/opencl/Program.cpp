//===- Program.cpp - Programs from source or binary, kernels, arguments ---===//
//
/// \file
/// clBuildProgram compiles with kernel-wrap's own pipeline (kw::Program:
/// clang, opt with the plugin, clang) into a shared object, kept in a
/// cache keyed by the preprocessed source and the options, so a program
/// built again loads in milliseconds. The shared object is the program's
/// binary. Kernels check their arguments against the parameter list
/// kernel-wrap emits beside each work-group function, as the spec's
/// clSetKernelArg does.
//
//===----------------------------------------------------------------------===//

#include "Icd.h"
#include <cstdio>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace kwocl {

std::string readAll(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

bool writeAll(const std::string &Path, const std::string &Bytes) {
  std::string Tmp = Path + ".tmp" + std::to_string(getpid());
  {
    std::ofstream Out(Tmp, std::ios::binary);
    Out.write(Bytes.data(), Bytes.size());
    if (!Out)
      return false;
  }
  return rename(Tmp.c_str(), Path.c_str()) == 0;
}

namespace {

/// FNV-1a, 64 bits: a cache key that is the same in every process.
uint64_t hashBytes(const std::string &S, uint64_t H = 1469598103934665603ull) {
  for (unsigned char C : S)
    H = (H ^ C) * 1099511628211ull;
  return H;
}

/// $KW_CACHE_DIR, or ~/.cache/kernel-wrap (created).
std::string cacheDir() {
  std::string Dir;
  if (const char *D = getenv("KW_CACHE_DIR"); D && *D)
    Dir = D;
  else if (const char *X = getenv("XDG_CACHE_HOME"); X && *X)
    Dir = std::string(X) + "/kernel-wrap";
  else if (const char *Home = getenv("HOME"); Home && *Home)
    Dir = std::string(Home) + "/.cache/kernel-wrap";
  else
    Dir = "/tmp/kernel-wrap-cache";
  for (size_t P = Dir.find('/', 1);; P = Dir.find('/', P + 1)) {
    mkdir(Dir.substr(0, P).c_str(), 0755);
    if (P == std::string::npos)
      break;
  }
  return Dir;
}

} // namespace

/// A fresh private directory for one build's files.
std::string makeTempDir() {
  char T[] = "/tmp/kw-ocl-XXXXXX";
  return mkdtemp(T) ? T : "";
}

void removeTree(const std::string &Dir) {
  if (!Dir.empty())
    (void)!system(("rm -rf " + kw::shellQuote(Dir)).c_str());
}

namespace {

/// Splits build options into words; a quoted word keeps its spaces.
std::vector<std::string> splitOptions(const char *Options) {
  std::vector<std::string> Words;
  std::string W;
  bool InWord = false;
  char Quote = 0;
  for (const char *P = Options ? Options : ""; *P; ++P) {
    if (Quote) {
      if (*P == Quote)
        Quote = 0;
      else
        W += *P;
    } else if (*P == '"' || *P == '\'') {
      Quote = *P;
      InWord = true;
    } else if (isspace(static_cast<unsigned char>(*P))) {
      if (InWord)
        Words.push_back(W);
      W.clear();
      InWord = false;
    } else {
      W += *P;
      InWord = true;
    }
  }
  if (InWord)
    Words.push_back(W);
  return Words;
}

} // namespace

/// The options OpenCL defines for the compiler (1.2 to 2.0) besides -D,
/// -I and -cl-std; clang takes each of them.
bool isCompilerOption(const std::string &A) {
  static const char *Known[] = {
      "-cl-single-precision-constant", "-cl-denorms-are-zero",
      "-cl-fp32-correctly-rounded-divide-sqrt", "-cl-opt-disable",
      "-cl-mad-enable", "-cl-no-signed-zeros",
      "-cl-unsafe-math-optimizations", "-cl-finite-math-only",
      "-cl-fast-relaxed-math", "-cl-strict-aliasing", "-cl-kernel-arg-info",
      "-cl-uniform-work-group-size", "-cl-no-subgroup-ifp", "-w", "-Werror",
      "-g"};
  for (const char *K : Known)
    if (A == K)
      return true;
  return false;
}

/// clBuildProgram's options as kernel-wrap's compile options; false for an
/// option OpenCL does not define (CL_INVALID_BUILD_OPTIONS).
bool parseOptions(const char *Options, kw::CompileOptions &CO,
                  std::string &Bad) {
  std::vector<std::string> W = splitOptions(Options);
  for (size_t I = 0; I < W.size(); ++I) {
    const std::string &A = W[I];
    bool Joined = A.size() > 2;
    if (A.rfind("-D", 0) == 0 || A.rfind("-I", 0) == 0) {
      if (Joined) {
        CO.ClangArgs.push_back(A);
      } else if (I + 1 < W.size()) {
        CO.ClangArgs.push_back(A + W[++I]);
      } else {
        Bad = A;
        return false;
      }
    } else if (A.rfind("-cl-std=", 0) == 0) {
      CO.ClStd = A.substr(8);
    } else if (isCompilerOption(A)) {
      CO.ClangArgs.push_back(A);
    } else {
      Bad = A;
      return false;
    }
  }
  // Includes relative to the host program's directory, as other platforms
  // resolve them.
  char Cwd[4096];
  if (getcwd(Cwd, sizeof(Cwd)))
    CO.ClangArgs.push_back(std::string("-I") + Cwd);
  return true;
}

namespace {

/// The cache key: the source after the preprocessor (so an included
/// header's change counts), the options and the tools.
bool cacheKey(const std::string &Src, const kw::CompileOptions &CO,
              const std::string &Dir, std::string &Key) {
  std::string Cmd = kw::shellQuote(kw::clangPath()) + " -E -x cl " +
                    kw::shellQuote("-cl-std=" + CO.ClStd);
  for (const std::string &A : CO.ClangArgs)
    Cmd += " " + kw::shellQuote(A);
  Cmd += " " + kw::shellQuote(Src) + " -o " + kw::shellQuote(Dir + "/pre.cl") +
         " 2>/dev/null";
  if (system(Cmd.c_str()) != 0)
    return false;
  uint64_t H = hashBytes(readAll(Dir + "/pre.cl"));
  for (const std::string &A : CO.ClangArgs)
    H = hashBytes(A + "\n", H);
  H = hashBytes(CO.ClStd + "\n" + kw::clangPath() + "\n" + kw::pluginPath(), H);
  struct stat St;
  if (stat(kw::pluginPath().c_str(), &St) == 0)
    H = hashBytes(std::to_string(St.st_mtime) + ":" +
                      std::to_string(St.st_size),
                  H);
  char Buf[17];
  snprintf(Buf, sizeof(Buf), "%016llx", static_cast<unsigned long long>(H));
  Key = Buf;
  return true;
}

} // namespace

/// The build log: the compiler's messages without our command line.
std::string buildLog(const std::string &Err) {
  if (Err.rfind("command failed:", 0) == 0) {
    size_t NL = Err.find('\n');
    return NL == std::string::npos ? Err : Err.substr(NL + 1);
  }
  return Err;
}

/// Loads \p So into \p P: its kernels, built.
bool loadBuilt(cl_program P, const std::string &So, std::string &Err) {
  std::unique_ptr<kw::Program> Prog = kw::Program::load(So, Err);
  if (!Prog)
    return false;
  P->Kernels = Prog->kernelNames();
  P->Built = std::move(Prog);
  P->SoPath = So;
  return true;
}

namespace {

/// Compiles \p P's source with \p CO, through the cache.
cl_int buildSource(cl_program P, kw::CompileOptions &CO) {
  std::string Dir = makeTempDir();
  std::string Src = Dir + "/program.cl";
  std::string Err, Key;
  writeAll(Src, P->Source);
  std::string So;
  bool Cached = cacheKey(Src, CO, Dir, Key);
  if (Cached) {
    So = cacheDir() + "/" + Key + ".so";
    if (access(So.c_str(), R_OK) == 0 && loadBuilt(P, So, Err)) {
      removeTree(Dir);
      return CL_SUCCESS;
    }
  } else {
    So = Dir + "/program.so";
  }
  std::string Tmp = Dir + "/out.so";
  std::unique_ptr<kw::Program> Built = kw::Program::compile(Src, CO, Err, Tmp);
  bool OK = Built && rename(Tmp.c_str(), So.c_str()) == 0 &&
            loadBuilt(P, So, Err);
  if (!OK)
    P->Log = buildLog(Err);
  // A program whose key could not be computed keeps its directory: the
  // shared object lives there.
  if (Cached || !OK) {
    removeTree(Dir);
  } else {
    removeTree(P->Dir);
    P->Dir = Dir;
  }
  return OK ? CL_SUCCESS : CL_BUILD_PROGRAM_FAILURE;
}

} // namespace

cl_int checkProgramDevices(cl_uint N, const cl_device_id *Devices) {
  if ((N && !Devices) || (!N && Devices))
    return CL_INVALID_VALUE;
  for (cl_uint I = 0; I < N; ++I)
    if (!isDevice(Devices[I]))
      return CL_INVALID_DEVICE;
  return CL_SUCCESS;
}

cl_program CL_API_CALL clCreateProgramWithSource(cl_context C, cl_uint N,
                                                 const char **Strings,
                                                 const size_t *Lengths,
                                                 cl_int *Err) {
  if (!_cl_context::valid(C))
    return failWith<_cl_program>(Err, CL_INVALID_CONTEXT);
  if (!N || !Strings)
    return failWith<_cl_program>(Err, CL_INVALID_VALUE);
  auto *P = new _cl_program();
  for (cl_uint I = 0; I < N; ++I) {
    if (!Strings[I]) {
      delete P;
      return failWith<_cl_program>(Err, CL_INVALID_VALUE);
    }
    P->Source.append(Strings[I], Lengths && Lengths[I]
                                     ? Lengths[I]
                                     : strlen(Strings[I]));
  }
  P->Ctx = C;
  C->retain();
  return failWith(Err, CL_SUCCESS, P);
}

cl_program CL_API_CALL clCreateProgramWithBinary(
    cl_context C, cl_uint N, const cl_device_id *Devices,
    const size_t *Lengths, const unsigned char **Binaries, cl_int *Status,
    cl_int *Err) {
  if (!_cl_context::valid(C))
    return failWith<_cl_program>(Err, CL_INVALID_CONTEXT);
  if (N != 1 || !Devices || !Lengths || !Binaries || !Binaries[0] ||
      !Lengths[0])
    return failWith<_cl_program>(Err, CL_INVALID_VALUE);
  if (!isDevice(Devices[0]))
    return failWith<_cl_program>(Err, CL_INVALID_DEVICE);
  std::string Bytes(reinterpret_cast<const char *>(Binaries[0]), Lengths[0]);
  std::string So = cacheDir() + "/bin-" + [&] {
    char Buf[17];
    snprintf(Buf, sizeof(Buf), "%016llx",
             static_cast<unsigned long long>(hashBytes(Bytes)));
    return std::string(Buf);
  }() + ".so";
  auto *P = new _cl_program();
  std::string LoadErr;
  if (Bytes.rfind("\x7f" "ELF", 0) != 0 || !writeAll(So, Bytes) ||
      !loadBuilt(P, So, LoadErr)) {
    delete P;
    if (Status)
      Status[0] = CL_INVALID_BINARY;
    return failWith<_cl_program>(Err, CL_INVALID_BINARY);
  }
  if (Status)
    Status[0] = CL_SUCCESS;
  P->Ctx = C;
  C->retain();
  P->BinaryType = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  P->Status = CL_BUILD_SUCCESS;
  return failWith(Err, CL_SUCCESS, P);
}

cl_int CL_API_CALL clRetainProgram(cl_program P) {
  return retainObject(P, CL_INVALID_PROGRAM);
}

cl_int CL_API_CALL clReleaseProgram(cl_program P) {
  return releaseObject(P, CL_INVALID_PROGRAM);
}

cl_int CL_API_CALL clBuildProgram(cl_program P, cl_uint N,
                                  const cl_device_id *Devices,
                                  const char *Options,
                                  void(CL_CALLBACK *Notify)(cl_program,
                                                            void *),
                                  void *Data) {
  if (!_cl_program::valid(P))
    return CL_INVALID_PROGRAM;
  if (cl_int E = checkProgramDevices(N, Devices))
    return E;
  if (!Notify && Data)
    return CL_INVALID_VALUE;
  if (P->AttachedKernels)
    return CL_INVALID_OPERATION;
  P->Options = Options ? Options : "";
  cl_int Result = CL_SUCCESS;
  if (P->Source.empty()) {
    // From a binary: already executable.
    Result = P->Built ? CL_SUCCESS : CL_INVALID_BINARY;
  } else {
    kw::CompileOptions CO;
    std::string Bad;
    if (!parseOptions(Options, CO, Bad)) {
      P->Log = "unknown build option " + Bad;
      return CL_INVALID_BUILD_OPTIONS;
    }
    P->Log.clear();
    Result = buildSource(P, CO);
    P->Status = Result == CL_SUCCESS ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
    P->BinaryType = Result == CL_SUCCESS ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE
                                         : CL_PROGRAM_BINARY_TYPE_NONE;
  }
  if (Notify)
    Notify(P, Data);
  return Result;
}

cl_int CL_API_CALL clUnloadCompiler() { return CL_SUCCESS; }
cl_int CL_API_CALL clUnloadPlatformCompiler(cl_platform_id) {
  return CL_SUCCESS;
}

cl_int CL_API_CALL clGetProgramInfo(cl_program P, cl_program_info Param,
                                    size_t Room, void *Dst, size_t *Ret) {
  if (!_cl_program::valid(P))
    return CL_INVALID_PROGRAM;
  bool Built = P->Status == CL_BUILD_SUCCESS;
  std::string Names;
  switch (Param) {
  case CL_PROGRAM_REFERENCE_COUNT: return info(cl_uint(P->Refs), Room, Dst, Ret);
  case CL_PROGRAM_CONTEXT: return info(P->Ctx, Room, Dst, Ret);
  case CL_PROGRAM_NUM_DEVICES: return info(cl_uint(1), Room, Dst, Ret);
  case CL_PROGRAM_DEVICES: return info(&TheDevice, Room, Dst, Ret);
  case CL_PROGRAM_SOURCE: return info(P->Source, Room, Dst, Ret);
  case CL_PROGRAM_BINARY_SIZES:
    return info(size_t(Built ? readAll(P->SoPath).size() : 0), Room, Dst, Ret);
  case CL_PROGRAM_BINARIES: {
    if (!Dst)
      return info(nullptr, sizeof(unsigned char *), 0, nullptr, Ret);
    if (Room < sizeof(unsigned char *))
      return CL_INVALID_VALUE;
    unsigned char *Out = *static_cast<unsigned char **>(Dst);
    std::string Bytes = Built ? readAll(P->SoPath) : "";
    if (Out)
      memcpy(Out, Bytes.data(), Bytes.size());
    return info(nullptr, sizeof(unsigned char *), Room, nullptr, Ret);
  }
  case CL_PROGRAM_NUM_KERNELS:
    if (!Built)
      return CL_INVALID_PROGRAM_EXECUTABLE;
    return info(size_t(P->Kernels.size()), Room, Dst, Ret);
  case CL_PROGRAM_KERNEL_NAMES:
    if (!Built)
      return CL_INVALID_PROGRAM_EXECUTABLE;
    for (const std::string &K : P->Kernels)
      Names += (Names.empty() ? "" : ";") + K;
    return info(Names, Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL clGetProgramBuildInfo(cl_program P, cl_device_id D,
                                         cl_program_build_info Param,
                                         size_t Room, void *Dst,
                                         size_t *Ret) {
  if (!_cl_program::valid(P))
    return CL_INVALID_PROGRAM;
  if (!isDevice(D))
    return CL_INVALID_DEVICE;
  switch (Param) {
  case CL_PROGRAM_BUILD_STATUS: return info(P->Status, Room, Dst, Ret);
  case CL_PROGRAM_BUILD_OPTIONS: return info(P->Options, Room, Dst, Ret);
  case CL_PROGRAM_BUILD_LOG: return info(P->Log, Room, Dst, Ret);
  case CL_PROGRAM_BINARY_TYPE: return info(P->BinaryType, Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

namespace {

cl_kernel makeKernel(cl_program P, const std::string &Name) {
  auto *K = new _cl_kernel();
  K->Prog = P;
  P->retain();
  ++P->AttachedKernels;
  K->Name = Name;
  K->Fn = P->Built->kernel(Name);
  K->Reqd = P->Built->requiredSize(Name);
  K->Params = kw::parseSignature(P->Built->signature(Name));
  size_t N = K->Params.size();
  K->Values.resize(N);
  K->LocalBytes.assign(N, 0);
  K->Set.assign(N, false);
  return K;
}

} // namespace

cl_kernel CL_API_CALL clCreateKernel(cl_program P, const char *Name,
                                     cl_int *Err) {
  if (!_cl_program::valid(P))
    return failWith<_cl_kernel>(Err, CL_INVALID_PROGRAM);
  if (P->Status != CL_BUILD_SUCCESS || !P->Built)
    return failWith<_cl_kernel>(Err, CL_INVALID_PROGRAM_EXECUTABLE);
  if (!Name)
    return failWith<_cl_kernel>(Err, CL_INVALID_VALUE);
  if (!P->Built->kernel(Name))
    return failWith<_cl_kernel>(Err, CL_INVALID_KERNEL_NAME);
  return failWith(Err, CL_SUCCESS, makeKernel(P, Name));
}

cl_int CL_API_CALL clCreateKernelsInProgram(cl_program P, cl_uint N,
                                            cl_kernel *Kernels,
                                            cl_uint *NumRet) {
  if (!_cl_program::valid(P))
    return CL_INVALID_PROGRAM;
  if (P->Status != CL_BUILD_SUCCESS || !P->Built)
    return CL_INVALID_PROGRAM_EXECUTABLE;
  if (Kernels && N < P->Kernels.size())
    return CL_INVALID_VALUE;
  if (Kernels)
    for (size_t I = 0; I < P->Kernels.size(); ++I)
      Kernels[I] = makeKernel(P, P->Kernels[I]);
  if (NumRet)
    *NumRet = P->Kernels.size();
  return CL_SUCCESS;
}

cl_int CL_API_CALL clRetainKernel(cl_kernel K) {
  return retainObject(K, CL_INVALID_KERNEL);
}

cl_int CL_API_CALL clReleaseKernel(cl_kernel K) {
  return releaseObject(K, CL_INVALID_KERNEL);
}

cl_int CL_API_CALL clSetKernelArg(cl_kernel K, cl_uint I, size_t Size,
                                  const void *Value) {
  if (!_cl_kernel::valid(K))
    return CL_INVALID_KERNEL;
  if (I >= K->Params.size())
    return CL_INVALID_ARG_INDEX;
  const KernelParam &P = K->Params[I];
  switch (P.K) {
  case KernelParam::Local:
    if (Value)
      return CL_INVALID_ARG_VALUE;
    if (!Size)
      return CL_INVALID_ARG_SIZE;
    K->LocalBytes[I] = Size;
    break;
  case KernelParam::Buffer: {
    if (Size != sizeof(cl_mem))
      return CL_INVALID_ARG_SIZE;
    cl_mem M = Value ? *static_cast<const cl_mem *>(Value) : nullptr;
    if (M && !_cl_mem::valid(M))
      return CL_INVALID_MEM_OBJECT;
    K->Values[I].assign(reinterpret_cast<const char *>(&M),
                        reinterpret_cast<const char *>(&M) + sizeof(M));
    break;
  }
  case KernelParam::Value:
    if (!Value)
      return CL_INVALID_ARG_VALUE;
    if (Size != P.Bytes)
      return CL_INVALID_ARG_SIZE;
    K->Values[I].assign(static_cast<const char *>(Value),
                        static_cast<const char *>(Value) + Size);
    break;
  }
  K->Set[I] = true;
  return CL_SUCCESS;
}

cl_int CL_API_CALL clGetKernelInfo(cl_kernel K, cl_kernel_info Param,
                                   size_t Room, void *Dst, size_t *Ret) {
  if (!_cl_kernel::valid(K))
    return CL_INVALID_KERNEL;
  switch (Param) {
  case CL_KERNEL_FUNCTION_NAME: return info(K->Name, Room, Dst, Ret);
  case CL_KERNEL_NUM_ARGS: return info(cl_uint(K->Params.size()), Room, Dst, Ret);
  case CL_KERNEL_REFERENCE_COUNT: return info(cl_uint(K->Refs), Room, Dst, Ret);
  case CL_KERNEL_CONTEXT: return info(K->Prog->Ctx, Room, Dst, Ret);
  case CL_KERNEL_PROGRAM: return info(K->Prog, Room, Dst, Ret);
  case CL_KERNEL_ATTRIBUTES: return info(std::string(), Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL clGetKernelArgInfo(cl_kernel K, cl_uint I,
                                      cl_kernel_arg_info Param, size_t Room,
                                      void *Dst, size_t *Ret) {
  if (!_cl_kernel::valid(K))
    return CL_INVALID_KERNEL;
  if (I >= K->Params.size())
    return CL_INVALID_ARG_INDEX;
  const KernelParam &P = K->Params[I];
  // The spec promises argument information only for programs built with
  // -cl-kernel-arg-info (which gives the names).
  if (P.Name.empty())
    return CL_KERNEL_ARG_INFO_NOT_AVAILABLE;
  cl_kernel_arg_type_qualifier Qual = CL_KERNEL_ARG_TYPE_NONE;
  if (P.Qualifiers.find("const") != std::string::npos || P.Space == 2)
    Qual |= CL_KERNEL_ARG_TYPE_CONST;
  if (P.Qualifiers.find("restrict") != std::string::npos)
    Qual |= CL_KERNEL_ARG_TYPE_RESTRICT;
  if (P.Qualifiers.find("volatile") != std::string::npos)
    Qual |= CL_KERNEL_ARG_TYPE_VOLATILE;
  static const cl_kernel_arg_address_qualifier Spaces[] = {
      CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ADDRESS_GLOBAL,
      CL_KERNEL_ARG_ADDRESS_CONSTANT, CL_KERNEL_ARG_ADDRESS_LOCAL};
  switch (Param) {
  case CL_KERNEL_ARG_ADDRESS_QUALIFIER:
    return info(Spaces[P.Space < 4 ? P.Space : 0], Room, Dst, Ret);
  case CL_KERNEL_ARG_ACCESS_QUALIFIER:
    return info(cl_kernel_arg_access_qualifier(CL_KERNEL_ARG_ACCESS_NONE),
                Room, Dst, Ret);
  case CL_KERNEL_ARG_TYPE_NAME: return info(P.Type, Room, Dst, Ret);
  case CL_KERNEL_ARG_TYPE_QUALIFIER: return info(Qual, Room, Dst, Ret);
  case CL_KERNEL_ARG_NAME: return info(P.Name, Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

cl_int CL_API_CALL clGetKernelWorkGroupInfo(cl_kernel K, cl_device_id D,
                                            cl_kernel_work_group_info Param,
                                            size_t Room, void *Dst,
                                            size_t *Ret) {
  if (!_cl_kernel::valid(K))
    return CL_INVALID_KERNEL;
  if (D && !isDevice(D))
    return CL_INVALID_DEVICE;
  switch (Param) {
  case CL_KERNEL_WORK_GROUP_SIZE:
    return info(K->Reqd ? size_t(K->Reqd[0] * K->Reqd[1] * K->Reqd[2])
                        : MaxWorkGroupSize,
                Room, Dst, Ret);
  case CL_KERNEL_COMPILE_WORK_GROUP_SIZE: {
    size_t Sizes[3] = {0, 0, 0};
    for (unsigned D = 0; D < 3 && K->Reqd; ++D)
      Sizes[D] = K->Reqd[D];
    return info(Sizes, sizeof(Sizes), Room, Dst, Ret);
  }
  case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
    return info(PreferredMultiple, Room, Dst, Ret);
  case CL_KERNEL_LOCAL_MEM_SIZE: {
    cl_ulong Bytes = 0;
    for (size_t B : K->LocalBytes)
      Bytes += B;
    return info(Bytes, Room, Dst, Ret);
  }
  case CL_KERNEL_PRIVATE_MEM_SIZE: return info(cl_ulong(0), Room, Dst, Ret);
  default: return CL_INVALID_VALUE;
  }
}

} // namespace kwocl
