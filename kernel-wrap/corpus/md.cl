// Lennard-Jones forces over a neighbour list (column-major, as molecular
// dynamics codes store it): per atom a loop over maxNeigh gathered
// neighbours with a cut-off test.
__kernel void md(__global const float4 *pos, __global const int *neigh,
                 __global float4 *force, int maxNeigh, int nAtoms,
                 float cutsq, float lj1, float lj2) {
  int i = get_global_id(0);
  if (i >= nAtoms)
    return;
  float4 p = pos[i];
  float4 f = (float4)(0.0f);
  for (int j = 0; j < maxNeigh; j++) {
    float4 q = pos[neigh[j * nAtoms + i]];
    float dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
    float r2 = dx * dx + dy * dy + dz * dz;
    if (r2 < cutsq && r2 > 0.0f) {
      float r2inv = 1.0f / r2;
      float r6inv = r2inv * r2inv * r2inv;
      float s = r2inv * r6inv * (lj1 * r6inv - lj2);
      f.x += dx * s;
      f.y += dy * s;
      f.z += dz * s;
    }
  }
  force[i] = f;
}
