#include "eos.h"
#include <cmath>

// Out-of-class definitions, written both ways.
double astro::EquationOfState::pressure(double Rho, double Eint) const {
  return (Gamma - 1.0) * Rho * Eint;
}

namespace astro {

double EquationOfState::soundSpeed(double Rho, double P) const {
  return std::sqrt(Gamma * P / Rho);
}

double EquationOfState::tabulated(const double *Table, int I,
                                  double T) const {
  return Table[I] + T * (Table[I + 1] - Table[I]);
}

double EquationOfState::square(double X) { return X * X; }

void EquationOfState::accumulate(double &Acc, double V) const {
  Acc += Gamma * V;
}

double energyFlux(double Rho, double U, double P, double Gamma) {
  double E = P / ((Gamma - 1.0) * Rho) + 0.5 * U * U;
  return (Rho * E + P) * U;
}

// Explicit instantiations define the template's variants here too.
template double limiter<double>(double, double);
template float limiter<float>(float, float);

} // namespace astro
