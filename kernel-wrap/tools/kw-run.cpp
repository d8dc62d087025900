//===- kw-run.cpp - Run an OpenCL kernel NDRange on the host --------------===//
//
/// \file
/// kw-run FILE.cl -k KERNEL --global X[,Y[,Z]] [--local X[,Y[,Z]]]
///        --arg SPEC ... [--novec] [--vf N] [--dim D] [--march CPU]
///        [--lockstep]
///        [--threads N] [--seed S] [--repeat N] [--dump FILE]
///        [--emit-so FILE | --so FILE] [--keep-temps DIR] [-DNAME=V]
///
/// Argument SPECs, in the kernel's parameter order:
///   buf:TYPE:COUNT[:INIT]  a buffer; TYPE f32 f64 i32 u32 i64 u64 u8;
///                          INIT rand (default) | rand:LO:HI | zero | iota
///                          | const:V | file:PATH (raw bytes)
///                          | prefix:LO:HI (offsets of rows LO..HI long)
///   TYPE:VALUE             a scalar
///   local:BYTES            a __local buffer (one per thread)
/// The first run's buffers are dumped (--dump), one value per line, floats
/// in hexadecimal so that kw-compare.py can compare them exactly.
//
//===----------------------------------------------------------------------===//

#include "kernel-wrap/kw_runtime.h"
#include "kw_args.h"
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <pthread.h>
#include <string>
#include <thread>
#include <vector>

using namespace kwargs;

