// Visible warnings of the graph step: a limit that cut work short, an optional model that is absent.
import type { EngineWarning } from '../../core/index.js';

export function graphWarning(code: string, message: string, target?: string): EngineWarning {
  return { source: 'graph', category: 'warning', code, message, ...(target !== undefined ? { target } : {}), at: new Date().toISOString() };
}
