// Ambient occlusion ray casting after AO bench: three spheres over a
// plane, NAO x NAO hemisphere samples per pixel from a per-pixel LCG;
// divergent intersection tests in loops.
#define NAO 4
typedef struct { float t; float3 p, n; int hit; } Isect;

static float rnd(uint *s) {
  *s = *s * 1664525u + 1013904223u;
  return (float)(*s >> 8) * (1.0f / 16777216.0f);
}

static void sphere(float3 c, float r, float3 org, float3 dir, Isect *is) {
  float3 rs = org - c;
  float B = dot(rs, dir), C = dot(rs, rs) - r * r, D = B * B - C;
  if (D > 0.0f) {
    float t = -B - sqrt(D);
    if (t > 0.0f && t < is->t) {
      is->t = t;
      is->hit = 1;
      is->p = org + dir * t;
      is->n = normalize(is->p - c);
    }
  }
}

static void plane(float3 org, float3 dir, Isect *is) {
  float3 p = (float3)(0.0f, -0.5f, 0.0f), n = (float3)(0.0f, 1.0f, 0.0f);
  float v = dot(dir, n);
  if (fabs(v) < 1e-17f)
    return;
  float t = -(dot(org, n) - dot(p, n)) / v;
  if (t > 0.0f && t < is->t) {
    is->t = t;
    is->hit = 1;
    is->p = org + dir * t;
    is->n = n;
  }
}

static void scene(float3 org, float3 dir, Isect *is) {
  sphere((float3)(-2.0f, 0.0f, -3.5f), 0.5f, org, dir, is);
  sphere((float3)(-0.5f, 0.0f, -3.0f), 0.5f, org, dir, is);
  sphere((float3)(1.0f, 0.0f, -2.2f), 0.5f, org, dir, is);
  plane(org, dir, is);
}

__kernel void aobench(__global float *img, int w, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  uint seed = (uint)(y * w + x) * 2654435761u + 12345u;
  float px = (x - w / 2.0f) / (w / 2.0f), py = -(y - h / 2.0f) / (h / 2.0f);
  float3 dir = normalize((float3)(px, py, -1.0f));
  Isect is;
  is.t = 1e17f;
  is.hit = 0;
  scene((float3)(0.0f, 0.0f, 0.0f), dir, &is);
  float occ = 0.0f;
  if (is.hit) {
    float3 n = is.n;
    float3 b0 = fabs(n.x) < 0.6f ? (float3)(1, 0, 0)
                : fabs(n.y) < 0.6f ? (float3)(0, 1, 0) : (float3)(0, 0, 1);
    float3 b1 = normalize(cross(b0, n));
    b0 = cross(n, b1);
    float3 org = is.p + n * 0.0001f;
    for (int j = 0; j < NAO; ++j)
      for (int i = 0; i < NAO; ++i) {
        float th = sqrt(rnd(&seed)), ph = 2.0f * 3.14159265f * rnd(&seed);
        float3 d = (float3)(cos(ph) * th, sin(ph) * th, sqrt(1.0f - th * th));
        float3 rd = d.x * b0 + d.y * b1 + d.z * n;
        Isect o;
        o.t = 1e17f;
        o.hit = 0;
        scene(org, rd, &o);
        occ += o.hit ? 1.0f : 0.0f;
      }
    occ = (NAO * NAO - occ) / (NAO * NAO);
  }
  img[y * w + x] = occ;
}
