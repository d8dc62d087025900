#pragma once
#include "eos.h"

// The caller loops (omp simd, exceptions on), built by clang or by g++.
struct Cells {
  int N;
  const double *Rho, *Eint, *U, *T, *Table, *A, *B;
  const float *Af, *Bf;
  double *P, *C, *Tab, *Sq, *Acc, *Lim, *Flux;
  float *Limf;
};
void solveCells(const astro::EquationOfState &Eos, const Cells &Cs);
