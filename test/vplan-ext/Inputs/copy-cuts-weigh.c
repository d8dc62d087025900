/* The call the variants run lane by lane: a function of another object,
 * without a vector variant. */
#include "copy-cuts.h"
int weigh(int k) { return (k * 2654435761u) >> 27; }
