// Shared by the drivers three-way.sh builds (bench/search, bench/rowdot):
// after the driver's own check against the reference, one benchmark per
// configuration at each argument, then Google Benchmark's run.
#ifndef BENCH_THREE_WAY_H
#define BENCH_THREE_WAY_H

#include <benchmark/benchmark.h>

#include <initializer_list>
#include <string>

template <typename Config, unsigned N>
int runThreeWay(int argc, char **argv, bool Checked, const char *Kind,
                const Config (&Configs)[N],
                void (*Bench)(benchmark::State &, const Config &),
                std::initializer_list<int> Args) {
  if (!Checked)
    return 1;
  for (const Config &C : Configs) {
    auto *B = benchmark::RegisterBenchmark(
        (std::string(Kind) + "/" + C.Name).c_str(), Bench, C);
    for (int A : Args)
      B->Arg(A);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}

#endif
