typedef struct {
  float a;
  int b;
  float4 c;
} params_t;

/* Only reads the struct. */
__kernel void reads(__global float *o, params_t p) {
  size_t i = get_global_id(0);
  o[i] = p.a * (float)i + p.b + p.c.y;
}

/* Writes its own copy: every work item must start from the host's value. */
__kernel void writes(__global float *o, params_t p) {
  size_t i = get_global_id(0);
  p.a += (float)i;
  p.b *= (int)i;
  for (int k = 0; k < (int)(i % 5); ++k)
    p.c.y += 1.0f;
  o[i] = p.a + p.b + p.c.y;
}

/* The copy lives across a barrier. */
__kernel void barrier_copy(__global float *o, __local float *t, params_t p) {
  size_t l = get_local_id(0);
  p.a += (float)l;
  t[l] = p.a;
  barrier(CLK_LOCAL_MEM_FENCE);
  o[get_global_id(0)] = t[get_local_size(0) - 1 - l] + p.a + p.c.y;
}
