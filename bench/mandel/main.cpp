// Mandelbrot benchmark driver (Google Benchmark): the library-style
// kernels (kernels.cpp) as built by gcc, plain clang and clang + vecclone
// at -march=x86-64-v3 and -v4, against hand-written AVX2 and AVX-512
// versions (hand_avx2.cpp). Before anything is timed, every version's image is
// compared with the scalar reference (kernels.cpp built without
// vectorization, PFX=ref_); a version that differs is reported and not
// timed, and the run fails.
#include "mandel.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

MANDEL_DECLARE(ref_)
MANDEL_DECLARE(gcc_v3_)
MANDEL_DECLARE(plain_v3_)
MANDEL_DECLARE(ours_v3_)
MANDEL_DECLARE(gcc_v4_)
MANDEL_DECLARE(plain_v4_)
MANDEL_DECLARE(ours_v4_)
extern "C" void hand_avx2(const MandelArgs &, int *);
extern "C" void hand_avx512(const MandelArgs &, int *);

namespace {
// The library example's image: 1200 x 800 pixels of [-2, 1] x [-1, 1], at
// most 256 iterations.
const MandelArgs Args = {-2.0f, -1.0f, 1.0f, 1.0f, 1200, 800, 256};

struct Version {
  std::string Name;
  MandelFn Fn;
  bool NeedsAVX512;
};

#define MANDEL_VERSIONS(CFG, V4)                                               \
  {#CFG "/omp", CFG##_omp, V4}, {#CFG "/ompacc", CFG##_ompacc, V4},            \
      {#CFG "/declsimd", CFG##_declsimd, V4}

std::vector<Version> versions() {
  return {{"hand/avx2", hand_avx2, false}, {"hand/avx512", hand_avx512, true},
          MANDEL_VERSIONS(gcc_v3, false),
          MANDEL_VERSIONS(plain_v3, false), MANDEL_VERSIONS(ours_v3, false),
          MANDEL_VERSIONS(gcc_v4, true),   MANDEL_VERSIONS(plain_v4, true),
          MANDEL_VERSIONS(ours_v4, true)};
}

void run(benchmark::State &State, MandelFn Fn) {
  std::vector<int> Out(size_t(Args.Width) * Args.Height);
  for (auto _ : State) {
    Fn(Args, Out.data());
    benchmark::DoNotOptimize(Out.data());
    benchmark::ClobberMemory();
  }
}
} // namespace

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  size_t Pixels = size_t(Args.Width) * Args.Height;
  std::vector<int> Want(Pixels), Got(Pixels);
  ref_omp(Args, Want.data());
  bool HasAVX512 = __builtin_cpu_supports("avx512f");
  int Wrong = 0;
  for (const Version &V : versions()) {
    if (V.NeedsAVX512 && !HasAVX512)
      continue;
    std::fill(Got.begin(), Got.end(), -1);
    V.Fn(Args, Got.data());
    size_t Bad = 0;
    for (size_t K = 0; K < Pixels; ++K)
      Bad += Got[K] != Want[K];
    if (Bad) {
      std::printf("WRONG: %s differs from the scalar reference in %zu "
                  "pixels; not timed\n",
                  V.Name.c_str(), Bad);
      ++Wrong;
      continue;
    }
    benchmark::RegisterBenchmark(V.Name.c_str(), run, V.Fn)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  std::printf("checked against the scalar reference: %s\n",
              Wrong ? "FAILED" : "all equal");
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return Wrong != 0;
}
