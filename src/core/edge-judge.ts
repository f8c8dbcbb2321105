// Who decided a stance edge, as fields (EdgeJudge: origin | model with backend and calibration |
// feedback with author), and the one name the public outputs have always shown for it (`model`:
// `origin`, `embedded`, `embedded+cal3`, `feedback:ana`). The name is written from the fields; it is read
// back only for edges stored before the fields existed (the store calls judgeOfModelName then).
import type { EdgeJudge } from './entities.js';

/** The `model` of the supports edge that links a claim to the sentence it was read from ("stated in"). */
const ORIGIN_EDGE_MODEL = 'origin';

/** Prefix of the `model` of an edge a person corrected (`feedback:<author>`). */
const FEEDBACK_MODEL_PREFIX = 'feedback:';

const CALIBRATED_SUFFIX = '+cal';

/** The judge of a claim's origin edge: its own sentence, not a judgement. */
export const ORIGIN_JUDGE: EdgeJudge = { by: 'origin' };

/** A model's judge: the backend (the stance model's own name) and the calibration version in force, if any. */
export function modelJudge(backend: string, calibration?: number): EdgeJudge {
  return calibration ? { by: 'model', backend, calibration } : { by: 'model', backend };
}

/** A person's correction. */
export function feedbackJudge(author: string): EdgeJudge {
  return { by: 'feedback', author };
}

/** The public name of a judge: `origin`, `<backend>`, `<backend>+cal<version>` or `feedback:<author>`. */
export function modelNameOf(judge: EdgeJudge): string {
  switch (judge.by) {
    case 'origin':
      return ORIGIN_EDGE_MODEL;
    case 'feedback':
      return `${FEEDBACK_MODEL_PREFIX}${judge.author}`;
    case 'model':
      return judge.calibration ? `${judge.backend}${CALIBRATED_SUFFIX}${judge.calibration}` : judge.backend;
  }
}

/** The `judge` and `model` fields of an edge decided by `judge`. */
export function judgeFields(judge: EdgeJudge): { judge: EdgeJudge; model: string } {
  return { judge, model: modelNameOf(judge) };
}

/**
 * The judge an edge stored before the fields existed meant by its name (the inverse of modelNameOf;
 * an edge without a name was a model's, named `unknown`). Only the store's reading of old rows calls it.
 */
export function judgeOfModelName(name: string | undefined): EdgeJudge {
  if (name === undefined) return { by: 'model', backend: 'unknown' };
  if (name === ORIGIN_EDGE_MODEL) return ORIGIN_JUDGE;
  if (name.startsWith(FEEDBACK_MODEL_PREFIX)) return feedbackJudge(name.slice(FEEDBACK_MODEL_PREFIX.length));
  const m = /\+cal(\d+)$/.exec(name);
  return m ? modelJudge(name.slice(0, m.index), Number(m[1])) : modelJudge(name);
}

/** Whether an edge (or an evidence view of one) is a claim's origin rather than a judgement. */
export function isOriginModel(e: { judge: EdgeJudge }): boolean {
  return e.judge.by === 'origin';
}

/** Whether a stance edge carries a person's label rather than a model's judgement. */
export function isFeedbackModel(e: { judge: EdgeJudge }): boolean {
  return e.judge.by === 'feedback';
}
