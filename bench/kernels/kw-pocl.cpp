//===- kw-pocl.cpp - The corpus kernels on an OpenCL CPU device (pocl) -----===//
//
/// \file
/// Same command line and inputs as kw-run (kw_args.h), so bench/kernels can
/// run one kernel configuration on pocl and on kernel-wrap and compare the
/// answers and the times:
///   kw-pocl FILE.cl -k KERNEL --global ... --local ... [--offset ...]
///           --arg ... [-DX=Y]
///           [--repeat N] [--seed S] [--dump FILE]
/// Threads: POCL_MAX_PTHREAD_COUNT in the environment. The time is the
/// NDRange enqueue to clFinish, the first run (pocl builds its work-group
/// function for the local size then) not counted.
//
//===----------------------------------------------------------------------===//

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#define KW_TOOL_NAME "kw-pocl"
#include "kw_args.h"
#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>

using namespace kwargs;

static void check(cl_int E, const char *What) {
  if (E != CL_SUCCESS)
    fail(std::string(What) + " failed: " + std::to_string(E));
}

int main(int argc, char **argv) {
  std::string Src, Kernel, Dump, GlobalS, LocalS, OffsetS,
      Options = "-cl-std=CL1.2";
  std::vector<std::string> Specs;
  unsigned Repeat = 1;
  uint64_t Seed = 1;
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    auto Next = [&]() -> std::string {
      if (I + 1 >= argc)
        fail("missing value after " + A);
      return argv[++I];
    };
    if (A == "-k") Kernel = Next();
    else if (A == "--global") GlobalS = Next();
    else if (A == "--local") LocalS = Next();
    else if (A == "--offset") OffsetS = Next();
    else if (A == "--arg") Specs.push_back(Next());
    else if (A == "--repeat") Repeat = std::max(1ul, std::stoul(Next()));
    else if (A == "--seed") Seed = std::stoull(Next());
    else if (A == "--threads") Next(); // POCL_MAX_PTHREAD_COUNT decides
    else if (A == "--dump") Dump = Next();
    else if (A.rfind("-D", 0) == 0) Options += " " + A;
    else if (A[0] == '-') fail("unknown option " + A);
    else Src = A;
  }
  std::ifstream In(Src);
  if (!In)
    fail("cannot read " + Src);
  std::stringstream SS;
  SS << In.rdbuf();
  std::string Text = SS.str();

  cl_uint NP = 0;
  check(clGetPlatformIDs(0, nullptr, &NP), "clGetPlatformIDs");
  std::vector<cl_platform_id> Plats(NP);
  check(clGetPlatformIDs(NP, Plats.data(), nullptr), "clGetPlatformIDs");
  cl_device_id Dev = nullptr;
  for (cl_platform_id P : Plats)
    if (clGetDeviceIDs(P, CL_DEVICE_TYPE_CPU, 1, &Dev, nullptr) == CL_SUCCESS)
      break;
  if (!Dev)
    fail("no OpenCL CPU device");
  char Name[256] = {0}, Ver[256] = {0};
  clGetDeviceInfo(Dev, CL_DEVICE_NAME, sizeof Name, Name, nullptr);
  clGetDeviceInfo(Dev, CL_DEVICE_VERSION, sizeof Ver, Ver, nullptr);
  cl_int E;
  cl_context Ctx = clCreateContext(nullptr, 1, &Dev, nullptr, nullptr, &E);
  check(E, "clCreateContext");
  cl_command_queue Q = clCreateCommandQueue(Ctx, Dev, 0, &E);
  check(E, "clCreateCommandQueue");
  const char *TextP = Text.c_str();
  cl_program Prog = clCreateProgramWithSource(Ctx, 1, &TextP, nullptr, &E);
  check(E, "clCreateProgramWithSource");
  auto T0 = std::chrono::steady_clock::now();
  if (clBuildProgram(Prog, 1, &Dev, Options.c_str(), nullptr, nullptr) !=
      CL_SUCCESS) {
    size_t N = 0;
    clGetProgramBuildInfo(Prog, Dev, CL_PROGRAM_BUILD_LOG, 0, nullptr, &N);
    std::string Log(N, '\0');
    clGetProgramBuildInfo(Prog, Dev, CL_PROGRAM_BUILD_LOG, N, &Log[0], nullptr);
    fail("build failed:\n" + Log);
  }
  double BuildS =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0).count();
  cl_kernel K = clCreateKernel(Prog, Kernel.c_str(), &E);
  check(E, "clCreateKernel");

  uint64_t G[3] = {1, 1, 1}, L[3] = {1, 1, 1}, Off[3] = {0, 0, 0};
  unsigned Dims = 1, LD = 1;
  parseSizes(GlobalS, G, &Dims);
  parseSizes(LocalS, L, &LD);
  if (!OffsetS.empty())
    parseSizes(OffsetS, Off, nullptr);
  std::vector<ArgData> Data(Specs.size());
  std::vector<cl_mem> Mems(Specs.size(), nullptr);
  for (unsigned I = 0; I < Specs.size(); ++I) {
    parseArg(Specs[I], Data[I], Seed, I);
    if (Data[I].Kind == "local") {
      check(clSetKernelArg(K, I, Data[I].Count, nullptr), "clSetKernelArg");
    } else if (Data[I].Kind == "buf") {
      size_t Bytes = Data[I].Count * typeSize(Data[I].Type);
      Mems[I] = clCreateBuffer(Ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                               Bytes ? Bytes : 1, Data[I].Bytes.data(), &E);
      check(E, "clCreateBuffer");
      check(clSetKernelArg(K, I, sizeof(cl_mem), &Mems[I]), "clSetKernelArg");
    } else {
      check(clSetKernelArg(K, I, Data[I].Bytes.size(), Data[I].Bytes.data()),
            "clSetKernelArg");
    }
  }
  size_t GS[3] = {G[0], G[1], G[2]}, LS[3] = {L[0], L[1], L[2]},
         OS[3] = {Off[0], Off[1], Off[2]};
  std::vector<double> Times;
  for (unsigned R = 0; R < Repeat; ++R) {
    auto S = std::chrono::steady_clock::now();
    check(clEnqueueNDRangeKernel(Q, K, Dims, OffsetS.empty() ? nullptr : OS,
                                 GS, LS, 0, nullptr,
                                 nullptr),
          "clEnqueueNDRangeKernel");
    check(clFinish(Q), "clFinish");
    Times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - S)
            .count());
    if (R == 0 && !Dump.empty()) {
      FILE *Out = fopen(Dump.c_str(), "w");
      if (!Out)
        fail("cannot write " + Dump);
      for (unsigned I = 0; I < Data.size(); ++I)
        if (Data[I].Kind == "buf") {
          check(clEnqueueReadBuffer(Q, Mems[I], CL_TRUE, 0,
                                    Data[I].Count * typeSize(Data[I].Type),
                                    Data[I].Bytes.data(), 0, nullptr, nullptr),
                "clEnqueueReadBuffer");
          dump(Out, Data[I], I);
        }
      fclose(Out);
    }
  }
  std::vector<double> Sorted(Times.begin() + (Times.size() > 1), Times.end());
  std::sort(Sorted.begin(), Sorted.end());
  printf("device: %s (%s), build %.3f s\n", Name, Ver, BuildS);
  printf("run: %s, %u run(s): min %.3f ms, median %.3f ms\n", Kernel.c_str(),
         Repeat, Sorted.front() * 1e3, Sorted[Sorted.size() / 2] * 1e3);
  for (cl_mem M : Mems)
    if (M)
      clReleaseMemObject(M);
  clReleaseKernel(K);
  clReleaseProgram(Prog);
  clReleaseCommandQueue(Q);
  clReleaseContext(Ctx);
  return 0;
}
