//===- kw-run.cpp - Run an OpenCL kernel NDRange on the host --------------===//
//
/// \file
/// kw-run FILE.cl -k KERNEL --global X[,Y[,Z]] [--local X[,Y[,Z]]]
///        --arg SPEC ... [--novec] [--vf N] [--dim D] [--march CPU]
///        [--threads N] [--seed S] [--repeat N] [--dump FILE]
///        [--emit-so FILE | --so FILE] [--keep-temps DIR] [-DNAME=V]
///
/// Argument SPECs, in the kernel's parameter order:
///   buf:TYPE:COUNT[:INIT]  a buffer; TYPE f32 f64 i32 u32 i64 u64 u8;
///                          INIT rand (default) | rand:LO:HI | zero | iota
///                          | const:V | file:PATH (raw bytes)
///   TYPE:VALUE             a scalar
///   local:BYTES            a __local buffer (one per thread)
/// The first run's buffers are dumped (--dump), one value per line, floats
/// in hexadecimal so that kw-compare.py can compare them exactly.
//
//===----------------------------------------------------------------------===//

#include "kernel-wrap/kw_runtime.h"
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

[[noreturn]] void fail(const std::string &Msg) {
  fprintf(stderr, "kw-run: %s\n", Msg.c_str());
  exit(1);
}

std::vector<std::string> split(const std::string &S, char C) {
  std::vector<std::string> R;
  size_t B = 0;
  for (;;) {
    size_t E = S.find(C, B);
    R.push_back(S.substr(B, E == std::string::npos ? std::string::npos : E - B));
    if (E == std::string::npos)
      return R;
    B = E + 1;
  }
}

size_t typeSize(const std::string &T) {
  if (T == "f32" || T == "i32" || T == "u32")
    return 4;
  if (T == "f64" || T == "i64" || T == "u64")
    return 8;
  if (T == "u8")
    return 1;
  fail("unknown type " + T);
}

bool isFloat(const std::string &T) { return T == "f32" || T == "f64"; }

/// splitmix64: the same numbers on every machine.
struct Rng {
  uint64_t S;
  uint64_t next() {
    uint64_t Z = (S += 0x9e3779b97f4a7c15ull);
    Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
    Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
    return Z ^ (Z >> 31);
  }
  double unit() { return (next() >> 11) * 0x1.0p-53; }
};

void store(const std::string &T, char *P, double V) {
  if (T == "f32") { float X = V; memcpy(P, &X, 4); }
  else if (T == "f64") memcpy(P, &V, 8);
  else if (T == "i32") { int32_t X = (int32_t)V; memcpy(P, &X, 4); }
  else if (T == "u32") { uint32_t X = (uint32_t)V; memcpy(P, &X, 4); }
  else if (T == "i64") { int64_t X = (int64_t)V; memcpy(P, &X, 8); }
  else if (T == "u64") { uint64_t X = (uint64_t)V; memcpy(P, &X, 8); }
  else if (T == "u8") { uint8_t X = (uint8_t)V; memcpy(P, &X, 1); }
}

struct ArgData {
  std::string Kind; // buf, scalar, local
  std::string Type;
  size_t Count = 0;
  std::vector<char> Bytes; // buffer or scalar storage (aligned by vector)
  void *Ptr = nullptr;     // for buffers: the pointer the kernel gets
};

