// The UI's static files, all served from this process (no CDN; works offline): its style sheet and
// scripts (client/), and Cytoscape.js read once from node_modules. Fixed names only: a request for any
// other name is a 404, never a path on disk.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GRAPH_SCRIPT } from './client/graph-script.js';
import { UI_SCRIPT } from './client/ui-script.js';
import { UI_CSS } from './client/ui-style.js';

export interface UiAsset {
  type: string;
  body: Buffer;
}

const JS = 'text/javascript; charset=utf-8';
let cytoscape: Buffer | undefined;

function cytoscapeSource(): Buffer {
  cytoscape ??= readFileSync(createRequire(import.meta.url).resolve('cytoscape/dist/cytoscape.min.js'));
  return cytoscape;
}

const BUILT: Readonly<Record<string, () => UiAsset>> = {
  'ui.css': () => ({ type: 'text/css; charset=utf-8', body: Buffer.from(UI_CSS) }),
  'ui.js': () => ({ type: JS, body: Buffer.from(UI_SCRIPT) }),
  'graph.js': () => ({ type: JS, body: Buffer.from(GRAPH_SCRIPT) }),
  'cytoscape.min.js': () => ({ type: JS, body: cytoscapeSource() }),
};

export const UI_ASSET_NAMES: readonly string[] = Object.keys(BUILT);

/** The asset of that name, or undefined. */
export function uiAsset(name: string): UiAsset | undefined {
  return Object.hasOwn(BUILT, name) ? BUILT[name]!() : undefined;
}
