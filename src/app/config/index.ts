export { DEFAULT_CONTACT_URL, lyraConfigSchema } from './config-schema.js';
export type { LyraConfig, LyraConfigFile } from './config-schema.js';
export { loadConfig, readTextFile } from './load-config.js';
export type { LoadConfigOptions } from './load-config.js';
export { CONFIG_FILE_NAME, DEFAULT_DOMAINS_FILE, PACKAGE_ROOT, lyraHome, resolveConfigPath } from './paths.js';
export { createDomainPolicySource, loadDomainPolicy } from './domain-policy-source.js';
export type { DomainPolicyFiles, DomainPolicySource, DomainPolicySourceOptions } from './domain-policy-source.js';
export { parseYamlWithSchema } from './yaml-schema-file.js';
export type { YamlIssue } from './yaml-schema-file.js';
