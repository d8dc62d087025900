// Runs solveCells (clang- or g++-built loops calling the variants of
// whichever eos object is linked) and checks every element against that
// object's scalar functions, called one at a time through volatile
// pointers, bit for bit.
#include "solver.h"
#include <cstdio>
#include <cstring>
#include <vector>

using astro::EquationOfState;

static int Bad;
template <typename T> static void same(const char *What, int I, T Got, T Want) {
  if (std::memcmp(&Got, &Want, sizeof Got) == 0)
    return;
  if (Bad++ < 10)
    std::printf("%s[%d]: got %.17g want %.17g\n", What, I, (double)Got,
                (double)Want);
}

int main() {
  const int N = 1003;
  unsigned long long Seed = 88172645463325252ull;
  auto Rnd = [&] {
    Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(Seed >> 11) / 9007199254740992.0;
  };
  std::vector<double> Rho(N), Eint(N), U(N), T(N), Table(N + 1), A(N), B(N);
  std::vector<float> Af(N), Bf(N), Limf(N);
  std::vector<double> P(N), C(N, -1), Tab(N), Sq(N), Acc(N), Lim(N), Flux(N);
  for (int I = 0; I < N; ++I) {
    Rho[I] = 0.05 + Rnd();
    Eint[I] = 1 + 3 * Rnd();
    U[I] = 2 * Rnd() - 1;
    T[I] = Rnd();
    A[I] = Rnd() - 0.5;
    B[I] = Rnd() - 0.5;
    Af[I] = (float)A[I];
    Bf[I] = (float)B[I];
    Acc[I] = I;
  }
  for (int I = 0; I <= N; ++I)
    Table[I] = I * 0.25 + Rnd();
  EquationOfState Eos(1.4);
  Cells Cs{N,       Rho.data(),  Eint.data(), U.data(),   T.data(),
           Table.data(), A.data(),  B.data(),  Af.data(),  Bf.data(),
           P.data(), C.data(),    Tab.data(),  Sq.data(),  Acc.data(),
           Lim.data(), Flux.data(), Limf.data()};
  solveCells(Eos, Cs);

  double (EquationOfState::*volatile Pressure)(double, double) const =
      &EquationOfState::pressure;
  double (EquationOfState::*volatile Sound)(double, double) const =
      &EquationOfState::soundSpeed;
  double (EquationOfState::*volatile Tabulated)(const double *, int, double)
      const = &EquationOfState::tabulated;
  void (EquationOfState::*volatile Accumulate)(double &, double) const =
      &EquationOfState::accumulate;
  double (*volatile Square)(double) = &EquationOfState::square;
  double (*volatile LimD)(double, double) = &astro::limiter<double>;
  float (*volatile LimF)(float, float) = &astro::limiter<float>;
  double (*volatile Flux1)(double, double, double, double) = &astro::energyFlux;
  for (int I = 0; I < N; ++I) {
    double Pi = (Eos.*Pressure)(Rho[I], Eint[I]);
    same("pressure", I, P[I], Pi);
    same("soundSpeed", I, C[I], Rho[I] > 0.5 ? (Eos.*Sound)(Rho[I], Pi) : -1.0);
    same("tabulated", I, Tab[I], (Eos.*Tabulated)(Table.data(), I, T[I]));
    same("square", I, Sq[I], Square(U[I]));
    double Want = I;
    (Eos.*Accumulate)(Want, U[I]);
    same("accumulate", I, Acc[I], Want);
    same("limiter<double>", I, Lim[I], LimD(A[I], B[I]));
    same("limiter<float>", I, Limf[I], LimF(Af[I], Bf[I]));
    same("energyFlux", I, Flux[I], Flux1(Rho[I], U[I], Pi, 1.4));
  }
  std::printf("wrong: %d\n", Bad);
  return Bad != 0;
}
