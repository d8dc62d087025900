#include "solver.h"

using astro::EquationOfState;

void solveCells(const EquationOfState &Eos, const Cells &Cs) {
  const int N = Cs.N;
#pragma omp simd
  for (int I = 0; I < N; ++I)
    Cs.P[I] = Eos.pressure(Cs.Rho[I], Cs.Eint[I]);
  // A conditional call: the masked variant.
#pragma omp simd
  for (int I = 0; I < N; ++I)
    if (Cs.Rho[I] > 0.5)
      Cs.C[I] = Eos.soundSpeed(Cs.Rho[I], Cs.P[I]);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    Cs.Tab[I] = Eos.tabulated(Cs.Table, I, Cs.T[I]);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    Cs.Sq[I] = EquationOfState::square(Cs.U[I]);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    Eos.accumulate(Cs.Acc[I], Cs.U[I]);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    Cs.Lim[I] = astro::limiter(Cs.A[I], Cs.B[I]);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    Cs.Limf[I] = astro::limiter(Cs.Af[I], Cs.Bf[I]);
#pragma omp simd
  for (int I = 0; I < N; ++I)
    Cs.Flux[I] = astro::energyFlux(Cs.Rho[I], Cs.U[I], Cs.P[I], 1.4);
}
