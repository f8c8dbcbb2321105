// A Map kept as a bounded recency list: Maps iterate in insertion order, so deleting a key before setting
// it makes it the newest, and the first key is the one set (or refreshed) longest ago. The caches of
// robots rules, task pages, embedding vectors and corpus passages each bound themselves this way.

/** Sets `key` as the newest entry of `map`, then drops the oldest entries while there are more than `max`. */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}
