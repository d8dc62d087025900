// bench/mixed driver: checks every configuration's loops against the scalar
// reference (ref_, gcc -O0) bit for bit, then times them.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define DECL(p)                                                                \
  extern "C" void p##mixed(const float *, float *, int);                       \
  extern "C" void p##mixed8(const float *, float *, int);                      \
  extern "C" void p##fibloop(const int *, int *, int);
DECL(ref_) DECL(gcc_) DECL(plain_) DECL(ours_)

struct Config {
  const char *Name;
  void (*Mixed)(const float *, float *, int);
  void (*Mixed8)(const float *, float *, int);
  void (*Fib)(const int *, int *, int);
};
static const Config Configs[] = {
    {"gcc", gcc_mixed, gcc_mixed8, gcc_fibloop},
    {"plain", plain_mixed, plain_mixed8, plain_fibloop},
    {"ours", ours_mixed, ours_mixed8, ours_fibloop},
};

static std::vector<float> floats(int N) {
  std::vector<float> V(N);
  unsigned S = 12345;
  for (float &X : V) {
    S = S * 1103515245u + 12345u;
    X = float(int(S >> 8) % 20001 - 10000) / 97.0f;
  }
  return V;
}

// Recursion depths 16 .. 16 + Spread, one per lane.
static std::vector<int> depths(int N, int Spread) {
  std::vector<int> V(N);
  unsigned S = 777;
  for (int &X : V) {
    S = S * 1103515245u + 12345u;
    X = 16 + int((S >> 8) % unsigned(Spread + 1));
  }
  return V;
}

static bool check() {
  bool OK = true;
  const int N = 4099;
  std::vector<float> B = floats(N), Want(N), Got(N);
  std::vector<int> In = depths(257, 8), IWant(257), IGot(257);
  ref_mixed(B.data(), Want.data(), N);
  ref_fibloop(In.data(), IWant.data(), 257);
  for (const Config &C : Configs) {
    for (auto *L : {C.Mixed, C.Mixed8}) {
      L(B.data(), Got.data(), N);
      if (std::memcmp(Got.data(), Want.data(), N * sizeof(float))) {
        std::printf("%s: mixed loop differs from the reference\n", C.Name);
        OK = false;
      }
    }
    C.Fib(In.data(), IGot.data(), 257);
    if (IGot != IWant) {
      std::printf("%s: fib loop differs from the reference\n", C.Name);
      OK = false;
    }
  }
  return OK;
}

static void BM_mixed(benchmark::State &St, const Config *C, bool Width8) {
  int N = int(St.range(0));
  std::vector<float> B = floats(N), A(N);
  auto *L = Width8 ? C->Mixed8 : C->Mixed;
  for (auto _ : St) {
    L(B.data(), A.data(), N);
    benchmark::DoNotOptimize(A.data());
  }
  St.counters["ns_per_elt"] = benchmark::Counter(
      double(N) * St.iterations(),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

static void BM_fib(benchmark::State &St, const Config *C) {
  int Spread = int(St.range(0));
  std::vector<int> In = depths(64, Spread), Out(64);
  for (auto _ : St) {
    C->Fib(In.data(), Out.data(), 64);
    benchmark::DoNotOptimize(Out.data());
  }
}

int main(int argc, char **argv) {
  if (!check())
    return 1;
  for (const Config &C : Configs) {
    benchmark::RegisterBenchmark((std::string("mixed/") + C.Name).c_str(),
                                 BM_mixed, &C, false)
        ->Arg(65536);
    benchmark::RegisterBenchmark((std::string("mixed8/") + C.Name).c_str(),
                                 BM_mixed, &C, true)
        ->Arg(65536);
    benchmark::RegisterBenchmark((std::string("fib/") + C.Name).c_str(),
                                 BM_fib, &C)
        ->Arg(0)
        ->Arg(4)
        ->Arg(8)
        ->Unit(benchmark::kMicrosecond);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
