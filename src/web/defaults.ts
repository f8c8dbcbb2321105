// The browser UI's limits and their defaults live in app/ui/ui-defaults.ts (lyra config show reads them there).
export { UI_DEFAULTS, type UiLimits } from '../app/ui/ui-defaults.js';
