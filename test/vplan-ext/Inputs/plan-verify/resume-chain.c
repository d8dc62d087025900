unsigned int fz_hloop(unsigned int a) {
       unsigned r = 1u;
       for (unsigned k = 0;
       k < (a & 7u);
       k++) r = r * 3u + k;
       return r;
       }
#pragma omp declare simd inbranch
float fz175243(long a, unsigned int b, unsigned int c, signed char d) {
#pragma STDC FENV_ACCESS ON
unsigned long s = a ^ b ^ c ^ d, t = 3u;
       float x = 1.5f;
       for (int k0 = 0;
       k0 < 12 && ((-2.0f) < (-0.125f));
       k0++) {
      if (0 < 0) ;
      else 
     for (int k2 = 0;
     k2 < 12 && (0 != (((x) + (x))));
     k2++) 
    t = fz_hloop((((s) + 0)));
    x = x * 0.5f + 1.0f;
    
     
      if ((255u) > ((((0 + (a))) >> 7))) {
     if (0 <= 0) {
    s = 0;
    }
     }
      }
       return 0;
       }
