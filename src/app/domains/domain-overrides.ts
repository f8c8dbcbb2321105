// A person sets a domain's trust level (the browser UI's "override", the way to restore a blocked
// domain): a user_overrides entry in the user domains file — the same file and key a person would
// edit by hand (RESTORE_VIA), with the reason, who and when — validated before it is written,
// written atomically, and read back by the live domain policy at once. Comments and the rest of the
// file are kept (yaml's document API).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument, type Document } from 'yaml';
import { InvalidInputError, NonRetryableError, hostnameOf, type TrustLevel } from '../../core/index.js';
import { domainsFileSchema } from '../../policy/index.js';
import type { DomainPolicySource, LyraConfig } from '../config/index.js';

/** Longest reason kept in the file. */
export const MAX_OVERRIDE_REASON_CHARS = 500;

export interface DomainOverrideInput {
  domain: string;
  trustLevel: TrustLevel;
  reason: string;
  author: string;
  /** Where it was made (`lyra ui`), kept in the reason. */
  via: string;
  now?: Date;
}

export interface DomainOverrideOutcome {
  file: string;
  domain: string;
  trustLevel: TrustLevel;
  reason: string;
  addedAt: string;
  /** The file did not exist and was created ($LYRA_HOME/domains.yaml). */
  created: boolean;
}

function readDocument(file: string): { doc: Document; created: boolean } {
  if (!existsSync(file)) return { doc: parseDocument('version: 1\nuser_overrides: []\n'), created: true };
  const doc = parseDocument(readFileSync(file, 'utf8'));
  if (doc.errors.length > 0)
    throw new InvalidInputError(`domain override: ${file} does not parse as YAML: ${doc.errors[0]!.message}`, {
      code: 'domains_file_invalid',
      details: { file },
    });
  return { doc, created: false };
}

/** Writes the override and makes the policy read it; the statuses of tasks are the caller's to recompute. */
export function setDomainOverride(options: { config: LyraConfig; policy: DomainPolicySource }, input: DomainOverrideInput): DomainOverrideOutcome {
  const domain = hostnameOf(input.domain.trim());
  const reasonText = input.reason.replace(/\s+/g, ' ').trim();
  const author = input.author.replace(/\s+/g, ' ').trim();
  if (!domain) throw new InvalidInputError('domain override: empty domain', { code: 'invalid_argument' });
  if (!reasonText || !author)
    throw new InvalidInputError('domain override: a reason and an author are required', { code: 'invalid_argument', details: { domain } });
  const reason = `${reasonText} (${author}, ${input.via})`.slice(0, MAX_OVERRIDE_REASON_CHARS);
  const addedAt = (input.now ?? new Date()).toISOString().slice(0, 10);
  const file = options.policy.userFile() ?? join(options.config.home, 'domains.yaml');
  const { doc, created } = readDocument(file);
  const entry = { domain, trust_level: input.trustLevel.toLowerCase(), reason, added_at: addedAt };
  const list = doc.get('user_overrides');
  const current = (list && typeof list === 'object' && 'toJSON' in list ? (list as { toJSON(): unknown }).toJSON() : []) as Array<
    Record<string, unknown>
  > | null;
  // One entry per domain: the new one replaces an earlier one (the policy reads the last anyway).
  doc.set('user_overrides', [...(current ?? []).filter((o) => o.domain !== domain), entry]);
  const parsed = domainsFileSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    throw new InvalidInputError(
      `domain override: ${file} would not be a valid domains file: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      {
        code: 'domains_file_invalid',
        details: { file, domain },
      },
    );
  }
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, doc.toString());
  renameSync(tmp, file);
  const ok = created || options.policy.userFile() !== file ? options.policy.adoptUserFile(file) : options.policy.reload();
  if (!ok) {
    throw new NonRetryableError(
      `domain override: ${file} was written but the policy did not reload: ${options.policy.lastError()?.message ?? 'unknown error'}`,
      { code: 'policy_reload_failed', details: { file } },
    );
  }
  return { file, domain, trustLevel: input.trustLevel, reason, addedAt, created };
}
