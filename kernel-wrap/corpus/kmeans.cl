// k-means assignment step (Rodinia kmeans shape): per point, the squared
// distance to each of nclusters centres over nfeatures, features stored
// feature-major (feature f of point p at f * npoints + p); the argmin wins.
__kernel void kmeans(__global const float *feature,
                     __global const float *clusters,
                     __global int *membership, int npoints, int nclusters,
                     int nfeatures) {
  int p = get_global_id(0);
  if (p >= npoints)
    return;
  int index = 0;
  float min_dist = FLT_MAX;
  for (int c = 0; c < nclusters; c++) {
    float dist = 0.0f;
    for (int f = 0; f < nfeatures; f++) {
      float d = feature[f * npoints + p] - clusters[c * nfeatures + f];
      dist += d * d;
    }
    if (dist < min_dist) {
      min_dist = dist;
      index = c;
    }
  }
  membership[p] = index;
}
