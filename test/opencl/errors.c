/* Error paths with the error codes OpenCL 1.2 fixes: clSetKernelArg
 * (index, sizes, __local value), enqueue with unset arguments, work-group
 * sizes (not dividing, above the device maximum, above the per-dimension
 * maximum, reqd_work_group_size), work dimensions, clCreateKernel names,
 * out-of-range buffer reads/writes/copies/maps/fills, overlapping copies,
 * clCreateBuffer sizes/flags/host pointers, host access flags,
 * sub-buffers, event wait lists, user events, profiling on a queue without
 * it, info queries, build options; images: CL_INVALID_OPERATION when
 * CL_DEVICE_IMAGE_SUPPORT is false, else a round trip.
 *
 * Every check prints "ok NAME CODE". A wrong code fails the program unless
 * the check is in the known-deviation table below for this platform, in
 * which case it prints "skip: ..." naming the platform. */
#include "common.h"

/* Platform (substring of CL_PLATFORM_NAME) and check that deviates from
 * OpenCL 1.2 there; the program reports these instead of failing. */
static const struct {
  const char *platform, *check, *why;
} known[] = {
    {"Portable Computing Language", "global_size_null",
     "pocl 3.1 accepts a NULL global_work_size"},
    {"Portable Computing Language", "image_width_above_max",
     "pocl 3.1 answers CL_INVALID_OPERATION"},
};

static const env_t *genv;
static int nok, nskip, nfail;

static void expect2(const char *check, cl_int got, cl_int want, cl_int alt) {
  if (got == want || (alt != CL_SUCCESS && got == alt) ||
      (alt == CL_SUCCESS && want == CL_SUCCESS && got == CL_SUCCESS)) {
    printf("ok %s %s\n", check, cl_err_name(got));
    nok++;
    return;
  }
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
    if (known[i].check[0] && strstr(genv->platform_name, known[i].platform) &&
        !strcmp(known[i].check, check)) {
      printf("skip: %s on %s: got %s, OpenCL 1.2 says %s%s%s (%s)\n", check,
             genv->platform_name, cl_err_name(got), cl_err_name(want),
             alt != CL_SUCCESS ? " or " : "",
             alt != CL_SUCCESS ? cl_err_name(alt) : "", known[i].why);
      nskip++;
      return;
    }
  fflush(stdout);
  fprintf(stderr, "FAIL errors: %s: got %s (%d), expected %s%s%s\n", check,
          cl_err_name(got), (int)got, cl_err_name(want),
          alt != CL_SUCCESS ? " or " : "",
          alt != CL_SUCCESS ? cl_err_name(alt) : "");
  nfail++;
}
static void expect(const char *check, cl_int got, cl_int want) {
  expect2(check, got, want, CL_SUCCESS);
}

static const char *source =
    "__kernel void k(__global int *buf, int n, __local float *scratch) {\n"
    "  size_t i = get_global_id(0);\n"
    "  scratch[get_local_id(0)] = (float)n;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  if (buf) buf[i] = (int)scratch[get_local_id(0)];\n"
    "}\n"
    "__kernel __attribute__((reqd_work_group_size(4, 1, 1)))\n"
    "void kreqd(__global int *buf) { buf[get_global_id(0)] = 1; }\n"
    "__kernel void img_copy(__read_only image2d_t src,\n"
    "                       __write_only image2d_t dst) {\n"
    "  const sampler_t s = CLK_NORMALIZED_COORDS_FALSE |\n"
    "                      CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;\n"
    "  int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "  write_imageui(dst, p, read_imageui(src, s, p) + (uint4)(1));\n"
    "}\n";

static const char *source_noimg =
    "__kernel void k(__global int *buf, int n, __local float *scratch) {\n"
    "  size_t i = get_global_id(0);\n"
    "  scratch[get_local_id(0)] = (float)n;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  if (buf) buf[i] = (int)scratch[get_local_id(0)];\n"
    "}\n"
    "__kernel __attribute__((reqd_work_group_size(4, 1, 1)))\n"
    "void kreqd(__global int *buf) { buf[get_global_id(0)] = 1; }\n";

