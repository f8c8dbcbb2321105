// A memo of a function of one string, bounded: beyond `max` entries it starts over. A run (and the
// materials' scorer) reads the same statements again each snapshot; the bound keeps a long-lived process's
// memory flat.

/** `fn` remembered per input, at most `max` inputs at a time (the memo is cleared when full). */
export function boundedMemo<T>(fn: (s: string) => T, max: number): (s: string) => T {
  const memo = new Map<string, T>();
  return (s) => {
    let v = memo.get(s);
    if (v === undefined) {
      if (memo.size >= max) memo.clear();
      memo.set(s, (v = fn(s)));
    }
    return v;
  };
}