void parseArg(const std::string &Spec, ArgData &A, uint64_t Seed,
              unsigned Index) {
  std::vector<std::string> F = split(Spec, ':');
  if (F[0] == "local") {
    if (F.size() != 2)
      fail("bad local spec " + Spec);
    A.Kind = "local";
    A.Count = std::stoull(F[1]);
    return;
  }
  if (F[0] != "buf") {
    if (F.size() != 2)
      fail("bad scalar spec " + Spec);
    A.Kind = "scalar";
    A.Type = F[0];
    A.Bytes.resize(typeSize(A.Type));
    if (isFloat(A.Type))
      store(A.Type, A.Bytes.data(), std::stod(F[1]));
    else if (A.Type[0] == 'u') {
      uint64_t V = std::stoull(F[1]);
      memcpy(A.Bytes.data(), &V, A.Bytes.size());
    } else {
      int64_t V = std::stoll(F[1]);
      memcpy(A.Bytes.data(), &V, A.Bytes.size());
    }
    return;
  }
  if (F.size() < 3)
    fail("bad buffer spec " + Spec);
  A.Kind = "buf";
  A.Type = F[1];
  A.Count = std::stoull(F[2]);
  size_t Elt = typeSize(A.Type);
  A.Bytes.assign(A.Count * Elt + 64, 0);
  std::string Init = F.size() > 3 ? F[3] : "rand";
  char *P = A.Bytes.data();
  if (Init == "rand") {
    double Lo = isFloat(A.Type) ? 0 : 0, Hi = isFloat(A.Type) ? 1 : 100;
    if (F.size() == 6) {
      Lo = std::stod(F[4]);
      Hi = std::stod(F[5]);
    } else if (F.size() > 4) {
      fail("bad rand spec " + Spec);
    }
    Rng R{Seed * 1000003u + Index};
    for (size_t I = 0; I < A.Count; ++I) {
      double U = R.unit();
      double V = Lo + (Hi - Lo) * U;
      if (!isFloat(A.Type))
        V = std::floor(V);
      store(A.Type, P + I * Elt, V);
    }
  } else if (Init == "zero") {
  } else if (Init == "iota") {
    for (size_t I = 0; I < A.Count; ++I)
      store(A.Type, P + I * Elt, double(I));
  } else if (Init == "const" && F.size() == 5) {
    for (size_t I = 0; I < A.Count; ++I)
      store(A.Type, P + I * Elt, std::stod(F[4]));
  } else if (Init == "file" && F.size() == 5) {
    std::ifstream In(F[4], std::ios::binary);
    if (!In)
      fail("cannot read " + F[4]);
    In.read(P, A.Count * Elt);
  } else {
    fail("bad buffer init " + Spec);
  }
}

void dump(FILE *Out, const ArgData &A, unsigned Index) {
  fprintf(Out, "arg%u %s %zu\n", Index, A.Type.c_str(), A.Count);
  const char *P = A.Bytes.data();
  for (size_t I = 0; I < A.Count; ++I) {
    const char *E = P + I * typeSize(A.Type);
    if (A.Type == "f32") { float X; memcpy(&X, E, 4); fprintf(Out, "%a\n", X); }
    else if (A.Type == "f64") { double X; memcpy(&X, E, 8); fprintf(Out, "%a\n", X); }
    else if (A.Type == "i32") { int32_t X; memcpy(&X, E, 4); fprintf(Out, "%" PRId32 "\n", X); }
    else if (A.Type == "u32") { uint32_t X; memcpy(&X, E, 4); fprintf(Out, "%" PRIu32 "\n", X); }
    else if (A.Type == "i64") { int64_t X; memcpy(&X, E, 8); fprintf(Out, "%" PRId64 "\n", X); }
    else if (A.Type == "u64") { uint64_t X; memcpy(&X, E, 8); fprintf(Out, "%" PRIu64 "\n", X); }
    else if (A.Type == "u8") fprintf(Out, "%u\n", unsigned((unsigned char)*E));
  }
}

void parseSizes(const std::string &S, uint64_t Out[3], unsigned *Dims) {
  std::vector<std::string> F = split(S, ',');
  if (F.empty() || F.size() > 3)
    fail("bad size list " + S);
  for (unsigned D = 0; D < F.size(); ++D)
    Out[D] = std::stoull(F[D]);
  if (Dims)
    *Dims = F.size();
}

} // namespace

int main(int argc, char **argv) {
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
  std::string Bad = R.check();
  if (!Bad.empty())
    fail(Bad);

  std::vector<ArgData> Data(ArgSpecs.size());
  std::vector<kw::Arg> Args(ArgSpecs.size());
  for (unsigned I = 0; I < ArgSpecs.size(); ++I) {
    parseArg(ArgSpecs[I], Data[I], Seed, I);
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
  std::vector<double> Sorted = Times;
  std::sort(Sorted.begin(), Sorted.end());
  if (!Quiet)
    printf("run: %s, %u thread(s), %u run(s): min %.3f ms, median %.3f ms\n",
           Kernel.c_str(), Pool.size(), Repeat, Sorted.front() * 1e3,
           Sorted[Sorted.size() / 2] * 1e3);
  return 0;
}
