//===- Link.cpp - Separate compilation: clCompileProgram, clLinkProgram ---===//
//
/// \file
/// A compiled object is the front end's bitcode (kernel-wrap has not run):
/// its embedded headers are written under the program's own directory by
/// the names the host gives them, which the source includes. Linking joins
/// the objects' bitcode (llvm-link) and runs the rest of the pipeline on it:
/// kernel-wrap, -O3 and code generation, as clBuildProgram does on a source.
//
//===----------------------------------------------------------------------===//

#include "Icd.h"
#include <sys/stat.h>

_cl_program::~_cl_program() {
  Built.reset();
  kwocl::removeTree(Dir);
  Ctx->release();
}

namespace kwocl {
namespace {

/// Creates the directories of \p Path (a file's path) below \p Root.
void makeParents(const std::string &Root, const std::string &Path) {
  for (size_t P = Path.find('/'); P != std::string::npos;
       P = Path.find('/', P + 1))
    mkdir((Root + "/" + Path.substr(0, P)).c_str(), 0755);
}

/// Writes the embedded headers under \p Dir/include; false for a name that
/// would leave it.
bool writeHeaders(const std::string &Dir, cl_uint N, const cl_program *Hdrs,
                  const char **Names) {
  std::string Inc = Dir + "/include";
  mkdir(Inc.c_str(), 0755);
  for (cl_uint I = 0; I < N; ++I) {
    std::string Name = Names[I];
    if (!_cl_program::valid(Hdrs[I]) || Name.empty() || Name[0] == '/' ||
        Name.find("..") != std::string::npos)
      return false;
    makeParents(Inc, Name);
    if (!writeAll(Inc + "/" + Name, Hdrs[I]->Source))
      return false;
  }
  return true;
}

/// The options clLinkProgram takes: -create-library, and the ones that
/// only make a build's math looser (ignored: kernel-wrap applied the
/// compile options already).
bool parseLinkOptions(const char *Options, bool &Library) {
  static const char *Known[] = {
      "-enable-link-options", "-cl-denorms-are-zero", "-cl-no-signed-zeros",
      "-cl-unsafe-math-optimizations", "-cl-finite-math-only",
      "-cl-fast-relaxed-math", "-cl-no-subgroup-ifp"};
  Library = false;
  std::string W;
  std::string S = Options ? Options : "";
  for (size_t B = 0; B < S.size();) {
    size_t E = S.find_first_of(" \t\n", B);
    W = S.substr(B, E == std::string::npos ? std::string::npos : E - B);
    B = E == std::string::npos ? S.size() : E + 1;
    if (W.empty())
      continue;
    if (W == "-create-library") {
      Library = true;
      continue;
    }
    bool Ok = false;
    for (const char *K : Known)
      Ok |= W == K;
    if (!Ok)
      return false;
  }
  return true;
}

} // namespace

cl_int CL_API_CALL clCompileProgram(cl_program P, cl_uint N,
                                    const cl_device_id *Devices,
                                    const char *Options, cl_uint NumHeaders,
                                    const cl_program *Headers,
                                    const char **HeaderNames,
                                    void(CL_CALLBACK *Notify)(cl_program,
                                                              void *),
                                    void *Data) {
  if (!_cl_program::valid(P))
    return CL_INVALID_PROGRAM;
  if (cl_int E = checkProgramDevices(N, Devices))
    return E;
  if ((!Notify && Data) || (NumHeaders && (!Headers || !HeaderNames)) ||
      (!NumHeaders && (Headers || HeaderNames)))
    return CL_INVALID_VALUE;
  if (P->Source.empty() || P->AttachedKernels)
    return CL_INVALID_OPERATION;
  kw::CompileOptions CO;
  std::string Bad;
  if (!parseOptions(Options, CO, Bad)) {
    P->Log = "unknown compiler option " + Bad;
    return CL_INVALID_COMPILER_OPTIONS;
  }
  if (P->Dir.empty())
    P->Dir = makeTempDir();
  if (!writeHeaders(P->Dir, NumHeaders, Headers, HeaderNames))
    return CL_INVALID_VALUE;
  CO.ClangArgs.push_back("-I" + P->Dir + "/include");
  std::string Src = P->Dir + "/program.cl", Bc = P->Dir + "/object.bc", Err;
  P->Options = Options ? Options : "";
  bool Ok = writeAll(Src, P->Source) && kw::compileToBitcode(Src, CO, Bc, Err);
  P->Log = Ok ? "" : buildLog(Err);
  P->Status = Ok ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
  P->BinaryType = Ok ? CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT
                     : CL_PROGRAM_BINARY_TYPE_NONE;
  P->ObjectBc = Ok ? Bc : "";
  if (Notify)
    Notify(P, Data);
  return Ok ? CL_SUCCESS : CL_COMPILE_PROGRAM_FAILURE;
}

cl_program CL_API_CALL clLinkProgram(cl_context C, cl_uint N,
                                     const cl_device_id *Devices,
                                     const char *Options, cl_uint NumInputs,
                                     const cl_program *Inputs,
                                     void(CL_CALLBACK *Notify)(cl_program,
                                                               void *),
                                     void *Data, cl_int *Err) {
  if (!_cl_context::valid(C))
    return failWith<_cl_program>(Err, CL_INVALID_CONTEXT);
  if (cl_int E = checkProgramDevices(N, Devices))
    return failWith<_cl_program>(Err, E);
  if (!NumInputs || !Inputs || (!Notify && Data))
    return failWith<_cl_program>(Err, CL_INVALID_VALUE);
  bool Library;
  if (!parseLinkOptions(Options, Library))
    return failWith<_cl_program>(Err, CL_INVALID_LINKER_OPTIONS);
  std::vector<std::string> Objects;
  for (cl_uint I = 0; I < NumInputs; ++I) {
    if (!_cl_program::valid(Inputs[I]))
      return failWith<_cl_program>(Err, CL_INVALID_PROGRAM);
    if (Inputs[I]->ObjectBc.empty())
      return failWith<_cl_program>(Err, CL_INVALID_OPERATION);
    Objects.push_back(Inputs[I]->ObjectBc);
  }
  auto *P = new _cl_program();
  P->Ctx = C;
  C->retain();
  P->Dir = makeTempDir();
  P->Options = Options ? Options : "";
  std::string Linked = P->Dir + "/linked.bc", Msg;
  bool Ok = kw::linkBitcode(Objects, Linked, Msg);
  if (Ok && Library) {
    P->ObjectBc = Linked;
    P->BinaryType = CL_PROGRAM_BINARY_TYPE_LIBRARY;
  } else if (Ok) {
    std::string So = P->Dir + "/program.so";
    Ok = kw::Program::compile(Linked, kw::CompileOptions(), Msg, So) &&
         loadBuilt(P, So, Msg);
    P->BinaryType = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  }
  P->Status = Ok ? CL_BUILD_SUCCESS : CL_BUILD_ERROR;
  P->Log = Ok ? "" : buildLog(Msg);
  if (Notify)
    Notify(P, Data);
  // A failed link still returns the program: its log says why.
  return failWith(Err, Ok ? CL_SUCCESS : CL_LINK_PROGRAM_FAILURE, P);
}

} // namespace kwocl
