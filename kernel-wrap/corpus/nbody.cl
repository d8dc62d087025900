// All-pairs n-body acceleration and integration step (float4 positions,
// w = mass); the inner loop over bodies is uniform.
__kernel void nbody(__global const float4 *pos, __global const float4 *vel,
                    __global float4 *newpos, __global float4 *newvel, int n,
                    float dt, float eps2) {
  int i = get_global_id(0);
  float4 p = pos[i];
  float3 a = (float3)(0.0f, 0.0f, 0.0f);
  for (int j = 0; j < n; ++j) {
    float4 q = pos[j];
    float3 d = q.xyz - p.xyz;
    float r2 = dot(d, d) + eps2;
    float inv = rsqrt(r2);
    float s = q.w * inv * inv * inv;
    a += s * d;
  }
  float4 v = vel[i];
  v.xyz += a * dt;
  newvel[i] = v;
  p.xyz += v.xyz * dt;
  newpos[i] = p;
}
