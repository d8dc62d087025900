#ifndef VECCLONE_DEMO_MANDEL_H
#define VECCLONE_DEMO_MANDEL_H
/* The escape count of c = cr + ci i: a loop whose trip count differs per
 * pixel. gcc 12 leaves its clones of this body scalar; vecclone + vplan-ext
 * vectorize it. */
#pragma omp declare simd uniform(maxit) notinbranch
int escape(float cr, float ci, int maxit);
#endif
