/* Kernel arguments by value: a struct (float, int, float4 — the float4 at
 * offset 16 on both sides), a struct mixing uchar/long/short/int2, vectors
 * (float4, int2, uchar4, int3), and char/short/ushort/int/uint/long/ulong/
 * float scalars; double/double2 when the device has cl_khr_fp64. An echo
 * kernel writes every received value back bit for bit; a compute kernel
 * uses them on n elements (the bound taken from the struct). All float
 * arithmetic is on dyadic values, so results are exact. */
#include "common.h"

typedef struct {
  cl_float scale;
  cl_int n;
  cl_float4 offset;
} params_t;
_Static_assert(offsetof(params_t, offset) == 16, "float4 member at 16");
_Static_assert(sizeof(params_t) == 32, "params_t is 32 bytes");

typedef struct {
  cl_uchar tag;
  cl_long big;
  cl_short s;
  cl_int2 v;
} mixed_t;
_Static_assert(offsetof(mixed_t, big) == 8, "long member at 8");
_Static_assert(offsetof(mixed_t, v) == 24, "int2 member at 24");
_Static_assert(sizeof(mixed_t) == 32, "mixed_t is 32 bytes");

static const char *source =
    "typedef struct { float scale; int n; float4 offset; } params_t;\n"
    "typedef struct { uchar tag; long big; short s; int2 v; } mixed_t;\n"
    "__kernel void echo(__global uint *o32, __global ulong *o64, params_t p,\n"
    "                   float4 f4, int2 i2, uchar4 u4, short s, char c,\n"
    "                   ushort us, int3 i3, mixed_t m, float f, uint u,\n"
    "                   long l, ulong ul) {\n"
    "  if (get_global_id(0) != 0) return;\n"
    "  o32[0] = as_uint(p.scale); o32[1] = (uint)p.n;\n"
    "  vstore4(as_uint4(p.offset), 0, o32 + 2);\n"
    "  vstore4(as_uint4(f4), 0, o32 + 6);\n"
    "  vstore2(as_uint2(i2), 0, o32 + 10);\n"
    "  vstore4(convert_uint4(u4), 0, o32 + 12);\n"
    "  o32[16] = (uint)(int)s; o32[17] = (uint)(int)c; o32[18] = us;\n"
    "  vstore3(as_uint3(i3), 0, o32 + 19);\n"
    "  o32[22] = m.tag; o32[23] = (uint)(int)m.s;\n"
    "  vstore2(as_uint2(m.v), 0, o32 + 24);\n"
    "  o32[26] = as_uint(f); o32[27] = u;\n"
    "  o64[0] = (ulong)l; o64[1] = ul; o64[2] = (ulong)m.big;\n"
    "}\n"
    "__kernel void apply(params_t p, __global float *outf,\n"
    "                    __global int *outi, __global long *outl, float4 f4,\n"
    "                    int2 i2, uchar4 u4, short s, long l) {\n"
    "  int i = get_global_id(0);\n"
    "  if (i >= p.n) return;\n"
    "  int k = i & 3;\n"
    "  float o = k == 0 ? p.offset.x : k == 1 ? p.offset.y\n"
    "          : k == 2 ? p.offset.z : p.offset.w;\n"
    "  float g = k == 0 ? f4.y : k == 1 ? f4.z : k == 2 ? f4.w : f4.x;\n"
    "  uchar b = k == 0 ? u4.x : k == 1 ? u4.y : k == 2 ? u4.z : u4.w;\n"
    "  outf[i] = (float)i * p.scale + o + g;\n"
    "  outi[i] = i2.x * i + i2.y + (int)b + s;\n"
    "  outl[i] = l + (long)i * s;\n"
    "}\n";

static const char *source_fp64 =
    "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
    "__kernel void apply_d(__global double *out, double d, double2 dv,\n"
    "                      int n) {\n"
    "  int i = get_global_id(0);\n"
    "  if (i < n) out[i] = d * (double)i + (dv.x - dv.y);\n"
    "}\n";

enum { N = 1000, GLOBAL = 1024 };

static float pick4(cl_float4 v, int k) { return v.s[k & 3]; }

