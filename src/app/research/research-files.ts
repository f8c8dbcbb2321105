// Names a research run leaves behind, in a module of their own so that what reads runs (the UI's run
// pages, task views) does not load the research use case and the workflows with them.

/** Checkpoint key of the research state in the engine's task. */
export const RESEARCH_STATE_KEY = 'research:state';
/** The pointer file in a run folder. */
export const RESEARCH_RUN_FILE = 'research_run.json';
