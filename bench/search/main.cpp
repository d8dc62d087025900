// bench/search driver: checks every configuration against the scalar
// reference (ref_, gcc -O0), then times them. Rows of random floats in
// [0, 1); the threshold makes most rows run to the end (a lane's search
// stops early in about 40% of the rows at length 32).
#include "../three-way.h"

#include <cstdio>
#include <cstring>
#include <vector>

#define DECL(p)                                                                \
  extern "C" void p##search(const float *, int, int, float, int *);
DECL(ref_) DECL(gcc_) DECL(plain_) DECL(ours_)

struct Config {
  const char *Name;
  void (*Search)(const float *, int, int, float, int *);
};
static const Config Configs[] = {
    {"gcc", gcc_search}, {"plain", plain_search}, {"ours", ours_search}};

static const int Rows = 4096;
static const float Threshold = 0.985f;

static std::vector<float> data(int Len) {
  std::vector<float> V(size_t(Rows) * Len);
  unsigned S = 12345;
  for (float &X : V) {
    S = S * 1103515245u + 12345u;
    X = float(S >> 8) / float(1u << 24);
  }
  return V;
}

static bool check() {
  bool OK = true;
  for (int Len : {16, 32, 64, 7}) {
    std::vector<float> D = data(Len);
    std::vector<int> Want(Rows), Got(Rows);
    ref_search(D.data(), Rows, Len, Threshold, Want.data());
    for (const Config &C : Configs) {
      C.Search(D.data(), Rows, Len, Threshold, Got.data());
      if (std::memcmp(Got.data(), Want.data(), Rows * sizeof(int))) {
        std::printf("%s: search (len %d) differs from the reference\n", C.Name,
                    Len);
        OK = false;
      }
    }
  }
  return OK;
}

static void BM_search(benchmark::State &St, const Config &C) {
  int Len = int(St.range(0));
  std::vector<float> D = data(Len);
  std::vector<int> Out(Rows);
  for (auto _ : St) {
    C.Search(D.data(), Rows, Len, Threshold, Out.data());
    benchmark::DoNotOptimize(Out.data());
    benchmark::ClobberMemory();
  }
}

int main(int argc, char **argv) {
  return runThreeWay(argc, argv, check(), "search", Configs, BM_search,
                     {16, 32, 64});
}
