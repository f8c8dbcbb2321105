// The browser UI's limits and their defaults live in app/ui-defaults.ts (lyra config show reads them there).
export { UI_DEFAULTS, type UiLimits } from '../app/index.js';
