//===- kw_args.h - Kernel argument specs shared by kw-run and kw-pocl ------===//
//
/// \file
/// The --arg SPEC syntax (see kw-run.cpp), the seeded input generator and
/// the --dump format, shared by our runner and the pocl host program so
/// both see the same inputs and write comparable outputs.
//
//===----------------------------------------------------------------------===//

#ifndef KERNELWRAP_TOOLS_KW_ARGS_H
#define KERNELWRAP_TOOLS_KW_ARGS_H

#include "kernel-wrap/kw_memory.h"
#include "kernel-wrap/kw_signature.h"
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#ifndef KW_TOOL_NAME
#define KW_TOOL_NAME "kw-run"
#endif

namespace kwargs {

[[noreturn]] inline void fail(const std::string &Msg) {
  fprintf(stderr, KW_TOOL_NAME ": %s\n", Msg.c_str());
  exit(1);
}

inline std::vector<std::string> split(const std::string &S, char C) {
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

inline size_t typeSize(const std::string &T) {
  if (T == "f32" || T == "i32" || T == "u32")
    return 4;
  if (T == "f64" || T == "i64" || T == "u64")
    return 8;
  if (T == "i16" || T == "u16")
    return 2;
  if (T == "i8" || T == "u8")
    return 1;
  fail("unknown type " + T + " (f32 f64 i8 u8 i16 u16 i32 u32 i64 u64)");
}

inline bool isFloat(const std::string &T) { return T == "f32" || T == "f64"; }

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

inline void store(const std::string &T, char *P, double V) {
  if (T == "f32") { float X = V; memcpy(P, &X, 4); }
  else if (T == "f64") memcpy(P, &V, 8);
  else if (T == "i32") { int32_t X = (int32_t)V; memcpy(P, &X, 4); }
  else if (T == "u32") { uint32_t X = (uint32_t)V; memcpy(P, &X, 4); }
  else if (T == "i64") { int64_t X = (int64_t)V; memcpy(P, &X, 8); }
  else if (T == "u64") { uint64_t X = (uint64_t)V; memcpy(P, &X, 8); }
  else if (T == "i16") { int16_t X = (int16_t)V; memcpy(P, &X, 2); }
  else if (T == "u16") { uint16_t X = (uint16_t)V; memcpy(P, &X, 2); }
  else if (T == "i8") { int8_t X = (int8_t)V; memcpy(P, &X, 1); }
  else if (T == "u8") { uint8_t X = (uint8_t)V; memcpy(P, &X, 1); }
}

/// Zeroed host memory for a buffer (kw::allocBufferMemory: 64-byte
/// aligned, huge pages when large).
class HostBuffer {
public:
  HostBuffer() = default;
  HostBuffer(const HostBuffer &) = delete;
  HostBuffer(HostBuffer &&O) noexcept : P(O.P), N(O.N) { O.P = nullptr; O.N = 0; }
  ~HostBuffer() { free(P); }
  void assign(size_t Bytes, char) {
    free(P);
    P = kw::allocBufferMemory(Bytes, 64);
    if (!P)
      fail("out of memory");
    N = Bytes;
  }
  void resize(size_t Bytes) { assign(Bytes, 0); }
  char *data() { return P; }
  const char *data() const { return P; }
  size_t size() const { return N; }

private:
  char *P = nullptr;
  size_t N = 0;
};

struct ArgData {
  std::string Kind; // buf, scalar, local
  std::string Type;
  size_t Count = 0;
  HostBuffer Bytes; // buffer or scalar storage
  void *Ptr = nullptr;     // for buffers: the pointer the kernel gets
};

/// Fails, as clSetKernelArg and clEnqueueNDRangeKernel would refuse them,
/// when the arguments \p Data do not fit the parameter list \p Sig of
/// \p Kernel (kw_abi.h's KW_SIG_PREFIX): their number, a buffer for each
/// __global or __constant pointer, a local size for each __local one, a
/// value of the parameter's size for the rest.
inline void checkArgs(const std::string &Kernel, const std::string &Sig,
                      const std::vector<ArgData> &Data) {
  std::vector<kw::KernelParam> Params = kw::parseSignature(Sig.c_str());
  if (Params.size() != Data.size())
    fail("kernel " + Kernel + " takes " + std::to_string(Params.size()) +
         " argument(s), " + std::to_string(Data.size()) +
         " given (CL_INVALID_KERNEL_ARGS)");
  for (size_t I = 0; I < Params.size(); ++I) {
    const kw::KernelParam &P = Params[I];
    const ArgData &A = Data[I];
    std::string Which = "argument " + std::to_string(I) + " of " + Kernel +
                        " (" + P.Type + ")";
    if (P.K == kw::KernelParam::Buffer && A.Kind != "buf")
      fail(Which + " is a buffer: give buf:TYPE:COUNT[:INIT] "
                   "(CL_INVALID_ARG_VALUE)");
    if (P.K == kw::KernelParam::Local && A.Kind != "local")
      fail(Which + " is __local: give local:BYTES (CL_INVALID_ARG_VALUE)");
    if (P.K == kw::KernelParam::Value) {
      std::string Bytes = std::to_string(P.Bytes);
      if (A.Kind != "scalar")
        fail(Which + " is a value of " + Bytes +
             " bytes: give TYPE:VALUE (CL_INVALID_ARG_VALUE)");
      if (A.Bytes.size() != P.Bytes)
        fail(Which + " takes " + Bytes + " bytes, " + A.Type + " has " +
             std::to_string(A.Bytes.size()) + " (CL_INVALID_ARG_SIZE)");
    }
  }
}

inline void parseArg(const std::string &Spec, ArgData &A, uint64_t Seed,
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
    // TYPE:VALUE, or TYPE:V0,V1,... for a vector (f32:1,2,3,4 a float4).
    A.Kind = "scalar";
    A.Type = F[0];
    std::vector<std::string> Vals = split(F[1], ',');
    size_t Elt = typeSize(A.Type);
    A.Bytes.resize(Elt * Vals.size());
    for (size_t I = 0; I < Vals.size(); ++I) {
      char *P = A.Bytes.data() + I * Elt;
      if (isFloat(A.Type))
        store(A.Type, P, std::stod(Vals[I]));
      else if (A.Type[0] == 'u') {
        uint64_t V = std::stoull(Vals[I]);
        memcpy(P, &V, Elt);
      } else {
        int64_t V = std::stoll(Vals[I]);
        memcpy(P, &V, Elt);
      }
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
  } else if (Init == "prefix" && F.size() == 6) {
    // Offsets of rows of random lengths in [LO, HI]: a CSR row pointer.
    Rng R{Seed * 1000003u + Index};
    double Lo = std::stod(F[4]), Hi = std::stod(F[5]), Sum = 0;
    for (size_t I = 0; I < A.Count; ++I) {
      store(A.Type, P + I * Elt, Sum);
      Sum += std::floor(Lo + (Hi - Lo + 1) * R.unit());
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

inline void dump(FILE *Out, const ArgData &A, unsigned Index) {
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
    else if (A.Type == "i16") { int16_t X; memcpy(&X, E, 2); fprintf(Out, "%d\n", int(X)); }
    else if (A.Type == "u16") { uint16_t X; memcpy(&X, E, 2); fprintf(Out, "%u\n", unsigned(X)); }
    else if (A.Type == "i8") fprintf(Out, "%d\n", int((signed char)*E));
    else if (A.Type == "u8") fprintf(Out, "%u\n", unsigned((unsigned char)*E));
  }
}

inline void parseSizes(const std::string &S, uint64_t Out[3], unsigned *Dims) {
  std::vector<std::string> F = split(S, ',');
  if (F.empty() || F.size() > 3)
    fail("bad size list " + S);
  for (unsigned D = 0; D < F.size(); ++D)
    Out[D] = std::stoull(F[D]);
  if (Dims)
    *Dims = F.size();
}

} // namespace kwargs

#endif // KERNELWRAP_TOOLS_KW_ARGS_H
