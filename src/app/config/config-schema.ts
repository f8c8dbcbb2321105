// Schema of lyra.config.yaml. Unknown keys are errors, so a typo never passes silently.
// Every section is optional; what is absent takes the documented default.
import { z } from 'zod';

export const DEFAULT_CONTACT_URL = 'https://github.com/lyra-research/lyra';

export const lyraConfigSchema = z.strictObject({
  /** Data folder (database, caches); overrides $LYRA_HOME. Relative paths are from the config file. */
  home: z.string().min(1).optional(),
  /** URL sent in the User-Agent so site owners can reach the operator. */
  contact_url: z.url({ message: 'expected an absolute URL such as https://example.org/contact' }).optional(),
  domains: z
    .strictObject({
      /** A user domains.yaml merged over the shipped one; default $LYRA_HOME/domains.yaml when it exists. */
      file: z.string().min(1).optional(),
      /** Reload domain files when they change while Lyra runs. */
      watch: z.boolean().optional(),
    })
    .optional(),
  store: z
    .strictObject({
      /** SQLite database file; default $LYRA_HOME/lyra.db. */
      path: z.string().min(1).optional(),
    })
    .optional(),
});

export type LyraConfigFile = z.output<typeof lyraConfigSchema>;

/** Configuration after defaults and path resolution. */
export interface LyraConfig {
  /** The config file read, if any. */
  configFile?: string;
  home: string;
  contactUrl: string;
  domains: { defaultFile: string; userFile?: string; watch: boolean };
  store: { path: string };
  /** The parsed file as written, for the task's config snapshot. */
  raw: LyraConfigFile;
}
