/* Program building: -D with and without values, -I with a header from
 * INPUTS/include (argv[1]), -cl-mad-enable, -cl-fast-relaxed-math (and its
 * __FAST_RELAXED_MATH__ macro), -cl-kernel-arg-info with clGetKernelArgInfo,
 * CL_PROGRAM_BUILD_OPTIONS, a syntax error (CL_BUILD_PROGRAM_FAILURE,
 * CL_BUILD_ERROR and a non-empty CL_PROGRAM_BUILD_LOG), clCreateKernels-
 * InProgram with CL_PROGRAM_NUM_KERNELS / CL_PROGRAM_KERNEL_NAMES /
 * CL_KERNEL_NUM_ARGS / CL_KERNEL_FUNCTION_NAME, a program binary round
 * trip, clCompileProgram + clLinkProgram with an embedded header, and
 * math built-ins checked against the spec's ULP limits. */
#include "common.h"

enum { N = 4096 };

static const char *src_options =
    "#include \"kw_helpers.h\"\n"
    "#if !defined(FLAG) || FLAG != 1\n"
    "#error -DFLAG must define FLAG as 1\n"
    "#endif\n"
    "__kernel void with_options(__global int *out, __global float *outf,\n"
    "                           __global const float *a) {\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = kw_mix(i * SCALE + OFFSET, KW_HELPERS_VERSION);\n"
    "  /* small integers: a*b+c is exact, fused or not */\n"
    "  outf[i] = a[i] * (float)SCALE + a[N_ - 1 - i];\n"
    "#ifdef __FAST_RELAXED_MATH__\n"
    "  out[i] |= 1 << 30;\n"
    "#endif\n"
    "}\n";

static const char *src_precise =
    "__kernel void precise(__global const float *x, __global const float *y,\n"
    "                      __global float *out) {\n"
    "  int i = get_global_id(0);\n"
    "  float a = x[i], b = y[i];\n"
    "  out[6 * i + 0] = a / b;\n"
    "  out[6 * i + 1] = sqrt(a);\n"
    "  out[6 * i + 2] = exp(b);\n"
    "  out[6 * i + 3] = sin(b);\n"
    "  out[6 * i + 4] = log(a);\n"
    "  out[6 * i + 5] = a * b + 1.0f;\n"
    "}\n"
    "__kernel void second(__global int *p, int v) { p[0] = v; }\n"
    "__kernel void third(__global int *p, __local int *s, int v, float w) {\n"
    "  s[0] = v; barrier(CLK_LOCAL_MEM_FENCE); p[0] = s[0] + (int)w;\n"
    "}\n";

static const char *src_broken =
    "__kernel void broken(__global int *p) {\n"
    "  p[0] = 1 +;\n"
    "}\n";

static const char *src_lib =
    "#include \"twice.h\"\n"
    "int twice(int x) { return TWICE(x); }\n";
static const char *src_main =
    "#include \"twice.h\"\n"
    "int twice(int x);\n"
    "__kernel void use_twice(__global int *p) {\n"
    "  int i = get_global_id(0);\n"
    "  p[i] = twice(i) + TWICE_OFFSET;\n"
    "}\n";
static const char *hdr_twice =
    "#define TWICE(x) ((x) * 2)\n"
    "#define TWICE_OFFSET 5\n";

/* ULP limits of OpenCL 1.2 table 7.1 (single precision, full profile). */
static const struct {
  const char *name;
  double max_ulp;
} ops[6] = {{"x/y", 2.5}, {"sqrt", 3}, {"exp", 3}, {"sin", 4}, {"log", 3},
            {"x*y+1", 0}};

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run_options_kernel(env_t *env, cl_program p, cl_int *out,
                               cl_float *outf, cl_mem a) {
  cl_kernel k;
  CLNEW(k, clCreateKernel(p, "with_options", &err_));
  cl_mem o, of;
  CLNEW(o, clCreateBuffer(env->context, CL_MEM_WRITE_ONLY, N * 4, NULL,
                          &err_));
  CLNEW(of, clCreateBuffer(env->context, CL_MEM_WRITE_ONLY, N * 4, NULL,
                           &err_));
  CHECK(clSetKernelArg(k, 0, sizeof o, &o));
  CHECK(clSetKernelArg(k, 1, sizeof of, &of));
  CHECK(clSetKernelArg(k, 2, sizeof a, &a));
  size_t g = N;
  CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &g, NULL, 0, NULL,
                               NULL));
  CHECK(clEnqueueReadBuffer(env->queue, o, CL_TRUE, 0, N * 4, out, 0, NULL,
                            NULL));
  CHECK(clEnqueueReadBuffer(env->queue, of, CL_TRUE, 0, N * 4, outf, 0, NULL,
                            NULL));
  CHECK(clReleaseMemObject(o));
  CHECK(clReleaseMemObject(of));
  CHECK(clReleaseKernel(k));
}

