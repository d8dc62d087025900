/* Reduction pipeline: per step a map kernel, then a two-pass tree
 * reduction (work-group partial sums in __local scratch sized with
 * clSetKernelArg(..., bytes, NULL), then the partials reduced again), and
 * a final host sum of the last few partials, which feeds the next step's
 * map parameters (so every step depends on the read-back of the last).
 * Integer sums are exact; the float reduction sums values k/4 whose
 * partial sums all fit in 24 bits, so it is exact in any order. */
#include "common.h"

enum { N = (1 << 20) + 12345, NF = 1 << 19, STEPS = 4, GROUPS1 = 64,
       GROUPS2 = 4 };

static const char *source =
    "__kernel void map_affine(__global const uint *x, __global uint *y,\n"
    "                         uint a, uint b, uint n) {\n"
    "  size_t i = get_global_id(0);\n"
    "  if (i < n) y[i] = x[i] * a + b;\n"
    "}\n"
    "#define REDUCE(NAME, TIN, TACC)                                      \\\n"
    "__kernel void NAME(__global const TIN *in, __global TACC *out,       \\\n"
    "                   __local TACC *scratch, uint n) {                  \\\n"
    "  size_t lid = get_local_id(0), l = get_local_size(0);               \\\n"
    "  TACC acc = 0;                                                      \\\n"
    "  for (size_t i = get_global_id(0); i < n; i += get_global_size(0))  \\\n"
    "    acc += in[i];                                                    \\\n"
    "  scratch[lid] = acc;                                                \\\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);                                      \\\n"
    "  for (size_t s = l / 2; s > 0; s /= 2) {                            \\\n"
    "    if (lid < s) scratch[lid] += scratch[lid + s];                   \\\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);                                    \\\n"
    "  }                                                                  \\\n"
    "  if (lid == 0) out[get_group_id(0)] = scratch[0];                   \\\n"
    "}\n"
    "REDUCE(reduce_u32, uint, ulong)\n"
    "REDUCE(reduce_u64, ulong, ulong)\n"
    "REDUCE(reduce_f32, float, float)\n";

/* Two-pass reduction of `in` (n elements): reads the
 * GROUPS2 second-pass partials into result2 (blocking read). */
static void two_pass(env_t *env, cl_kernel first, cl_kernel second, cl_mem in,
                     cl_uint n, cl_mem partial1, cl_mem partial2,
                     size_t elem, size_t local, void *result2) {
  size_t g1 = GROUPS1 * local, g2 = GROUPS2 * local;
  cl_uint np = GROUPS1;
  CHECK(clSetKernelArg(first, 0, sizeof in, &in));
  CHECK(clSetKernelArg(first, 1, sizeof partial1, &partial1));
  CHECK(clSetKernelArg(first, 2, local * elem, NULL));
  CHECK(clSetKernelArg(first, 3, sizeof n, &n));
  CHECK(clEnqueueNDRangeKernel(env->queue, first, 1, NULL, &g1, &local, 0,
                               NULL, NULL));
  CHECK(clSetKernelArg(second, 0, sizeof partial1, &partial1));
  CHECK(clSetKernelArg(second, 1, sizeof partial2, &partial2));
  CHECK(clSetKernelArg(second, 2, local * elem, NULL));
  CHECK(clSetKernelArg(second, 3, sizeof np, &np));
  CHECK(clEnqueueNDRangeKernel(env->queue, second, 1, NULL, &g2, &local, 0,
                               NULL, NULL));
  CHECK(clEnqueueReadBuffer(env->queue, partial2, CL_TRUE, 0, GROUPS2 * elem,
                            result2, 0, NULL, NULL));
}

