#include "fns.h"
double mixed(float a, double b) { return a > b ? (double)a * b : b - (double)a; }
