// One grammar for flags that take several values: the flag is repeated, or its value is
// comma-separated (`-p corpus:bees -p openalex`, `-p corpus:bees,openalex`). Commander's variadic form
// (`<names...>`) took every word after the flag, the command's own argument too: `lyra verify
// --provider corpus:bees "Varroa mites harm bees."` answered "missing required argument 'claim'".

/** Commander option parser: appends the comma-separated values of one occurrence to the earlier ones. */
export function repeatable(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ];
}
