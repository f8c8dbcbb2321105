// web/: the browser UI of `lyra ui` — server-rendered pages over the store, live updates, actions
// through the same code as the MCP feedback tool. Imported by the CLI only.
export { UI_ASSET_NAMES, uiAsset, type UiAsset } from './assets.js';
export { SESSION_COOKIE, TOKEN_COOKIE, UI_GUARD_LABELS, checkUiRequest } from './auth.js';
export { BodyTooLargeError, readBody } from './body.js';
export type { UiContext, UiServices } from './context.js';
export { UI_DEFAULTS, type UiLimits } from './defaults.js';
export { createUiRequestHandler, type UiRequestHandler } from './handler.js';
export { createLiveHub, type LiveHub } from './live.js';
export { createRateLimiter, type RateLimiter } from './rate-limit.js';
export { safeBack } from './routes-actions.js';
export { UI_CSP, securityHeaders } from './security.js';
export { UI_MOUNT_PATH, createUiHandler, startUiServer, type RunningUiServer, type UiHandler, type UiServerOptions } from './server.js';
export { createTaskCache, type TaskCache } from './task-cache.js';