int main(void) {
  env_t env;
  env_init(&env, "reduction", 0);
  cl_uint *x = malloc(N * sizeof *x);
  float *xf = malloc(NF * sizeof *xf);
  rng_seed(99);
  for (int i = 0; i < N; i++)
    x[i] = (cl_uint)rng_u64();
  for (int i = 0; i < NF; i++)
    xf[i] = (float)rng_below(16) / 4.0f;

  cl_program prog = build_program(&env, source, "");
  cl_kernel map, r32, r64, rf;
  CLNEW(map, clCreateKernel(prog, "map_affine", &err_));
  CLNEW(r32, clCreateKernel(prog, "reduce_u32", &err_));
  CLNEW(r64, clCreateKernel(prog, "reduce_u64", &err_));
  CLNEW(rf, clCreateKernel(prog, "reduce_f32", &err_));
  size_t local = kernel_wg_size(&env, r32);
  size_t l2 = kernel_wg_size(&env, r64), l3 = kernel_wg_size(&env, rf);
  local = l2 < local ? l2 : local;
  local = l3 < local ? l3 : local;
  local = pow2_floor(local < 128 ? local : 128);
  printf("note: reduction local size %zu\n", local);

  cl_context ctx = env.context;
  cl_mem dx, dy, p1, p2, dxf, pf1, pf2;
  CLNEW(dx, clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                           N * sizeof *x, x, &err_));
  CLNEW(dy, clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * sizeof *x, NULL, &err_));
  CLNEW(p1, clCreateBuffer(ctx, CL_MEM_READ_WRITE, GROUPS1 * sizeof(cl_ulong),
                           NULL, &err_));
  CLNEW(p2, clCreateBuffer(ctx, CL_MEM_READ_WRITE, GROUPS2 * sizeof(cl_ulong),
                           NULL, &err_));
  CLNEW(dxf, clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                            NF * sizeof *xf, xf, &err_));
  CLNEW(pf1, clCreateBuffer(ctx, CL_MEM_READ_WRITE, GROUPS1 * sizeof(float),
                            NULL, &err_));
  CLNEW(pf2, clCreateBuffer(ctx, CL_MEM_READ_WRITE, GROUPS2 * sizeof(float),
                            NULL, &err_));

  cl_uint a = 3, b = 17, n = N;
  size_t gmap = round_up(N, 64);
  for (int s = 0; s < STEPS; s++) {
    CHECK(clSetKernelArg(map, 0, sizeof dx, &dx));
    CHECK(clSetKernelArg(map, 1, sizeof dy, &dy));
    CHECK(clSetKernelArg(map, 2, sizeof a, &a));
    CHECK(clSetKernelArg(map, 3, sizeof b, &b));
    CHECK(clSetKernelArg(map, 4, sizeof n, &n));
    CHECK(clEnqueueNDRangeKernel(env.queue, map, 1, NULL, &gmap, NULL, 0,
                                 NULL, NULL));
    cl_ulong part[GROUPS2], sum = 0, ref = 0;
    two_pass(&env, r32, r64, dy, n, p1, p2, sizeof(cl_ulong), local, part);
    for (int g = 0; g < GROUPS2; g++)
      sum += part[g];
    for (int i = 0; i < N; i++)
      ref += (cl_uint)(x[i] * a + b);
    if (sum != ref)
      fail("step %d: sum %" PRIu64 ", expected %" PRIu64, s, sum, ref);
    printf("sum reduction.step%d a=%u b=%u total=%" PRIu64 "\n", s, a, b, sum);
    a = (cl_uint)(sum % 1000) * 2 + 1;
    b = (cl_uint)(sum >> 40);
  }

  float fpart[GROUPS2], fsum = 0;
  double fref = 0;
  two_pass(&env, rf, rf, dxf, NF, pf1, pf2, sizeof(float), local, fpart);
  for (int g = 0; g < GROUPS2; g++)
    fsum += fpart[g];
  for (int i = 0; i < NF; i++)
    fref += xf[i];
  if ((double)fsum != fref)
    fail("float sum %.2f, expected %.2f", (double)fsum, fref);
  printf("sum reduction.float_total %.2f\n", (double)fsum);

  cl_mem mems[] = {dx, dy, p1, p2, dxf, pf1, pf2};
  for (size_t i = 0; i < sizeof mems / sizeof mems[0]; i++)
    CHECK(clReleaseMemObject(mems[i]));
  cl_kernel ks[] = {map, r32, r64, rf};
  for (size_t i = 0; i < 4; i++)
    CHECK(clReleaseKernel(ks[i]));
  CHECK(clReleaseProgram(prog));
  env_release(&env);
  free(x); free(xf);
  printf("PASS reduction\n");
  return 0;
}
