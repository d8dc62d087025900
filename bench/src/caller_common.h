/* What every caller file needs: the kernels (declared only, or visible as
 * `static inline` for the "clang, body inlined" ideal) and LFN(name), the
 * loop function's name.
 *   LPREFIX  prefix of the loop functions (one per comparator)
 *   KPREFIX  prefix of the kernels they call
 *   CALLER_INLINE  the kernel bodies are visible here as `static inline`;
 *                  otherwise they are declared only and called in another
 *                  object. */
#ifndef VC_BENCH_CALLER_COMMON_H
#define VC_BENCH_CALLER_COMMON_H
#ifdef CALLER_INLINE
#define KLINK static inline
#else
#define KERNELS_DECL_ONLY
#endif
#include "kernels.h"

#ifndef LPREFIX
#error "define LPREFIX"
#endif
#define LFN(name) VC_CAT(LPREFIX, name)
#endif
