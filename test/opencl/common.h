/* Shared helpers for the OpenCL 1.2 host test programs in test/opencl.
 *
 * Output conventions (every program):
 *   note: ...      platform-specific information (names, chosen sizes)
 *   skip: ...      a check not run or not enforced on this platform, and why
 *   sum NAME VAL   a platform-independent checksum; two platforms that run
 *                  the program correctly print identical "sum" lines
 *   PASS NAME      last line on success (exit code 0)
 *   FAIL ...       on stderr; exit code 1 (wrong result) or 2 (API error)
 *
 * Only standard OpenCL 1.2 API; no vendor extensions.
 */
#ifndef KW_OCL_COMMON_H
#define KW_OCL_COMMON_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *prog_name = "?";

static inline const char *cl_err_name(cl_int e) {
  switch (e) {
#define N(x) case x: return #x;
    N(CL_SUCCESS) N(CL_DEVICE_NOT_FOUND) N(CL_DEVICE_NOT_AVAILABLE)
    N(CL_COMPILER_NOT_AVAILABLE) N(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    N(CL_OUT_OF_RESOURCES) N(CL_OUT_OF_HOST_MEMORY)
    N(CL_PROFILING_INFO_NOT_AVAILABLE) N(CL_MEM_COPY_OVERLAP)
    N(CL_IMAGE_FORMAT_MISMATCH) N(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    N(CL_BUILD_PROGRAM_FAILURE) N(CL_MAP_FAILURE)
    N(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    N(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    N(CL_COMPILE_PROGRAM_FAILURE) N(CL_LINKER_NOT_AVAILABLE)
    N(CL_LINK_PROGRAM_FAILURE) N(CL_DEVICE_PARTITION_FAILED)
    N(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    N(CL_INVALID_VALUE) N(CL_INVALID_DEVICE_TYPE) N(CL_INVALID_PLATFORM)
    N(CL_INVALID_DEVICE) N(CL_INVALID_CONTEXT)
    N(CL_INVALID_QUEUE_PROPERTIES) N(CL_INVALID_COMMAND_QUEUE)
    N(CL_INVALID_HOST_PTR) N(CL_INVALID_MEM_OBJECT)
    N(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR) N(CL_INVALID_IMAGE_SIZE)
    N(CL_INVALID_SAMPLER) N(CL_INVALID_BINARY) N(CL_INVALID_BUILD_OPTIONS)
    N(CL_INVALID_PROGRAM) N(CL_INVALID_PROGRAM_EXECUTABLE)
    N(CL_INVALID_KERNEL_NAME) N(CL_INVALID_KERNEL_DEFINITION)
    N(CL_INVALID_KERNEL) N(CL_INVALID_ARG_INDEX) N(CL_INVALID_ARG_VALUE)
    N(CL_INVALID_ARG_SIZE) N(CL_INVALID_KERNEL_ARGS)
    N(CL_INVALID_WORK_DIMENSION) N(CL_INVALID_WORK_GROUP_SIZE)
    N(CL_INVALID_WORK_ITEM_SIZE) N(CL_INVALID_GLOBAL_OFFSET)
    N(CL_INVALID_EVENT_WAIT_LIST) N(CL_INVALID_EVENT)
    N(CL_INVALID_OPERATION) N(CL_INVALID_GL_OBJECT)
    N(CL_INVALID_BUFFER_SIZE) N(CL_INVALID_MIP_LEVEL)
    N(CL_INVALID_GLOBAL_WORK_SIZE) N(CL_INVALID_PROPERTY)
    N(CL_INVALID_IMAGE_DESCRIPTOR) N(CL_INVALID_COMPILER_OPTIONS)
    N(CL_INVALID_LINKER_OPTIONS) N(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef N
  case -1001: /* cl_khr_icd's CL_PLATFORM_NOT_FOUND_KHR, from the loader */
    return "CL_PLATFORM_NOT_FOUND_KHR (no platform: check OCL_ICD_VENDORS)";
  default: return "(unknown OpenCL error)";
  }
}

static inline void check_cl(cl_int err, const char *call, const char *file, int line) {
  if (err == CL_SUCCESS)
    return;
  fflush(stdout);
  fprintf(stderr, "FAIL %s: %s:%d: %s returned %s (%d)\n", prog_name, file,
          line, call, cl_err_name(err), (int)err);
  exit(2);
}

/* CHECK(clFoo(...)) for calls that return a cl_int. */
#define CHECK(call) check_cl((call), #call, __FILE__, __LINE__)
/* CLNEW(x, clCreateFoo(..., &err_)) for calls that return an object and
 * report through an errcode_ret pointer: the expression must use err_. */
#define CLNEW(lhs, ...)                                                        \
  do {                                                                         \
    cl_int err_ = CL_SUCCESS;                                                  \
    lhs = __VA_ARGS__;                                                         \
    check_cl(err_, #__VA_ARGS__, __FILE__, __LINE__);                          \
  } while (0)

/* A wrong result: message on stderr, exit 1. */
static inline void fail(const char *fmt, ...) {
  va_list ap;
  fflush(stdout);
  fprintf(stderr, "FAIL %s: ", prog_name);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  exit(1);
}

#define REQUIRE(cond, ...)                                                     \
  do {                                                                         \
    if (!(cond))                                                               \
      fail(__VA_ARGS__);                                                       \
  } while (0)

typedef struct {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  char platform_name[256];
  char platform_version[256];
  char device_name[256];
} env_t;

/* First platform the loader reports, its first device of any type (run
 * with OCL_ICD_VENDORS=file.icd so the loader sees only the platform under
 * test). */
static inline void env_init(env_t *env, const char *name,
                     cl_command_queue_properties props) {
  cl_uint np = 0;
  prog_name = name;
  memset(env, 0, sizeof *env);
  CHECK(clGetPlatformIDs(1, &env->platform, &np));
  REQUIRE(np > 0, "no OpenCL platform");
  CHECK(clGetPlatformInfo(env->platform, CL_PLATFORM_NAME,
                          sizeof env->platform_name, env->platform_name, NULL));
  CHECK(clGetPlatformInfo(env->platform, CL_PLATFORM_VERSION,
                          sizeof env->platform_version, env->platform_version,
                          NULL));
  CHECK(clGetDeviceIDs(env->platform, CL_DEVICE_TYPE_ALL, 1, &env->device,
                       NULL));
  CHECK(clGetDeviceInfo(env->device, CL_DEVICE_NAME, sizeof env->device_name,
                        env->device_name, NULL));
  cl_context_properties cprops[] = {CL_CONTEXT_PLATFORM,
                                    (cl_context_properties)env->platform, 0};
  CLNEW(env->context,
        clCreateContext(cprops, 1, &env->device, NULL, NULL, &err_));
  CLNEW(env->queue,
        clCreateCommandQueue(env->context, env->device, props, &err_));
  printf("note: platform \"%s\" (%s), device \"%s\"\n", env->platform_name,
         env->platform_version, env->device_name);
}

static inline void env_release(env_t *env) {
  CHECK(clReleaseCommandQueue(env->queue));
  CHECK(clReleaseContext(env->context));
}

/* The build log of a program for the env's device (malloc'd). */
static inline char *build_log(const env_t *env, cl_program p) {
  size_t n = 0;
  CHECK(clGetProgramBuildInfo(p, env->device, CL_PROGRAM_BUILD_LOG, 0, NULL,
                              &n));
  char *log = malloc(n + 1);
  REQUIRE(log != NULL, "out of memory");
  CHECK(clGetProgramBuildInfo(p, env->device, CL_PROGRAM_BUILD_LOG, n, log,
                              NULL));
  log[n] = '\0';
  return log;
}

/* Create and build a program from source; on a build error print the log
 * and exit. */
static inline cl_program build_program(const env_t *env, const char *src,
                                const char *options) {
  cl_program p;
  CLNEW(p, clCreateProgramWithSource(env->context, 1, &src, NULL, &err_));
  cl_int err = clBuildProgram(p, 1, &env->device, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    char *log = build_log(env, p);
    fprintf(stderr, "build log (options \"%s\"):\n%s\n",
            options ? options : "", log);
    free(log);
  }
  CHECK(err);
  return p;
}

/* Whole file as a NUL-terminated string (malloc'd). */
static inline char *load_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    fail("cannot open %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  REQUIRE(s != NULL, "out of memory");
  REQUIRE(fread(s, 1, (size_t)n, f) == (size_t)n, "short read on %s", path);
  s[n] = '\0';
  fclose(f);
  return s;
}

/* Deterministic generator (splitmix64); same sequence on every host. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static inline void rng_seed(uint64_t s) { rng_state = s; }
static inline uint64_t rng_u64(void) {
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static inline uint32_t rng_below(uint32_t n) { return (uint32_t)(rng_u64() % n); }

/* FNV-1a over bytes; exact checksums of integer or bit-exact float data. */
static inline uint64_t fnv1a(const void *data, size_t n) {
  const unsigned char *p = data;
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++) {
    h ^= p[i];
    h *= 0x100000001b3ull;
  }
  return h;
}

/* Distance in units in the last place between two finite floats. */
static inline uint32_t ulp_distance_f(float a, float b) {
  int32_t ia, ib;
  memcpy(&ia, &a, 4);
  memcpy(&ib, &b, 4);
  if (ia < 0)
    ia = (int32_t)(0x80000000u - (uint32_t)ia);
  if (ib < 0)
    ib = (int32_t)(0x80000000u - (uint32_t)ib);
  int64_t d = (int64_t)ia - (int64_t)ib;
  return (uint32_t)(d < 0 ? -d : d);
}

/* Error of a float result against a double reference, in ulps of the
 * reference rounded to float (the OpenCL spec's measure, to within 1). */
static inline double ulp_error(float got, double ref) {
  float rf = (float)ref;
  if (got == rf)
    return 0.0;
  int e;
  frexp(rf == 0.0f ? (double)FLT_MIN : (double)rf, &e);
  double ulp = ldexp(1.0, e - 24);
  if (ulp < ldexp(1.0, -149))
    ulp = ldexp(1.0, -149);
  return fabs((double)got - ref) / ulp;
}

static inline size_t round_up(size_t x, size_t m) { return (x + m - 1) / m * m; }

/* Largest power of two <= x (x >= 1). */
static inline size_t pow2_floor(size_t x) {
  size_t p = 1;
  while (p * 2 <= x)
    p *= 2;
  return p;
}

static inline size_t kernel_wg_size(const env_t *env, cl_kernel k) {
  size_t s = 0;
  CHECK(clGetKernelWorkGroupInfo(k, env->device, CL_KERNEL_WORK_GROUP_SIZE,
                                 sizeof s, &s, NULL));
  return s;
}

static inline int device_has_extension(const env_t *env, const char *ext) {
  size_t n = 0;
  CHECK(clGetDeviceInfo(env->device, CL_DEVICE_EXTENSIONS, 0, NULL, &n));
  char *s = malloc(n + 1);
  CHECK(clGetDeviceInfo(env->device, CL_DEVICE_EXTENSIONS, n, s, NULL));
  s[n] = '\0';
  size_t len = strlen(ext);
  int found = 0;
  for (char *p = s; (p = strstr(p, ext)) != NULL; p += len)
    if ((p == s || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
      found = 1;
  free(s);
  return found;
}

#endif
