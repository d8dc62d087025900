// bench/rowdot driver: checks every configuration against the scalar
// reference (ref_, gcc -O0), then times them: a matrix-vector product of
// 4096 rows, one row per call, at row lengths 8, 32 and 256, of random
// ints (rowdot) and of floats summed in order (frowdot).
#include "../three-way.h"

#include <cstdio>
#include <cstring>
#include <vector>

#define DECL(p)                                                                \
  extern "C" void p##matvec(const int *, const int *, int, int, int *);        \
  extern "C" void p##fmatvec(const float *, const float *, int, int, float *);
DECL(ref_) DECL(gcc_) DECL(plain_) DECL(ours_)

template <typename T> struct Config {
  const char *Name;
  void (*MatVec)(const T *, const T *, int, int, T *);
};
static const Config<int> Configs[] = {
    {"gcc", gcc_matvec}, {"plain", plain_matvec}, {"ours", ours_matvec}};
static const Config<float> FConfigs[] = {
    {"gcc", gcc_fmatvec}, {"plain", plain_fmatvec}, {"ours", ours_fmatvec}};

static const int Rows = 4096;

template <typename T> static std::vector<T> data(size_t N, unsigned S) {
  std::vector<T> V(N);
  for (T &X : V) {
    S = S * 1103515245u + 12345u;
    X = T(int(S >> 20) - 2048) / T(sizeof(T) == sizeof(float) ? 256 : 1);
  }
  return V;
}

template <typename T, unsigned N>
static bool check(const char *Kind, const Config<T> (&Cs)[N],
                  void (*Ref)(const T *, const T *, int, int, T *)) {
  bool OK = true;
  for (int Len : {8, 32, 256, 7, 13}) {
    std::vector<T> A = data<T>(size_t(Rows) * Len, 1), X = data<T>(Len, 2);
    std::vector<T> Want(Rows), Got(Rows);
    Ref(A.data(), X.data(), Rows, Len, Want.data());
    for (const Config<T> &C : Cs) {
      C.MatVec(A.data(), X.data(), Rows, Len, Got.data());
      if (std::memcmp(Got.data(), Want.data(), Rows * sizeof(T))) {
        std::printf("%s: %s (len %d) differs from the reference\n", C.Name,
                    Kind, Len);
        OK = false;
      }
    }
  }
  return OK;
}

template <typename T>
static void BM_rowdot(benchmark::State &St, const Config<T> &C) {
  int Len = int(St.range(0));
  std::vector<T> A = data<T>(size_t(Rows) * Len, 1), X = data<T>(Len, 2);
  std::vector<T> Out(Rows);
  for (auto _ : St) {
    C.MatVec(A.data(), X.data(), Rows, Len, Out.data());
    benchmark::DoNotOptimize(Out.data());
    benchmark::ClobberMemory();
  }
}

int main(int argc, char **argv) {
  bool Checked = check("rowdot", Configs, ref_matvec);
  Checked &= check("frowdot", FConfigs, ref_fmatvec);
  registerThreeWay("rowdot", Configs, BM_rowdot<int>, {8, 32, 256});
  registerThreeWay("frowdot", FConfigs, BM_rowdot<float>, {8, 32, 256});
  return runRegistered(argc, argv, Checked);
}
