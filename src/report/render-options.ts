// What the materials renderers share: a source's own link. Its own module, so the renderers and the
// one entry point over them (render.ts) import it without importing each other in a circle.
import type { HtmlFromMaterialsOptions } from './html-from-materials.js';

/**
 * `linkOf`: a source's own web address where its stored URL is not one (a built-in corpus document's
 * `corpus://example/Coral` → its Wikipedia article): BibTeX, CSL-JSON and HTML cite that instead.
 */
export type RenderMaterialsOptions = Pick<HtmlFromMaterialsOptions, 'linkOf'>;
