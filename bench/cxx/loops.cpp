#include "eos.h"

namespace BENCH_NS {

void fluxes(const Eos &E, const double *Rho, const double *U,
            const double *Eint, double *F, int N) {
#pragma omp simd
  for (int I = 0; I < N; ++I)
    F[I] = E.hllFlux(Rho[I], Rho[I + 1], U[I], U[I + 1], Eint[I], Eint[I + 1]);
}

void pressures(const Eos &E, const double *Rho, const double *Eint, double *P,
               int N) {
#pragma omp simd
  for (int I = 0; I < N; ++I)
    P[I] = E.pressure(Rho[I], Eint[I]) + E.soundSpeed(Rho[I], Eint[I]);
}

} // namespace BENCH_NS