int main(int argc, char **argv) {
  env_t env;
  env_init(&env, "build_options", 0);
  const char *inputs = argc > 1 ? argv[1] : "Inputs";
  cl_context ctx = env.context;
  cl_float *a = malloc(N * 4), *outf = malloc(N * 4);
  cl_int *out = malloc(N * 4);
  for (int i = 0; i < N; i++)
    a[i] = (float)(i % 97) - 40.0f;
  cl_mem da;
  CLNEW(da, clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                           N * 4, a, &err_));

  /* -D, -I, -cl-mad-enable; then the same with -cl-fast-relaxed-math. */
  char opts[2][4096];
  snprintf(opts[0], sizeof opts[0],
           "-DSCALE=3 -D OFFSET=-5 -DFLAG -DN_=%d -I %s/include "
           "-cl-mad-enable",
           N, inputs);
  snprintf(opts[1], sizeof opts[1],
           "-DSCALE=3 -D OFFSET=-5 -DFLAG -DN_=%d -I%s/include "
           "-cl-fast-relaxed-math",
           N, inputs);
  uint64_t hash[2];
  for (int v = 0; v < 2; v++) {
    cl_program p = build_program(&env, src_options, opts[v]);
    size_t n = 0;
    CHECK(clGetProgramBuildInfo(p, env.device, CL_PROGRAM_BUILD_OPTIONS, 0,
                                NULL, &n));
    char *got = malloc(n + 1);
    CHECK(clGetProgramBuildInfo(p, env.device, CL_PROGRAM_BUILD_OPTIONS, n,
                                got, NULL));
    got[n] = '\0';
    REQUIRE(strcmp(got, opts[v]) == 0,
            "CL_PROGRAM_BUILD_OPTIONS \"%s\", expected \"%s\"", got,
            opts[v]);
    free(got);
    run_options_kernel(&env, p, out, outf, da);
    for (int i = 0; i < N; i++) {
      cl_int w = (i * 3 - 5) * 31 + 3;
      if (v == 1)
        w |= 1 << 30;
      if (out[i] != w)
        fail("options %d: out[%d] = %d, expected %d", v, i, out[i], w);
      float wf = a[i] * 3.0f + a[N - 1 - i];
      if (outf[i] != wf)
        fail("options %d: outf[%d] = %g, expected %g", v, i, (double)outf[i],
             (double)wf);
    }
    hash[v] = fnv1a(out, N * 4) ^ fnv1a(outf, N * 4);
    CHECK(clReleaseProgram(p));
  }
  printf("sum build.options %016" PRIx64 " %016" PRIx64 "\n", hash[0],
         hash[1]);

  /* A syntax error. */
  cl_program bad;
  CLNEW(bad, clCreateProgramWithSource(ctx, 1, &src_broken, NULL, &err_));
  cl_int berr = clBuildProgram(bad, 1, &env.device, "", NULL, NULL);
  REQUIRE(berr == CL_BUILD_PROGRAM_FAILURE,
          "building a syntax error returned %s, expected "
          "CL_BUILD_PROGRAM_FAILURE", cl_err_name(berr));
  cl_build_status bst;
  CHECK(clGetProgramBuildInfo(bad, env.device, CL_PROGRAM_BUILD_STATUS,
                              sizeof bst, &bst, NULL));
  REQUIRE(bst == CL_BUILD_ERROR, "build status %d, expected CL_BUILD_ERROR",
          bst);
  char *blog = build_log(&env, bad);
  REQUIRE(strlen(blog) > 0, "empty build log for a syntax error");
  printf("note: build log of the syntax error: %zu bytes\n", strlen(blog));
  free(blog);
  cl_int kerr;
  cl_kernel kb = clCreateKernel(bad, "broken", &kerr);
  REQUIRE(kb == NULL && kerr == CL_INVALID_PROGRAM_EXECUTABLE,
          "clCreateKernel on a failed build: %s, expected "
          "CL_INVALID_PROGRAM_EXECUTABLE", cl_err_name(kerr));
  CHECK(clReleaseProgram(bad));
  printf("sum build.syntax_error CL_BUILD_PROGRAM_FAILURE\n");

  /* Kernel enumeration, with -cl-kernel-arg-info. */
  cl_program pp = build_program(&env, src_precise, "-cl-kernel-arg-info");
  size_t nk = 0, nlen = 0;
  CHECK(clGetProgramInfo(pp, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL));
  REQUIRE(nk == 3, "CL_PROGRAM_NUM_KERNELS %zu, expected 3", nk);
  CHECK(clGetProgramInfo(pp, CL_PROGRAM_KERNEL_NAMES, 0, NULL, &nlen));
  char *names = malloc(nlen + 1);
  CHECK(clGetProgramInfo(pp, CL_PROGRAM_KERNEL_NAMES, nlen, names, NULL));
  names[nlen] = '\0';
  char *list[8];
  int nl = 0;
  for (char *t = strtok(names, ";"); t && nl < 8; t = strtok(NULL, ";"))
    list[nl++] = t;
  qsort(list, nl, sizeof list[0], cmp_str);
  REQUIRE(nl == 3 && !strcmp(list[0], "precise") && !strcmp(list[1], "second")
              && !strcmp(list[2], "third"),
          "CL_PROGRAM_KERNEL_NAMES wrong");
  cl_uint created = 0;
  cl_kernel ks[3];
  cl_int e2 = clCreateKernelsInProgram(pp, 2, ks, &created);
  REQUIRE(e2 == CL_INVALID_VALUE, "clCreateKernelsInProgram with room for 2 "
          "of 3 kernels: %s, expected CL_INVALID_VALUE", cl_err_name(e2));
  CHECK(clCreateKernelsInProgram(pp, 0, NULL, &created));
  REQUIRE(created == 3, "clCreateKernelsInProgram counts %u", created);
  CHECK(clCreateKernelsInProgram(pp, 3, ks, &created));
  char sig[256] = "";
  cl_kernel kprecise = NULL;
  const char *knames[3];
  cl_uint kargs[3];
  for (int i = 0; i < 3; i++) {
    static char fname[3][64];
    CHECK(clGetKernelInfo(ks[i], CL_KERNEL_FUNCTION_NAME, sizeof fname[i],
                          fname[i], NULL));
    CHECK(clGetKernelInfo(ks[i], CL_KERNEL_NUM_ARGS, sizeof kargs[i],
                          &kargs[i], NULL));
    knames[i] = fname[i];
    cl_program kp;
    CHECK(clGetKernelInfo(ks[i], CL_KERNEL_PROGRAM, sizeof kp, &kp, NULL));
    REQUIRE(kp == pp, "CL_KERNEL_PROGRAM");
    if (!strcmp(fname[i], "precise"))
      kprecise = ks[i];
  }
  for (int want = 0; want < 3; want++)
    for (int i = 0; i < 3; i++)
      if (!strcmp(knames[i], list[want])) {
        char item[64];
        snprintf(item, sizeof item, "%s%s/%u", want ? " " : "", knames[i],
                 kargs[i]);
        strcat(sig, item);
      }
  REQUIRE(!strcmp(sig, "precise/3 second/2 third/4"),
          "kernel names/arg counts: %s", sig);
  printf("sum build.kernels %s\n", sig);
  /* Argument info of "third": (__global int *p, __local int *s, int v,
   * float w). */
  for (int i = 0; i < 3; i++)
    if (!strcmp(knames[i], "third")) {
      static const char *an[4] = {"p", "s", "v", "w"};
      static const char *tn[4] = {"int*", "int*", "int", "float"};
      static const cl_kernel_arg_address_qualifier aq[4] = {
          CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_LOCAL,
          CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ADDRESS_PRIVATE};
      for (cl_uint j = 0; j < 4; j++) {
        char buf[64];
        cl_kernel_arg_address_qualifier q;
        CHECK(clGetKernelArgInfo(ks[i], j, CL_KERNEL_ARG_NAME, sizeof buf,
                                 buf, NULL));
        REQUIRE(!strcmp(buf, an[j]), "arg %u name %s", j, buf);
        CHECK(clGetKernelArgInfo(ks[i], j, CL_KERNEL_ARG_TYPE_NAME,
                                 sizeof buf, buf, NULL));
        REQUIRE(!strcmp(buf, tn[j]), "arg %u type name %s, expected %s", j,
                buf, tn[j]);
        CHECK(clGetKernelArgInfo(ks[i], j, CL_KERNEL_ARG_ADDRESS_QUALIFIER,
                                 sizeof q, &q, NULL));
        REQUIRE(q == aq[j], "arg %u address qualifier 0x%x", j, q);
      }
      cl_int aerr = clGetKernelArgInfo(ks[i], 4, CL_KERNEL_ARG_NAME, 0, NULL,
                                       NULL);
      REQUIRE(aerr == CL_INVALID_ARG_INDEX, "clGetKernelArgInfo index 4: %s",
              cl_err_name(aerr));
    }

  /* Math built-ins against the spec's ULP limits (default build). */
  cl_float *x = malloc(N * 4), *y = malloc(N * 4), *res = malloc(6 * N * 4);
  rng_seed(4242);
  for (int i = 0; i < N; i++) {
    x[i] = (float)(rng_below(1u << 20) + 1) / 4096.0f; /* (0, 256] */
    y[i] = ((float)rng_below(1u << 20) - 524288.0f) / 32768.0f; /* +-16 */
    if (y[i] == 0.0f)
      y[i] = 0.5f;
  }
  cl_mem dx, dy, dr;
  CLNEW(dx, clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                           N * 4, x, &err_));
  CLNEW(dy, clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                           N * 4, y, &err_));
  CLNEW(dr, clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 6 * N * 4, NULL, &err_));
  CHECK(clSetKernelArg(kprecise, 0, sizeof dx, &dx));
  CHECK(clSetKernelArg(kprecise, 1, sizeof dy, &dy));
  CHECK(clSetKernelArg(kprecise, 2, sizeof dr, &dr));
  size_t g = N;
  CHECK(clEnqueueNDRangeKernel(env.queue, kprecise, 1, NULL, &g, NULL, 0,
                               NULL, NULL));
  CHECK(clEnqueueReadBuffer(env.queue, dr, CL_TRUE, 0, 6 * N * 4, res, 0,
                            NULL, NULL));
  double worst[6] = {0}, refsum[6] = {0};
  for (int i = 0; i < N; i++) {
    double xa = x[i], yb = y[i];
    double ref[6] = {xa / yb, sqrt(xa), exp(yb), sin(yb), log(xa),
                     xa * yb + 1.0};
    for (int o = 0; o < 6; o++) {
      double e = ulp_error(res[6 * i + o], ref[o]);
      /* a*b+1: one rounding if fused, two if not; either is allowed
       * (FP_CONTRACT), so allow the second rounding's half ulp. */
      double lim = o == 5 ? 1.0 : ops[o].max_ulp;
      if (e > lim)
        fail("%s(%a, %a) = %a, reference %a: %.2f ulp > %.1f", ops[o].name,
             xa, yb, (double)res[6 * i + o], ref[o], e, lim);
      if (e > worst[o])
        worst[o] = e;
      refsum[o] += (float)ref[o];
    }
  }
  printf("note: worst ulp: x/y %.2f sqrt %.2f exp %.2f sin %.2f log %.2f\n",
         worst[0], worst[1], worst[2], worst[3], worst[4]);
  /* Reference-side summary (the device agreed within the limits above). */
  printf("sum build.math_checked %d x 6 ops, reference sums %.4e %.4e %.4e "
         "%.4e %.4e\n",
         N, refsum[0], refsum[1], refsum[2], refsum[3], refsum[4]);

  /* Program binary round trip: same results from the binary. */
  size_t bsize = 0;
  CHECK(clGetProgramInfo(pp, CL_PROGRAM_BINARY_SIZES, sizeof bsize, &bsize,
                         NULL));
  REQUIRE(bsize > 0, "empty program binary");
  unsigned char *bin = malloc(bsize);
  unsigned char *bins[1] = {bin};
  CHECK(clGetProgramInfo(pp, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL));
  cl_int bstatus;
  cl_program pb;
  CLNEW(pb, clCreateProgramWithBinary(ctx, 1, &env.device, &bsize,
                                      (const unsigned char **)bins, &bstatus,
                                      &err_));
  CHECK(bstatus);
  CHECK(clBuildProgram(pb, 1, &env.device, "", NULL, NULL));
  cl_kernel kbin;
  CLNEW(kbin, clCreateKernel(pb, "precise", &err_));
  cl_float *res2 = malloc(6 * N * 4);
  CHECK(clSetKernelArg(kbin, 0, sizeof dx, &dx));
  CHECK(clSetKernelArg(kbin, 1, sizeof dy, &dy));
  CHECK(clSetKernelArg(kbin, 2, sizeof dr, &dr));
  CHECK(clEnqueueNDRangeKernel(env.queue, kbin, 1, NULL, &g, NULL, 0, NULL,
                               NULL));
  CHECK(clEnqueueReadBuffer(env.queue, dr, CL_TRUE, 0, 6 * N * 4, res2, 0,
                            NULL, NULL));
  REQUIRE(memcmp(res, res2, 6 * N * 4) == 0,
          "program from binary computes other results than from source");
  printf("sum build.binary_roundtrip same\n");

  /* Separate compilation: an embedded header, two objects, one link. */
  cl_program lib, mainp, hdr, linked;
  CLNEW(lib, clCreateProgramWithSource(ctx, 1, &src_lib, NULL, &err_));
  CLNEW(mainp, clCreateProgramWithSource(ctx, 1, &src_main, NULL, &err_));
  CLNEW(hdr, clCreateProgramWithSource(ctx, 1, &hdr_twice, NULL, &err_));
  const char *hname = "twice.h";
  CHECK(clCompileProgram(lib, 1, &env.device, "", 1, &hdr, &hname, NULL,
                         NULL));
  CHECK(clCompileProgram(mainp, 1, &env.device, "", 1, &hdr, &hname, NULL,
                         NULL));
  cl_program objs[2] = {mainp, lib};
  CLNEW(linked, clLinkProgram(ctx, 1, &env.device, "", 2, objs, NULL, NULL,
                              &err_));
  cl_kernel kt;
  CLNEW(kt, clCreateKernel(linked, "use_twice", &err_));
  cl_mem dt;
  CLNEW(dt, clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 64 * 4, NULL, &err_));
  CHECK(clSetKernelArg(kt, 0, sizeof dt, &dt));
  size_t g64 = 64;
  CHECK(clEnqueueNDRangeKernel(env.queue, kt, 1, NULL, &g64, NULL, 0, NULL,
                               NULL));
  cl_int tw[64];
  CHECK(clEnqueueReadBuffer(env.queue, dt, CL_TRUE, 0, sizeof tw, tw, 0, NULL,
                            NULL));
  for (int i = 0; i < 64; i++)
    REQUIRE(tw[i] == 2 * i + 5, "linked kernel [%d] = %d", i, tw[i]);
  printf("sum build.compile_link %016" PRIx64 "\n", fnv1a(tw, sizeof tw));

  CHECK(clReleaseKernel(kt));
  CHECK(clReleaseKernel(kbin));
  for (int i = 0; i < 3; i++)
    CHECK(clReleaseKernel(ks[i]));
  cl_program progs[] = {pp, pb, lib, mainp, hdr, linked};
  for (int i = 0; i < 6; i++)
    CHECK(clReleaseProgram(progs[i]));
  cl_mem mems[] = {da, dx, dy, dr, dt};
  for (int i = 0; i < 5; i++)
    CHECK(clReleaseMemObject(mems[i]));
  env_release(&env);
  free(a); free(outf); free(out); free(names); free(x); free(y); free(res);
  free(res2); free(bin);
  printf("PASS build_options\n");
  return 0;
}