int main(void) {
  env_t env;
  env_init(&env, "args", 0);
  cl_program prog = build_program(&env, source, "");
  cl_kernel echo, apply;
  CLNEW(echo, clCreateKernel(prog, "echo", &err_));
  CLNEW(apply, clCreateKernel(prog, "apply", &err_));

  params_t p = {.scale = 0.5f, .n = N,
                .offset = {{0.25f, -1.5f, 1024.0f, -0.0f}}};
  cl_float4 f4 = {{1.0f, -2.0f, 3.5f, 0.125f}};
  cl_int2 i2 = {{-7, 123456}};
  cl_uchar4 u4 = {{0, 1, 200, 255}};
  cl_short s = -1234;
  cl_char c = -7;
  cl_ushort us = 65000;
  cl_int3 i3 = {{-1, 2, 0x7fffffff, 99}}; /* 4th lane is padding */
  mixed_t m;
  memset(&m, 0, sizeof m);
  m.tag = 0xa5;
  m.big = -0x123456789abcdefll;
  m.s = -2;
  m.v.s[0] = 40000;
  m.v.s[1] = -40000;
  cl_float f = -3.25f;
  cl_uint u = 0xdeadbeefu;
  cl_long l = -5000000000ll;
  cl_ulong ul = 0xfedcba9876543210ull;

  cl_mem o32, o64;
  CLNEW(o32, clCreateBuffer(env.context, CL_MEM_WRITE_ONLY, 28 * 4, NULL,
                            &err_));
  CLNEW(o64, clCreateBuffer(env.context, CL_MEM_WRITE_ONLY, 3 * 8, NULL,
                            &err_));
  cl_uint a = 0;
  CHECK(clSetKernelArg(echo, a++, sizeof o32, &o32));
  CHECK(clSetKernelArg(echo, a++, sizeof o64, &o64));
  CHECK(clSetKernelArg(echo, a++, sizeof p, &p));
  CHECK(clSetKernelArg(echo, a++, sizeof f4, &f4));
  CHECK(clSetKernelArg(echo, a++, sizeof i2, &i2));
  CHECK(clSetKernelArg(echo, a++, sizeof u4, &u4));
  CHECK(clSetKernelArg(echo, a++, sizeof s, &s));
  CHECK(clSetKernelArg(echo, a++, sizeof c, &c));
  CHECK(clSetKernelArg(echo, a++, sizeof us, &us));
  CHECK(clSetKernelArg(echo, a++, sizeof i3, &i3)); /* 16 bytes: int3 */
  CHECK(clSetKernelArg(echo, a++, sizeof m, &m));
  CHECK(clSetKernelArg(echo, a++, sizeof f, &f));
  CHECK(clSetKernelArg(echo, a++, sizeof u, &u));
  CHECK(clSetKernelArg(echo, a++, sizeof l, &l));
  CHECK(clSetKernelArg(echo, a++, sizeof ul, &ul));
  size_t one = 1;
  CHECK(clEnqueueNDRangeKernel(env.queue, echo, 1, NULL, &one, NULL, 0, NULL,
                               NULL));
  cl_uint got32[28];
  cl_ulong got64[3];
  CHECK(clEnqueueReadBuffer(env.queue, o32, CL_TRUE, 0, sizeof got32, got32, 0,
                            NULL, NULL));
  CHECK(clEnqueueReadBuffer(env.queue, o64, CL_TRUE, 0, sizeof got64, got64, 0,
                            NULL, NULL));
  cl_uint want32[28];
  memcpy(&want32[0], &p.scale, 4);
  want32[1] = (cl_uint)p.n;
  memcpy(&want32[2], p.offset.s, 16);
  memcpy(&want32[6], f4.s, 16);
  memcpy(&want32[10], i2.s, 8);
  for (int k = 0; k < 4; k++)
    want32[12 + k] = u4.s[k];
  want32[16] = (cl_uint)(cl_int)s;
  want32[17] = (cl_uint)(cl_int)c;
  want32[18] = us;
  memcpy(&want32[19], i3.s, 12);
  want32[22] = m.tag;
  want32[23] = (cl_uint)(cl_int)m.s;
  memcpy(&want32[24], m.v.s, 8);
  memcpy(&want32[26], &f, 4);
  want32[27] = u;
  static const char *names[28] = {
      "p.scale", "p.n", "p.offset.x", "p.offset.y", "p.offset.z",
      "p.offset.w", "f4.x", "f4.y", "f4.z", "f4.w", "i2.x", "i2.y", "u4.x",
      "u4.y", "u4.z", "u4.w", "short", "char", "ushort", "i3.x", "i3.y",
      "i3.z", "m.tag", "m.s", "m.v.x", "m.v.y", "float", "uint"};
  for (int k = 0; k < 28; k++)
    if (got32[k] != want32[k])
      fail("echo %s: 0x%08x, expected 0x%08x", names[k], got32[k],
           want32[k]);
  cl_ulong want64[3] = {(cl_ulong)l, ul, (cl_ulong)m.big};
  static const char *names64[3] = {"long", "ulong", "m.big"};
  for (int k = 0; k < 3; k++)
    if (got64[k] != want64[k])
      fail("echo %s: 0x%016" PRIx64 ", expected 0x%016" PRIx64, names64[k],
           got64[k], want64[k]);
  printf("sum args.echo %016" PRIx64 " %016" PRIx64 "\n",
         fnv1a(got32, sizeof got32), fnv1a(got64, sizeof got64));

  /* The compute kernel over GLOBAL work-items; only p.n are written. */
  cl_float outf[GLOBAL];
  cl_int outi[GLOBAL];
  cl_long outl[GLOBAL];
  for (int i = 0; i < GLOBAL; i++) {
    outf[i] = -99.0f;
    outi[i] = -99;
    outl[i] = -99;
  }
  cl_mem df, di, dl;
  CLNEW(df, clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                           sizeof outf, outf, &err_));
  CLNEW(di, clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                           sizeof outi, outi, &err_));
  CLNEW(dl, clCreateBuffer(env.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                           sizeof outl, outl, &err_));
  a = 0;
  CHECK(clSetKernelArg(apply, a++, sizeof p, &p));
  CHECK(clSetKernelArg(apply, a++, sizeof df, &df));
  CHECK(clSetKernelArg(apply, a++, sizeof di, &di));
  CHECK(clSetKernelArg(apply, a++, sizeof dl, &dl));
  CHECK(clSetKernelArg(apply, a++, sizeof f4, &f4));
  CHECK(clSetKernelArg(apply, a++, sizeof i2, &i2));
  CHECK(clSetKernelArg(apply, a++, sizeof u4, &u4));
  CHECK(clSetKernelArg(apply, a++, sizeof s, &s));
  CHECK(clSetKernelArg(apply, a++, sizeof l, &l));
  size_t global = GLOBAL;
  CHECK(clEnqueueNDRangeKernel(env.queue, apply, 1, NULL, &global, NULL, 0,
                               NULL, NULL));
  CHECK(clEnqueueReadBuffer(env.queue, df, CL_FALSE, 0, sizeof outf, outf, 0,
                            NULL, NULL));
  CHECK(clEnqueueReadBuffer(env.queue, di, CL_FALSE, 0, sizeof outi, outi, 0,
                            NULL, NULL));
  CHECK(clEnqueueReadBuffer(env.queue, dl, CL_FALSE, 0, sizeof outl, outl, 0,
                            NULL, NULL));
  CHECK(clFinish(env.queue));
  for (int i = 0; i < GLOBAL; i++) {
    float wf = i < N ? (float)i * p.scale + pick4(p.offset, i) +
                           pick4(f4, i + 1)
                     : -99.0f;
    cl_int wi = i < N ? i2.s[0] * i + i2.s[1] + (cl_int)u4.s[i & 3] + s : -99;
    cl_long wl = i < N ? l + (cl_long)i * s : -99;
    if (memcmp(&wf, &outf[i], 4) != 0)
      fail("apply float [%d]: %a, expected %a", i, (double)outf[i],
           (double)wf);
    if (wi != outi[i])
      fail("apply int [%d]: %d, expected %d", i, outi[i], wi);
    if (wl != outl[i])
      fail("apply long [%d]: %" PRId64 ", expected %" PRId64, i,
           (int64_t)outl[i], (int64_t)wl);
  }
  printf("sum args.apply %016" PRIx64 " %016" PRIx64 " %016" PRIx64 "\n",
         fnv1a(outf, sizeof outf), fnv1a(outi, sizeof outi),
         fnv1a(outl, sizeof outl));

  cl_uint fp64 = 0;
  cl_device_fp_config dcfg = 0;
  CHECK(clGetDeviceInfo(env.device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof dcfg,
                        &dcfg, NULL));
  fp64 = dcfg != 0 && device_has_extension(&env, "cl_khr_fp64");
  if (!fp64) {
    printf("skip: double arguments: no cl_khr_fp64 on %s\n",
           env.platform_name);
    printf("sum args.double skipped\n");
  } else {
    cl_program pd = build_program(&env, source_fp64, "");
    cl_kernel kd;
    CLNEW(kd, clCreateKernel(pd, "apply_d", &err_));
    cl_double d = 0.125, outd[N];
    cl_double2 dv = {{1e10, -0.5}};
    cl_int n = N;
    cl_mem dd;
    CLNEW(dd, clCreateBuffer(env.context, CL_MEM_WRITE_ONLY, sizeof outd,
                             NULL, &err_));
    CHECK(clSetKernelArg(kd, 0, sizeof dd, &dd));
    CHECK(clSetKernelArg(kd, 1, sizeof d, &d));
    CHECK(clSetKernelArg(kd, 2, sizeof dv, &dv));
    CHECK(clSetKernelArg(kd, 3, sizeof n, &n));
    size_t gd = N;
    CHECK(clEnqueueNDRangeKernel(env.queue, kd, 1, NULL, &gd, NULL, 0, NULL,
                                 NULL));
    CHECK(clEnqueueReadBuffer(env.queue, dd, CL_TRUE, 0, sizeof outd, outd, 0,
                              NULL, NULL));
    for (int i = 0; i < N; i++) {
      cl_double w = d * (double)i + (dv.s[0] - dv.s[1]);
      if (memcmp(&w, &outd[i], 8) != 0)
        fail("apply_d [%d]: %a, expected %a", i, outd[i], w);
    }
    printf("sum args.double %016" PRIx64 "\n", fnv1a(outd, sizeof outd));
    CHECK(clReleaseMemObject(dd));
    CHECK(clReleaseKernel(kd));
    CHECK(clReleaseProgram(pd));
  }

  cl_mem mems[] = {o32, o64, df, di, dl};
  for (size_t i = 0; i < 5; i++)
    CHECK(clReleaseMemObject(mems[i]));
  CHECK(clReleaseKernel(echo));
  CHECK(clReleaseKernel(apply));
  CHECK(clReleaseProgram(prog));
  env_release(&env);
  printf("PASS args\n");
  return 0;
}