static int kwRunMain(int argc, char **argv) {
  std::string Src, Kernel, Dump, EmitSo, LoadSo, GlobalS, LocalS, OffsetS;
  std::vector<std::string> ArgSpecs;
  kw::CompileOptions CO;
  unsigned Threads = std::max(1u, std::thread::hardware_concurrency());
  unsigned Repeat = 1;
  uint64_t Seed = 1;
  bool Quiet = false;
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    auto Next = [&]() -> std::string {
      if (I + 1 >= argc)
        fail("missing value after " + A);
      return argv[++I];
    };
    if (A == "-k" || A == "--kernel") Kernel = Next();
    else if (A == "--global") GlobalS = Next();
    else if (A == "--local") LocalS = Next();
    else if (A == "--offset") OffsetS = Next();
    else if (A == "--arg") ArgSpecs.push_back(Next());
    else if (A == "--novec") CO.NoVec = true;
    else if (A == "--lockstep") CO.Lockstep = true;
    else if (A == "--vf") CO.VF = std::stoul(Next());
    else if (A == "--dim") CO.Dim = std::stoi(Next());
    else if (A == "--march") CO.March = Next();
    else if (A == "--cl-std") CO.ClStd = Next();
    else if (A == "--threads") Threads = std::stoul(Next());
    else if (A == "--seed") Seed = std::stoull(Next());
    else if (A == "--repeat") Repeat = std::max(1ul, std::stoul(Next()));
    else if (A == "--dump") Dump = Next();
    else if (A == "--emit-so") EmitSo = Next();
    else if (A == "--so") LoadSo = Next();
    else if (A == "--keep-temps") CO.TempDir = Next();
    else if (A == "-q" || A == "--quiet") Quiet = true;
    else if (A.rfind("-D", 0) == 0 || A.rfind("-I", 0) == 0) CO.ClangArgs.push_back(A);
    // OpenCL build options (clBuildProgram's): to clang, as given.
    else if (A.rfind("-cl-std=", 0) == 0) CO.ClStd = A.substr(8);
    else if (A.rfind("-cl-", 0) == 0) CO.ClangArgs.push_back(A);
    else if (A[0] == '-') fail("unknown option " + A);
    else Src = A;
  }
  std::string Err;
  std::unique_ptr<kw::Program> P;
  if (!LoadSo.empty()) {
    P = kw::Program::load(LoadSo, Err);
  } else {
    if (Src.empty())
      fail("no source file");
    P = kw::Program::compile(Src, CO, Err, EmitSo);
  }
  if (!P)
    fail(Err);
  if (!Quiet && LoadSo.empty())
    printf("compile: %.3f s%s\n", P->CompileSeconds, CO.NoVec ? " (novec)" : "");
  if (Kernel.empty()) {
    if (!EmitSo.empty())
      return 0;
    fail("no kernel (-k)");
  }
  kw_wg_fn Fn = P->kernel(Kernel);
  if (!Fn)
    fail("no work-group function for kernel " + Kernel);
  if (GlobalS.empty())
    return 0;

  kw::NDRange R;
  parseSizes(GlobalS, R.Global, &R.Dims);
  if (!LocalS.empty()) {
    unsigned LD;
    parseSizes(LocalS, R.Local, &LD);
    if (LD != R.Dims)
      fail("--local must have as many dimensions as --global");
  }
  if (!OffsetS.empty())
    parseSizes(OffsetS, R.Offset, nullptr);
  // A kernel with reqd_work_group_size runs groups of that size only.
  if (const uint64_t *Reqd = P->requiredSize(Kernel)) {
    for (unsigned D = 0; D < 3 && LocalS.empty(); ++D)
      R.Local[D] = Reqd[D];
    if (!std::equal(Reqd, Reqd + 3, R.Local))
      fail("kernel " + Kernel + " requires work groups of " +
           std::to_string(Reqd[0]) + "x" + std::to_string(Reqd[1]) + "x" +
           std::to_string(Reqd[2]) + " (CL_INVALID_WORK_GROUP_SIZE)");
  }
  std::string Bad = R.check();
  if (!Bad.empty())
    fail(Bad);

  std::vector<ArgData> Data(ArgSpecs.size());
  std::vector<kw::Arg> Args(ArgSpecs.size());
  for (unsigned I = 0; I < ArgSpecs.size(); ++I)
    parseArg(ArgSpecs[I], Data[I], Seed, I);
  if (const char *Sig = P->signature(Kernel))
    checkArgs(Kernel, Sig, Data);
  for (unsigned I = 0; I < ArgSpecs.size(); ++I) {
    if (Data[I].Kind == "local") {
      Args[I].LocalBytes = Data[I].Count;
    } else if (Data[I].Kind == "buf") {
      Data[I].Ptr = Data[I].Bytes.data();
      Args[I].Value = &Data[I].Ptr;
    } else {
      Args[I].Value = Data[I].Bytes.data();
    }
  }
  kw::ThreadPool Pool(Threads);
  std::vector<double> Times;
  for (unsigned Run = 0; Run < Repeat; ++Run) {
    Times.push_back(Pool.run(Fn, Args, R));
    if (Run == 0 && !Dump.empty()) {
      FILE *Out = fopen(Dump.c_str(), "w");
      if (!Out)
        fail("cannot write " + Dump);
      for (unsigned I = 0; I < Data.size(); ++I)
        if (Data[I].Kind == "buf")
          dump(Out, Data[I], I);
      fclose(Out);
    }
  }
  // The first run warms caches and pages; it is not timed when others are.
  std::vector<double> Sorted(Times.begin() + (Times.size() > 1), Times.end());
  std::sort(Sorted.begin(), Sorted.end());
  if (!Quiet)
    printf("run: %s, %u thread(s), %u run(s): min %.3f ms, median %.3f ms\n",
           Kernel.c_str(), Pool.size(), Repeat, Sorted.front() * 1e3,
           Sorted[Sorted.size() / 2] * 1e3);
  return 0;
}

// The runner runs on a thread with the pool threads' stack, so that the
// thread pool uses it for work groups too (see kw::ThreadPool).
int main(int argc, char **argv) {
  struct Call {
    int Argc;
    char **Argv;
    int Result;
  } C{argc, argv, 1};
  pthread_attr_t Attr;
  pthread_attr_init(&Attr);
  pthread_attr_setstacksize(&Attr, size_t(64) << 20);
  pthread_t T;
  if (pthread_create(
          &T, &Attr,
          [](void *P) -> void * {
            auto *C = static_cast<Call *>(P);
            C->Result = kwRunMain(C->Argc, C->Argv);
            return nullptr;
          },
          &C) != 0)
    return kwRunMain(argc, argv);
  pthread_join(T, nullptr);
  pthread_attr_destroy(&Attr);
  return C.Result;
}
