// app/doctor: `lyra doctor` — configuration, reachability, models, paths and Chromium, with fixes.
export { PROBE_STATUSES, SOURCE_KINDS, doctorReportSchema, probeSchema, problemSchema, sourceCheckSchema, stanceJudgeSchema } from './doctor-schema.js';
export type { DoctorReport, Probe, ProbeStatus, Problem, SourceCheck } from './doctor-schema.js';
export { DEFAULT_PROBE_TIMEOUT_MS, PROBE_TIMEOUT_RANGE, probeTargets, runProbe, type ProbeTarget } from './probes.js';
export { runDoctor, type RunDoctorOptions } from './run-doctor.js';
