/* Header for build_options.c, found through -I <Inputs>/include. */
#ifndef KW_HELPERS_H
#define KW_HELPERS_H

#define KW_HELPERS_VERSION 3

int kw_mix(int a, int b) { return a * 31 + b; }

#endif
