// Times the C++ workload built three ways (gcc: g++ clones; ours: clang++
// -fplugin=VecCloneFrontend.so; plain: clang++ alone) after checking every
// element of every build against the scalar reference (ref, g++ -O0).
#include <benchmark/benchmark.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define BENCH_NS ref
#include "eos.h"
#undef BENCH_NS
#define BENCH_NS gcc
#include "eos.h"
#undef BENCH_NS
#define BENCH_NS ours
#include "eos.h"
#undef BENCH_NS
#define BENCH_NS plain
#include "eos.h"
#undef BENCH_NS

namespace {
constexpr int N = 4096;
struct Data {
  std::vector<double> Rho, U, Eint, Out;
  Data() : Rho(N + 1), U(N + 1), Eint(N + 1), Out(N) {
    unsigned long long S = 88172645463325252ull;
    auto R = [&] {
      S = S * 6364136223846793005ull + 1442695040888963407ull;
      return (double)(S >> 11) / 9007199254740992.0;
    };
    for (int I = 0; I <= N; ++I) {
      Rho[I] = 0.1 + R();
      U[I] = 4 * R() - 2; // both signs: the flux branches diverge
      Eint[I] = 0.5 + R();
    }
  }
};
Data &data() {
  static Data D;
  return D;
}

template <typename E, typename FluxFn, typename PresFn>
bool check(const char *Name, FluxFn Flux, PresFn Pres) {
  Data &D = data();
  std::vector<double> Want(N), Got(N);
  ref::fluxes(ref::Eos(1.4), D.Rho.data(), D.U.data(), D.Eint.data(),
              Want.data(), N);
  Flux(E(1.4), D.Rho.data(), D.U.data(), D.Eint.data(), Got.data(), N);
  bool Ok = std::memcmp(Want.data(), Got.data(), N * sizeof(double)) == 0;
  ref::pressures(ref::Eos(1.4), D.Rho.data(), D.Eint.data(), Want.data(), N);
  Pres(E(1.4), D.Rho.data(), D.Eint.data(), Got.data(), N);
  Ok &= std::memcmp(Want.data(), Got.data(), N * sizeof(double)) == 0;
  if (!Ok)
    std::fprintf(stderr, "bench-cxx: %s gives wrong answers\n", Name);
  return Ok;
}

template <typename E, typename FluxFn>
void runFlux(benchmark::State &St, FluxFn Flux) {
  Data &D = data();
  E Eos(1.4);
  for (auto _ : St) {
    Flux(Eos, D.Rho.data(), D.U.data(), D.Eint.data(), D.Out.data(), N);
    benchmark::DoNotOptimize(D.Out.data());
  }
  St.SetItemsProcessed(St.iterations() * N);
}
template <typename E, typename PresFn>
void runPres(benchmark::State &St, PresFn Pres) {
  Data &D = data();
  E Eos(1.4);
  for (auto _ : St) {
    Pres(Eos, D.Rho.data(), D.Eint.data(), D.Out.data(), N);
    benchmark::DoNotOptimize(D.Out.data());
  }
  St.SetItemsProcessed(St.iterations() * N);
}
} // namespace

#define REGISTER(NS)                                                           \
  benchmark::RegisterBenchmark("hll/" #NS, runFlux<NS::Eos, decltype(&NS::fluxes)>, \
                               &NS::fluxes);                                   \
  benchmark::RegisterBenchmark("eos/" #NS,                                     \
                               runPres<NS::Eos, decltype(&NS::pressures)>,     \
                               &NS::pressures);

int main(int Argc, char **Argv) {
  bool Ok = check<gcc::Eos>("gcc", &gcc::fluxes, &gcc::pressures) &
            check<ours::Eos>("ours", &ours::fluxes, &ours::pressures) &
            check<plain::Eos>("plain", &plain::fluxes, &plain::pressures);
  if (!Ok)
    return 1;
  REGISTER(gcc)
  REGISTER(ours)
  REGISTER(plain)
  benchmark::Initialize(&Argc, Argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
