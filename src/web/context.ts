// What every route of the UI reads: the services (store, engine, the actions), the cached task views,
// the live hub, the limits, the form token and the base path the UI is mounted at.
import type { Store } from '../core/index.js';
import type { AppEngine } from '../app/engine.js';
import type { UiActions } from '../app/ui/ui.js';
import type { UiLimits } from './defaults.js';
import type { LiveHub } from './live.js';
import type { TaskCache } from './task-cache.js';

export interface UiServices {
  engine: Pick<AppEngine, 'materials'>;
  store: Store;
  actions: UiActions;
}

export interface UiContext {
  services: UiServices;
  cache: TaskCache;
  live: LiveHub;
  limits: UiLimits;
  /** '' at the root, '/ui' when mounted under another server. */
  base: string;
  formToken: string;
  /** The name actions are signed with unless the person types another. */
  author: string;
  runsDirs: readonly string[];
  log: (line: string) => void;
}
