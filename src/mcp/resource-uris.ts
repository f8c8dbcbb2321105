// URIs of the resources that carry large outputs, so tools can point at them.
export const MATERIALS_TEMPLATE = 'lyra://tasks/{task_id}/materials';
export const GRAPH_TEMPLATE = 'lyra://tasks/{task_id}/graph';

export const materialsResourceUri = (taskId: string): string => `lyra://tasks/${encodeURIComponent(taskId)}/materials`;
export const graphResourceUri = (taskId: string): string => `lyra://tasks/${encodeURIComponent(taskId)}/graph`;

/** `lyra://tasks/<id>/<materials|graph>[?offset=N]` → its parts; undefined for any other URI. */
export function parseTaskResourceUri(uri: string): { taskId: string; kind: 'materials' | 'graph'; offset?: number } | undefined {
  const m = /^lyra:\/\/tasks\/([^/?#]+)\/(materials|graph)(?:\?offset=(\d{1,9}))?$/.exec(uri);
  if (!m) return undefined;
  let taskId: string;
  try {
    taskId = decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
  return { taskId, kind: m[2] as 'materials' | 'graph', ...(m[3] !== undefined ? { offset: Number(m[3]) } : {}) };
}
