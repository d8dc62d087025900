#pragma omp declare simd uniform(a, c) notinbranch
signed char fz25036(int a, int b, const short *c) {
              unsigned s = a ^ b, t = 3u;
                       for (unsigned k0 = 0;
              k0 < ((1000u) & 15u);
              k0++)        for (unsigned k1 = 0;
             k1 < ((t) & 3u);
             k1++)       {
                  t = c[b + k1];
           }
                                return (s ^ (t << 1) ^ 0);
              }
