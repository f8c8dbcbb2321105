// Edge ids derived from the task and the edge's natural key, so a resumed run writes the very edges an
// uninterrupted run writes (ids included) and a re-run finds them instead of adding copies.
import { contentHash } from '../../core/index.js';

const ID_CHARS = 20;

export function stanceEdgeId(taskId: string, fragmentId: string, claimId: string): string {
  return `edg_${contentHash(`${taskId}|stance|${fragmentId}>${claimId}`).slice(0, ID_CHARS)}`;
}

export function contradictsEdgeId(taskId: string, claimA: string, claimB: string): string {
  const [a, b] = [claimA, claimB].sort();
  return `edg_${contentHash(`${taskId}|contradicts|${a}~${b}`).slice(0, ID_CHARS)}`;
}
