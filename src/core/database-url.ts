// A team database URL: what every part that takes one (store.url, $LYRA_DATABASE_URL, workers.database_url,
// the job queue, the shared host schedule) accepts, and how a message shows it.

/** The schemes libpq reads as a connection URI; it compares them case-sensitively, so this does too. */
export const POSTGRES_URL_PATTERN = /^postgres(ql)?:\/\//;
export const POSTGRES_URL_MESSAGE = 'expected a postgres:// or postgresql:// URL';

/** True for a postgres:// or postgresql:// URL. */
export function isPostgresUrl(value: string | undefined): value is string {
  return value !== undefined && POSTGRES_URL_PATTERN.test(value);
}

/** The URL without its password, for messages and `lyra config show`. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable database URL)';
  }
}
