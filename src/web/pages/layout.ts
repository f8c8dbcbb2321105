// The page shell: head (the UI's own style sheet and scripts, nothing inline), navigation, the
// "acting as" field actions are signed with, and a notice line. Every value is escaped here or by the
// caller through core/format; `body` is HTML the pages built that way.
import { htmlAttr, htmlText } from '../../core/index.js';

export interface PageShell {
  base: string;
  title: string;
  nav: 'tasks' | 'runs';
  body: string;
  /** Extra module scripts (asset names) besides ui.js. */
  scripts?: string[];
  /** Classic scripts loaded before them (cytoscape.min.js defines window.cytoscape). */
  classicScripts?: string[];
  /** Classes on <body> (the graph page fills the window). */
  bodyClass?: string;
  author: string;
}

export const href = (base: string, path: string): string => `${base}${path}`;

export function asset(base: string, name: string): string {
  return href(base, `/assets/${name}`);
}

export function layout(p: PageShell): string {
  const link = (path: string, label: string, on: boolean): string =>
    `<a href="${htmlAttr(href(p.base, path))}"${on ? ' aria-current="page"' : ''}>${htmlText(label)}</a>`;
  const classic = (p.classicScripts ?? []).map((s) => `<script src="${htmlAttr(asset(p.base, s))}"></script>`).join('');
  const scripts = classic + ['ui.js', ...(p.scripts ?? [])].map((s) => `<script type="module" src="${htmlAttr(asset(p.base, s))}"></script>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${htmlText(`${p.title} — Lyra`)}</title>
<link rel="stylesheet" href="${htmlAttr(asset(p.base, 'ui.css'))}">
${scripts}
</head>
<body${p.bodyClass ? ` class="${htmlAttr(p.bodyClass)}"` : ''} data-base="${htmlAttr(p.base)}">
<header class="top"><strong class="brand">Lyra</strong><nav>${link('/', 'Tasks', p.nav === 'tasks')}${link('/runs', 'Runs', p.nav === 'runs')}</nav>
<label class="author">Acting as <input id="author" name="author-default" value="${htmlAttr(p.author)}" maxlength="200" autocomplete="off"></label></header>
<main>
${p.body}
</main>
</body>
</html>
`;
}

/** A page for an error: the message (escaped) and a way back. */
export function errorBody(message: string, back: string): string {
  return `<h1>Something went wrong</h1><p class="error" role="alert">${htmlText(message)}</p><p><a href="${htmlAttr(back)}">Back</a></p>`;
}
