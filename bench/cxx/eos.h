// The C++ workload: an equation-of-state class whose per-cell functions are
// declared simd in the class and defined out of class (eos.cpp), called from
// omp simd loops (loops.cpp) with exceptions on. BENCH_NS names the build;
// main.cpp includes this once per build.

namespace BENCH_NS {

class Eos {
public:
  explicit Eos(double Gamma) : Gamma(Gamma) {}
#pragma omp declare simd uniform(this) notinbranch
  double pressure(double Rho, double Eint) const;
#pragma omp declare simd uniform(this) notinbranch
  double soundSpeed(double Rho, double P) const;
  // HLL flux of the mass equation between two cells: branches on the wave
  // speeds (lanes diverge).
#pragma omp declare simd uniform(this) notinbranch
  double hllFlux(double RhoL, double RhoR, double UL, double UR, double EL,
                 double ER) const;

private:
  double Gamma;
};

void fluxes(const Eos &E, const double *Rho, const double *U,
            const double *Eint, double *F, int N);
void pressures(const Eos &E, const double *Rho, const double *Eint, double *P,
               int N);

} // namespace BENCH_NS
