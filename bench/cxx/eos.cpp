#include "eos.h"
#include <cmath>

namespace BENCH_NS {

double Eos::pressure(double Rho, double Eint) const {
  return (Gamma - 1.0) * Rho * Eint;
}

double Eos::soundSpeed(double Rho, double P) const {
  return std::sqrt(Gamma * P / Rho);
}

double Eos::hllFlux(double RhoL, double RhoR, double UL, double UR, double EL,
                    double ER) const {
  double PL = pressure(RhoL, EL), PR = pressure(RhoR, ER);
  double CL = soundSpeed(RhoL, PL), CR = soundSpeed(RhoR, PR);
  double SL = std::fmin(UL - CL, UR - CR);
  double SR = std::fmax(UL + CL, UR + CR);
  double FL = RhoL * UL, FR = RhoR * UR;
  if (SL >= 0)
    return FL;
  if (SR <= 0)
    return FR;
  return (SR * FL - SL * FR + SL * SR * (RhoR - RhoL)) / (SR - SL);
}

} // namespace BENCH_NS
