export { EXIT_FAILURE, EXIT_INVALID_INPUT, EXIT_OK, buildProgram, main, packageVersion } from './main.js';
export type { MainOptions } from './main.js';
export { PROCESS_IO, formatTable, printJson } from './io.js';
export type { CliIo } from './io.js';
