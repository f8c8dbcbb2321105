// A bounded LRU of per-sentence results keyed by (claim, sentence): a claim is judged against the same
// sentence again and again across searches of one task (and the batch benchmark reuses pairs).
export class SentenceCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}

  static key(claim: string, sentence: string): string {
    return `${claim}\u0000${sentence}`;
  }

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: V): void {
    if (this.limit <= 0) return;
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value!);
  }
}
