// The largest local file `lyra extract` and `lyra claims` read: apart from extract-source.ts (which
// builds a runtime) so that `lyra config show` reads it without loading the fetcher and the models.

/** Largest local file read for extraction, in bytes. */
export const MAX_EXTRACT_FILE_BYTES = 100 * 1024 * 1024;