int main(void) {
  env_t env;
  env_init(&env, "errors", 0);
  genv = &env;
  cl_context ctx = env.context;
  cl_command_queue q = env.queue;
  cl_int err;
  cl_bool images = CL_FALSE;
  CHECK(clGetDeviceInfo(env.device, CL_DEVICE_IMAGE_SUPPORT, sizeof images,
                        &images, NULL));
  cl_program prog = build_program(&env, images ? source : source_noimg, "");
  cl_kernel k, kreqd;
  CLNEW(k, clCreateKernel(prog, "k", &err_));
  CLNEW(kreqd, clCreateKernel(prog, "kreqd", &err_));
  cl_mem buf;
  CLNEW(buf, clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4096 * 4, NULL, &err_));
  size_t dev_max = 0, items[3] = {0};
  CHECK(clGetDeviceInfo(env.device, CL_DEVICE_MAX_WORK_GROUP_SIZE,
                        sizeof dev_max, &dev_max, NULL));
  CHECK(clGetDeviceInfo(env.device, CL_DEVICE_MAX_WORK_ITEM_SIZES,
                        sizeof items, items, NULL));
  cl_int n = 5;
  cl_long big = 5;
  float fv = 1.0f;

  /* clSetKernelArg */
  expect("set_arg_index_past_end", clSetKernelArg(k, 3, sizeof n, &n),
         CL_INVALID_ARG_INDEX);
  expect("set_arg_scalar_wrong_size", clSetKernelArg(k, 1, sizeof big, &big),
         CL_INVALID_ARG_SIZE);
  expect("set_arg_mem_wrong_size", clSetKernelArg(k, 0, 4, &buf),
         CL_INVALID_ARG_SIZE);
  expect("set_arg_local_with_value", clSetKernelArg(k, 2, 64, &fv),
         CL_INVALID_ARG_VALUE);
  expect("set_arg_local_size_zero", clSetKernelArg(k, 2, 0, NULL),
         CL_INVALID_ARG_SIZE);
  expect("set_arg_scalar_null_value", clSetKernelArg(k, 1, sizeof n, NULL),
         CL_INVALID_ARG_VALUE);
  expect("set_arg_buffer_null_ok", clSetKernelArg(k, 0, sizeof(cl_mem), NULL),
         CL_SUCCESS);

  /* Enqueue with an argument never set (n). */
  cl_kernel fresh;
  CLNEW(fresh, clCreateKernel(prog, "k", &err_));
  CHECK(clSetKernelArg(fresh, 0, sizeof buf, &buf));
  CHECK(clSetKernelArg(fresh, 2, 64 * 4, NULL));
  size_t g64 = 64, l16 = 16;
  expect("enqueue_args_not_set",
         clEnqueueNDRangeKernel(q, fresh, 1, NULL, &g64, &l16, 0, NULL, NULL),
         CL_INVALID_KERNEL_ARGS);
  CHECK(clReleaseKernel(fresh));

  /* Work-group sizes. The kernel is fully set up from here on. */
  CHECK(clSetKernelArg(k, 0, sizeof buf, &buf));
  CHECK(clSetKernelArg(k, 1, sizeof n, &n));
  CHECK(clSetKernelArg(k, 2, 4096 * 4, NULL));
  size_t g100 = 100, l7 = 7;
  expect("local_not_dividing_global",
         clEnqueueNDRangeKernel(q, k, 1, NULL, &g100, &l7, 0, NULL, NULL),
         CL_INVALID_WORK_GROUP_SIZE);
  {
    /* Total above CL_DEVICE_MAX_WORK_GROUP_SIZE, each dimension within
     * CL_DEVICE_MAX_WORK_ITEM_SIZES where possible. */
    size_t l[2] = {items[0] < dev_max ? items[0] : dev_max, 2};
    while (l[0] * l[1] <= dev_max)
      l[1] *= 2;
    size_t g[2] = {l[0], l[1]};
    cl_int e = clEnqueueNDRangeKernel(q, k, 2, NULL, g, l, 0, NULL, NULL);
    if (l[1] <= items[1])
      expect("local_total_above_device_max", e, CL_INVALID_WORK_GROUP_SIZE);
    else
      expect2("local_total_above_device_max", e, CL_INVALID_WORK_GROUP_SIZE,
              CL_INVALID_WORK_ITEM_SIZE);
  }
  {
    size_t l = dev_max * 2, g = l;
    expect2("local_1d_above_maximum",
            clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL),
            CL_INVALID_WORK_GROUP_SIZE, CL_INVALID_WORK_ITEM_SIZE);
  }
  {
    /* One dimension above its CL_DEVICE_MAX_WORK_ITEM_SIZES entry while
     * the total stays within the device maximum (if such a shape exists). */
    int done = 0;
    for (int d = 0; d < 3 && !done; d++)
      if (items[d] + 1 <= dev_max) {
        size_t l[3] = {1, 1, 1}, g[3] = {1, 1, 1};
        l[d] = g[d] = items[d] + 1;
        expect("local_dim_above_item_size",
               clEnqueueNDRangeKernel(q, k, 3, NULL, g, l, 0, NULL, NULL),
               CL_INVALID_WORK_ITEM_SIZE);
        done = 1;
      }
    if (!done)
      printf("skip: local_dim_above_item_size: every max work-item size "
             "equals the max work-group size on %s\n", env.platform_name);
  }
  CHECK(clSetKernelArg(kreqd, 0, sizeof buf, &buf));
  size_t g8 = 8, l2 = 2, l4 = 4;
  expect("reqd_wg_size_null_local",
         clEnqueueNDRangeKernel(q, kreqd, 1, NULL, &g8, NULL, 0, NULL, NULL),
         CL_INVALID_WORK_GROUP_SIZE);
  expect("reqd_wg_size_mismatch",
         clEnqueueNDRangeKernel(q, kreqd, 1, NULL, &g8, &l2, 0, NULL, NULL),
         CL_INVALID_WORK_GROUP_SIZE);
  expect("reqd_wg_size_match",
         clEnqueueNDRangeKernel(q, kreqd, 1, NULL, &g8, &l4, 0, NULL, NULL),
         CL_SUCCESS);
  expect("work_dim_zero",
         clEnqueueNDRangeKernel(q, k, 0, NULL, &g64, NULL, 0, NULL, NULL),
         CL_INVALID_WORK_DIMENSION);
  size_t g4[4] = {4, 1, 1, 1};
  expect("work_dim_four",
         clEnqueueNDRangeKernel(q, k, 4, NULL, g4, NULL, 0, NULL, NULL),
         CL_INVALID_WORK_DIMENSION);
  expect("global_size_null",
         clEnqueueNDRangeKernel(q, k, 1, NULL, NULL, NULL, 0, NULL, NULL),
         CL_INVALID_GLOBAL_WORK_SIZE);
  {
    /* 1.2: a zero global size is CL_INVALID_GLOBAL_WORK_SIZE; 2.1 and
     * later made it a no-op, so accept CL_SUCCESS from those platforms. */
    size_t g0 = 0;
    cl_int e = clEnqueueNDRangeKernel(q, k, 1, NULL, &g0, NULL, 0, NULL, NULL);
    int major = 0, minor = 0;
    sscanf(env.platform_version, "OpenCL %d.%d", &major, &minor);
    if (major * 10 + minor >= 21 && e == CL_SUCCESS)
      printf("skip: global_size_zero: CL_SUCCESS is right for %s (OpenCL "
             "%d.%d), not 1.2\n", env.platform_name, major, minor);
    else
      expect("global_size_zero", e, CL_INVALID_GLOBAL_WORK_SIZE);
  }

  /* Kernels and programs. */
  cl_kernel nk = clCreateKernel(prog, "no_such_kernel", &err);
  expect("create_kernel_unknown_name", err, CL_INVALID_KERNEL_NAME);
  REQUIRE(nk == NULL, "clCreateKernel with an unknown name returned a kernel");
  cl_program unbuilt;
  CLNEW(unbuilt, clCreateProgramWithSource(ctx, 1, &source_noimg, NULL,
                                           &err_));
  clCreateKernel(unbuilt, "k", &err);
  expect("create_kernel_unbuilt_program", err, CL_INVALID_PROGRAM_EXECUTABLE);
  expect("build_unknown_option",
         clBuildProgram(unbuilt, 1, &env.device, "-cl-no-such-option", NULL,
                        NULL),
         CL_INVALID_BUILD_OPTIONS);
  CHECK(clReleaseProgram(unbuilt));

  /* Buffer transfers out of range. */
  int host[1024] = {0};
  cl_mem small;
  CLNEW(small, clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err_));
  expect("read_past_end",
         clEnqueueReadBuffer(q, small, CL_TRUE, 60, 8, host, 0, NULL, NULL),
         CL_INVALID_VALUE);
  expect("read_size_past_end",
         clEnqueueReadBuffer(q, small, CL_TRUE, 0, 65, host, 0, NULL, NULL),
         CL_INVALID_VALUE);
  expect("read_null_ptr",
         clEnqueueReadBuffer(q, small, CL_TRUE, 0, 4, NULL, 0, NULL, NULL),
         CL_INVALID_VALUE);
  expect("write_past_end",
         clEnqueueWriteBuffer(q, small, CL_TRUE, 32, 64, host, 0, NULL, NULL),
         CL_INVALID_VALUE);
  expect("copy_past_end",
         clEnqueueCopyBuffer(q, buf, small, 0, 0, 128, 0, NULL, NULL),
         CL_INVALID_VALUE);
  expect("copy_overlap_same_buffer",
         clEnqueueCopyBuffer(q, buf, buf, 0, 16, 64, 0, NULL, NULL),
         CL_MEM_COPY_OVERLAP);
  cl_int pat = 1;
  expect("fill_pattern_size_3",
         clEnqueueFillBuffer(q, small, &pat, 3, 0, 63, 0, NULL, NULL),
         CL_INVALID_VALUE);
  expect("fill_offset_not_multiple",
         clEnqueueFillBuffer(q, small, &pat, 4, 2, 8, 0, NULL, NULL),
         CL_INVALID_VALUE);
  expect("fill_past_end",
         clEnqueueFillBuffer(q, small, &pat, 4, 0, 68, 0, NULL, NULL),
         CL_INVALID_VALUE);
  void *mp = clEnqueueMapBuffer(q, small, CL_TRUE, CL_MAP_READ, 32, 64, 0,
                                NULL, NULL, &err);
  expect("map_past_end", err, CL_INVALID_VALUE);
  REQUIRE(mp == NULL, "failed map returned a pointer");

  /* clCreateBuffer. */
  cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 0, NULL, &err);
  expect("create_buffer_size_zero", err, CL_INVALID_BUFFER_SIZE);
  REQUIRE(m == NULL, "clCreateBuffer size 0 returned a buffer");
  clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 64, NULL, &err);
  expect("create_buffer_use_host_ptr_null", err, CL_INVALID_HOST_PTR);
  clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, host, &err);
  expect("create_buffer_host_ptr_without_flag", err, CL_INVALID_HOST_PTR);
  clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, 64, NULL, &err);
  expect("create_buffer_rw_and_ro", err, CL_INVALID_VALUE);
  clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, 64, host,
                 &err);
  expect("create_buffer_use_and_alloc", err, CL_INVALID_VALUE);
  clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, host,
                 &err);
  expect("create_buffer_use_and_copy", err, CL_INVALID_VALUE);

  /* Host access flags (1.2). */
  cl_mem hro, hno;
  CLNEW(hro, clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_HOST_READ_ONLY,
                            64, NULL, &err_));
  CLNEW(hno, clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS,
                            64, NULL, &err_));
  expect("write_host_read_only",
         clEnqueueWriteBuffer(q, hro, CL_TRUE, 0, 64, host, 0, NULL, NULL),
         CL_INVALID_OPERATION);
  expect("read_host_no_access",
         clEnqueueReadBuffer(q, hno, CL_TRUE, 0, 64, host, 0, NULL, NULL),
         CL_INVALID_OPERATION);
  CHECK(clReleaseMemObject(hro));
  CHECK(clReleaseMemObject(hno));

  /* Sub-buffers. */
  cl_uint align_bits = 0;
  CHECK(clGetDeviceInfo(env.device, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
                        sizeof align_bits, &align_bits, NULL));
  cl_buffer_region r_out = {4096 * 4 - 64, 128};
  clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, &r_out, &err);
  expect("sub_buffer_out_of_bounds", err, CL_INVALID_VALUE);
  cl_buffer_region r_zero = {0, 0};
  clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, &r_zero, &err);
  expect("sub_buffer_size_zero", err, CL_INVALID_BUFFER_SIZE);
  if (align_bits / 8 > 4) {
    cl_buffer_region r_mis = {4, 64};
    clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, &r_mis, &err);
    expect("sub_buffer_misaligned", err, CL_MISALIGNED_SUB_BUFFER_OFFSET);
  } else {
    printf("skip: sub_buffer_misaligned: CL_DEVICE_MEM_BASE_ADDR_ALIGN is "
           "%u bits on %s\n", align_bits, env.platform_name);
  }
  cl_buffer_region r_ok = {0, 256};
  cl_mem sub;
  CLNEW(sub, clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, &r_ok,
                               &err_));
  clCreateSubBuffer(sub, 0, CL_BUFFER_CREATE_TYPE_REGION, &r_ok, &err);
  expect("sub_buffer_of_sub_buffer", err, CL_INVALID_MEM_OBJECT);
  CHECK(clReleaseMemObject(sub));

  /* Events. */
  cl_event dummy;
  CLNEW(dummy, clCreateUserEvent(ctx, &err_));
  expect("wait_list_count_without_list",
         clEnqueueReadBuffer(q, small, CL_TRUE, 0, 4, host, 1, NULL, NULL),
         CL_INVALID_EVENT_WAIT_LIST);
  expect("wait_list_list_without_count",
         clEnqueueReadBuffer(q, small, CL_TRUE, 0, 4, host, 0, &dummy, NULL),
         CL_INVALID_EVENT_WAIT_LIST);
  expect("wait_for_zero_events", clWaitForEvents(0, NULL), CL_INVALID_VALUE);
  CHECK(clSetUserEventStatus(dummy, CL_COMPLETE));
  expect("user_event_set_twice", clSetUserEventStatus(dummy, CL_COMPLETE),
         CL_INVALID_OPERATION);
  cl_event rev;
  CHECK(clEnqueueReadBuffer(q, small, CL_TRUE, 0, 4, host, 0, NULL, &rev));
  expect("set_status_of_command_event", clSetUserEventStatus(rev, CL_COMPLETE),
         CL_INVALID_EVENT);
  cl_ulong t;
  expect("profiling_not_enabled",
         clGetEventProfilingInfo(rev, CL_PROFILING_COMMAND_END, sizeof t, &t,
                                 NULL),
         CL_PROFILING_INFO_NOT_AVAILABLE);
  CHECK(clReleaseEvent(rev));
  CHECK(clReleaseEvent(dummy));

  /* Info queries. */
  cl_uint u;
  expect("device_info_bad_param",
         clGetDeviceInfo(env.device, 0x7fff, sizeof u, &u, NULL),
         CL_INVALID_VALUE);
  char tiny[2];
  expect("device_info_buffer_too_small",
         clGetDeviceInfo(env.device, CL_DEVICE_NAME, sizeof tiny, tiny, NULL),
         CL_INVALID_VALUE);
  expect("kernel_info_bad_param",
         clGetKernelInfo(k, 0x7fff, sizeof u, &u, NULL), CL_INVALID_VALUE);

  /* Images. */
  cl_image_format fmt = {CL_RGBA, CL_UNSIGNED_INT8};
  cl_image_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = 16;
  desc.image_height = 8;
  if (!images) {
    clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &err);
    expect("image_without_image_support", err, CL_INVALID_OPERATION);
    printf("skip: image round trip: CL_DEVICE_IMAGE_SUPPORT is false on %s\n",
           env.platform_name);
  } else {
    cl_uint nfmt = 0;
    CHECK(clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE,
                                     CL_MEM_OBJECT_IMAGE2D, 0, NULL, &nfmt));
    REQUIRE(nfmt > 0, "image support but no image formats");
    size_t maxw = 0;
    CHECK(clGetDeviceInfo(env.device, CL_DEVICE_IMAGE2D_MAX_WIDTH,
                          sizeof maxw, &maxw, NULL));
    cl_image_desc bad = desc;
    bad.image_width = maxw + 1;
    bad.image_height = 1;
    clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &bad, NULL, &err);
    expect("image_width_above_max", err, CL_INVALID_IMAGE_SIZE);
    /* CL_RGBA with CL_UNSIGNED_INT8 is in the 1.2 minimum format list. */
    cl_mem src, dst;
    CLNEW(src, clCreateImage(ctx, CL_MEM_READ_ONLY, &fmt, &desc, NULL, &err_));
    CLNEW(dst, clCreateImage(ctx, CL_MEM_WRITE_ONLY, &fmt, &desc, NULL,
                             &err_));
    unsigned char pix[16 * 8 * 4], back[16 * 8 * 4];
    for (size_t i = 0; i < sizeof pix; i++)
      pix[i] = (unsigned char)(i * 7 % 200); /* +1 stays below 255 */
    size_t origin[3] = {0, 0, 0}, region[3] = {16, 8, 1};
    CHECK(clEnqueueWriteImage(q, src, CL_TRUE, origin, region, 0, 0, pix, 0,
                              NULL, NULL));
    cl_kernel ki;
    CLNEW(ki, clCreateKernel(prog, "img_copy", &err_));
    CHECK(clSetKernelArg(ki, 0, sizeof src, &src));
    CHECK(clSetKernelArg(ki, 1, sizeof dst, &dst));
    size_t gi[2] = {16, 8};
    CHECK(clEnqueueNDRangeKernel(q, ki, 2, NULL, gi, NULL, 0, NULL, NULL));
    CHECK(clEnqueueReadImage(q, dst, CL_TRUE, origin, region, 0, 0, back, 0,
                             NULL, NULL));
    for (size_t i = 0; i < sizeof pix; i++)
      REQUIRE(back[i] == (unsigned char)(pix[i] + 1),
              "image texel byte %zu: %u, expected %u", i, back[i],
              (unsigned char)(pix[i] + 1));
    printf("ok image_round_trip\n");
    CHECK(clReleaseKernel(ki));
    CHECK(clReleaseMemObject(src));
    CHECK(clReleaseMemObject(dst));
  }

  CHECK(clFinish(q));
  CHECK(clReleaseMemObject(small));
  CHECK(clReleaseMemObject(buf));
  CHECK(clReleaseKernel(k));
  CHECK(clReleaseKernel(kreqd));
  CHECK(clReleaseProgram(prog));
  env_release(&env);
  printf("note: %d checks as specified, %d known deviations skipped on %s\n",
         nok, nskip, env.platform_name);
  if (nfail) {
    fprintf(stderr, "FAIL errors: %d error codes differ from OpenCL 1.2\n",
            nfail);
    return 1;
  }
  printf("PASS errors\n");
  return 0;
}
