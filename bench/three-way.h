// Shared by the drivers three-way.sh builds (bench/search, bench/rowdot):
// after the driver's own check against the reference, one benchmark per
// configuration at each argument, then Google Benchmark's run.
#ifndef BENCH_THREE_WAY_H
#define BENCH_THREE_WAY_H

#include <benchmark/benchmark.h>

#include <initializer_list>
#include <string>

/// Registers one benchmark per configuration, named `Kind/config`, at
/// each argument.
template <typename Config, unsigned N>
void registerThreeWay(const char *Kind, const Config (&Configs)[N],
                      void (*Bench)(benchmark::State &, const Config &),
                      std::initializer_list<int> Args) {
  for (const Config &C : Configs) {
    auto *B = benchmark::RegisterBenchmark(
        (std::string(Kind) + "/" + C.Name).c_str(), Bench, C);
    for (int A : Args)
      B->Arg(A);
  }
}

/// Runs the registered benchmarks once the driver's check passed.
inline int runRegistered(int argc, char **argv, bool Checked) {
  if (!Checked)
    return 1;
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}

template <typename Config, unsigned N>
int runThreeWay(int argc, char **argv, bool Checked, const char *Kind,
                const Config (&Configs)[N],
                void (*Bench)(benchmark::State &, const Config &),
                std::initializer_list<int> Args) {
  registerThreeWay(Kind, Configs, Bench, Args);
  return runRegistered(argc, argv, Checked);
}

#endif
