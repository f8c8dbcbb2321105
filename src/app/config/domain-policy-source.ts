// Loads the domain policy from the shipped and user domains.yaml and keeps it current: edits are
// picked up while running; an invalid edit keeps the last good policy and reports the error.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { errorMessage, type EventSink } from '../../core/index.js';
import { buildDomainPolicy, domainsFileSchema, type DomainPolicy, type DomainsFile } from '../../policy/index.js';
import { readTextFile } from './load-config.js';
import { parseYamlWithSchema } from './yaml-schema-file.js';

export interface DomainPolicyFiles {
  defaultFile: string;
  userFile?: string;
}

/** Reads and validates both files; throws InvalidInputError naming the file, line and key. */
export function loadDomainPolicy(files: DomainPolicyFiles): DomainPolicy {
  const paths = [files.defaultFile, ...(files.userFile ? [files.userFile] : [])];
  const parsed = paths.map((source) => ({
    source,
    file: parseYamlWithSchema({ text: readTextFile(source, 'domains file'), source, schema: domainsFileSchema }) as DomainsFile,
  }));
  return buildDomainPolicy(parsed);
}

export interface DomainPolicySource {
  current(): DomainPolicy;
  /** The error of the last reload attempt, cleared by the next good one. */
  lastError(): Error | undefined;
  /** Re-reads the files now (also called by the watcher). Returns true when the new policy took effect. */
  reload(): boolean;
  /** The user domains file read over the shipped one, if any. */
  userFile(): string | undefined;
  /**
   * Starts reading (and watching) a user domains file that did not exist when the source was made
   * ($LYRA_HOME/domains.yaml written by a domain override); then reloads. Returns reload's result.
   */
  adoptUserFile(file: string): boolean;
  close(): void;
}

export interface DomainPolicySourceOptions extends DomainPolicyFiles {
  watch: boolean;
  events?: EventSink;
  /** Debounce for bursts of change events from editors that write in several steps. */
  debounceMs?: number;
}

export function createDomainPolicySource(given: DomainPolicySourceOptions): DomainPolicySource {
  const options: DomainPolicySourceOptions = { ...given };
  let policy = loadDomainPolicy(options);
  let error: Error | undefined;
  const watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;

  const reload = (): boolean => {
    try {
      policy = loadDomainPolicy(options);
      error = undefined;
      options.events?.emit({
        type: 'config.reloaded',
        level: 'info',
        message: `domain policy reloaded from ${policy.sources.join(', ')}`,
        at: new Date().toISOString(),
      });
      return true;
    } catch (e) {
      error = e instanceof Error ? e : new Error(errorMessage(e));
      options.events?.emit({
        type: 'config.reload_failed',
        level: 'error',
        message: `${error.message}\nkeeping the last good domain policy`,
        at: new Date().toISOString(),
      });
      return false;
    }
  };

  const watchFile = (file: string): void => {
    // Watch the folder, not the file: editors replace files by rename, which ends a file watch.
    const w = watch(dirname(file), { persistent: false }, (_event, name) => {
      if (name !== null && name !== basename(file)) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(reload, options.debounceMs ?? 100);
    });
    watchers.push(w);
  };
  if (options.watch) for (const file of [options.defaultFile, ...(options.userFile ? [options.userFile] : [])]) watchFile(file);

  return {
    current: () => policy,
    lastError: () => error,
    reload,
    userFile: () => options.userFile,
    adoptUserFile: (file) => {
      if (options.userFile !== file) {
        options.userFile = file;
        if (options.watch) watchFile(file);
      }
      return reload();
    },
    close: () => {
      if (timer) clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
