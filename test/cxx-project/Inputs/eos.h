// An equation-of-state class as C++ codes write it: the declare simd
// pragmas sit on the in-class declarations (and on a header template and a
// free function); the definitions are out of class, in eos.cpp.
#pragma once

namespace astro {

class EquationOfState {
public:
  explicit EquationOfState(double Gamma) : Gamma(Gamma) {}

#pragma omp declare simd uniform(this) notinbranch
  double pressure(double Rho, double Eint) const;

#pragma omp declare simd uniform(this) inbranch
#pragma omp declare simd uniform(this) notinbranch
  double soundSpeed(double Rho, double P) const;

  // A table row per cell: the index is linear in the caller's loop.
#pragma omp declare simd uniform(this, Table) linear(I) notinbranch
  double tabulated(const double *Table, int I, double T) const;

#pragma omp declare simd notinbranch
  static double square(double X);

  // Accumulates into the cell's slot: a linear reference.
#pragma omp declare simd uniform(this) linear(ref(Acc)) notinbranch
  void accumulate(double &Acc, double V) const;

private:
  double Gamma;
};

// A header template instantiated in several files (weak variants, one
// definition at link).
#pragma omp declare simd notinbranch
template <typename T> T limiter(T A, T B);

template <typename T> T limiter(T A, T B) {
  if (A * B <= T(0))
    return T(0);
  return (A < T(0) ? -1 : 1) * (A * A < B * B ? (A < 0 ? -A : A)
                                              : (B < 0 ? -B : B));
}

// A free function declared here, defined in eos.cpp.
#pragma omp declare simd uniform(Gamma) notinbranch
double energyFlux(double Rho, double U, double P, double Gamma);

} // namespace astro
