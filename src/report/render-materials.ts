// `lyra task materials --format`: one entry point over the five renderers.
import { InvalidInputError, type Materials } from '../core/index.js';
import { renderMaterialsBibtex } from './render-bibtex.js';
import { renderMaterialsCsl } from './render-csl.js';
import { renderMaterialsHtml } from './html-from-materials.js';
import { renderMaterialsMarkdown } from './render-markdown.js';
import type { RenderMaterialsOptions } from './render-options.js';

export const MATERIALS_FORMATS = ['json', 'md', 'bibtex', 'csl-json', 'html'] as const;
export type MaterialsFormat = (typeof MATERIALS_FORMATS)[number];

export function parseMaterialsFormat(value: string): MaterialsFormat {
  const v = value.trim().toLowerCase();
  if ((MATERIALS_FORMATS as readonly string[]).includes(v)) return v as MaterialsFormat;
  throw new InvalidInputError(`materials: unknown format ${JSON.stringify(value)}; expected one of ${MATERIALS_FORMATS.join(', ')}`, {
    code: 'invalid_format',
  });
}

export type { RenderMaterialsOptions } from './render-options.js';

/** The materials as text in the format; json is the Materials view itself. */
export function renderMaterials(m: Materials, format: MaterialsFormat, options: RenderMaterialsOptions = {}): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(m, null, 2)}\n`;
    case 'md':
      return renderMaterialsMarkdown(m);
    case 'bibtex':
      return renderMaterialsBibtex(m, options);
    case 'csl-json':
      return renderMaterialsCsl(m, options);
    case 'html':
      return renderMaterialsHtml(m, options);
  }
}
