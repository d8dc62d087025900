// bench/rowdot driver: checks every configuration against the scalar
// reference (ref_, gcc -O0), then times them: a matrix-vector product of
// 4096 rows of random ints, one row per call, at row lengths 8, 32 and 256.
#include "../three-way.h"

#include <cstdio>
#include <cstring>
#include <vector>

#define DECL(p)                                                                \
  extern "C" void p##matvec(const int *, const int *, int, int, int *);
DECL(ref_) DECL(gcc_) DECL(plain_) DECL(ours_)

struct Config {
  const char *Name;
  void (*MatVec)(const int *, const int *, int, int, int *);
};
static const Config Configs[] = {
    {"gcc", gcc_matvec}, {"plain", plain_matvec}, {"ours", ours_matvec}};

static const int Rows = 4096;

static std::vector<int> data(size_t N, unsigned S) {
  std::vector<int> V(N);
  for (int &X : V) {
    S = S * 1103515245u + 12345u;
    X = int(S >> 20) - 2048;
  }
  return V;
}

static bool check() {
  bool OK = true;
  for (int Len : {8, 32, 256, 7}) {
    std::vector<int> A = data(size_t(Rows) * Len, 1), X = data(Len, 2);
    std::vector<int> Want(Rows), Got(Rows);
    ref_matvec(A.data(), X.data(), Rows, Len, Want.data());
    for (const Config &C : Configs) {
      C.MatVec(A.data(), X.data(), Rows, Len, Got.data());
      if (std::memcmp(Got.data(), Want.data(), Rows * sizeof(int))) {
        std::printf("%s: rowdot (len %d) differs from the reference\n",
                    C.Name, Len);
        OK = false;
      }
    }
  }
  return OK;
}

static void BM_rowdot(benchmark::State &St, const Config &C) {
  int Len = int(St.range(0));
  std::vector<int> A = data(size_t(Rows) * Len, 1), X = data(Len, 2);
  std::vector<int> Out(Rows);
  for (auto _ : St) {
    C.MatVec(A.data(), X.data(), Rows, Len, Out.data());
    benchmark::DoNotOptimize(Out.data());
    benchmark::ClobberMemory();
  }
}

int main(int argc, char **argv) {
  return runThreeWay(argc, argv, check(), "rowdot", Configs, BM_rowdot,
                     {8, 32, 256});
}
