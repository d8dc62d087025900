// Types the x86 vector ABI has no vector form for, through clang: a warning
// naming the function, its attributes and the reason; the scalar function
// still compiles and no variant symbol is defined for it (callers fall back
// to the scalar); the valid function next to them keeps its variants.
// RUN: %clang -O2 -fopenmp-simd -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=SYMS
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=NOVAR

#pragma omp declare simd notinbranch
long double ld_twice(long double x) { return x * 2; }

#pragma omp declare simd notinbranch
_Complex float cf_twice(_Complex float z) { return z * 2; }

#pragma omp declare simd notinbranch
__int128 wide(__int128 x) { return x + 1; }

#pragma omp declare simd notinbranch
int fine(int x) { return x + 1; }

// CHECK-DAG: warning: vecclone: ignoring vector variant attributes '_ZGVbN1v_ld_twice', '_ZGVcN2v_ld_twice', '_ZGVdN2v_ld_twice', '_ZGVeN4v_ld_twice' on 'ld_twice': return type has no vector form in the x86 vector ABI
// CHECK-DAG: warning: vecclone: ignoring vector variant attributes {{.*}} on 'cf_twice': return type has no vector form in the x86 vector ABI
// CHECK-DAG: warning: vecclone: ignoring vector variant attributes {{.*}} on 'wide': return type has no vector form in the x86 vector ABI
// CHECK-NOT: fine

// SYMS-DAG: T _ZGVbN4v_fine
// SYMS-DAG: T _ZGVdN8v_fine
// SYMS-DAG: T ld_twice
// SYMS-DAG: T cf_twice
// SYMS-DAG: T wide
// NOVAR-NOT: _ZGV{{.*}}_{{ld_twice|cf_twice|wide}}
