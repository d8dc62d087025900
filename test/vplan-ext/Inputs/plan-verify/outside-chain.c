#pragma omp declare simd uniform(a, b)
unsigned long fz25063(unsigned long a, int b) {
                           unsigned long s = a ^ b ^ 0 ^ 0;
           double x = 100.0, y = -2.0;
           for (unsigned k0 = 0;
           k0 < ((b) & 15u);
           k0++)        for (int k1 = 0;
          k1 < 12 && (0 < (((a) << 25)));
          k1++)        for (int k1 = 0;
          0 < 12 && ((((x) * 0)) == 0);
          k1++)       for (unsigned k2 = 0;
         k2 < ((b) & 7u);
         k2++)      x = 0;
                             for (unsigned k0 = 0;
           0 < 0;
           k0++) ;
           return (s ^ 0 ^ (x < y));
           }
