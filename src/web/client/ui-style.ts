// The UI's one style sheet (served as /assets/ui.css; the CSP allows no inline style). Status and
// trust colours are the report's (pipeline STATUS_COLOURS, TRUST_COLOURS), so both read the same.
import { STANCE_COLOURS, STATUS_COLOURS, TRUST_COLOURS } from '../../report/index.js';

const statusRules = Object.entries(STATUS_COLOURS)
  .map(([s, c]) => `.st-${s}{background:${c};color:#fff}`)
  .join('\n');
const edgeRules = Object.entries(STANCE_COLOURS)
  .map(([k, c]) => `.ed-${k}{color:${c};font-weight:600}`)
  .join('\n');
const trustRules = Object.entries(TRUST_COLOURS)
  .map(([t, c]) => `.tr-${t}{border-color:${c};color:${c}}`)
  .join('\n');

export const UI_CSS = `*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2937;background:#fafafa}
header.top{display:flex;gap:1.5rem;align-items:center;padding:.5rem 1rem;background:#111827;color:#f9fafb}
header.top a{color:#e5e7eb;margin-right:1rem;text-decoration:none}
header.top a[aria-current]{font-weight:bold;text-decoration:underline}
header.top .author{margin-left:auto;font-size:.85rem}
main{max-width:1200px;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.5rem 0}
.meta{color:#6b7280;font-size:.85rem}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{border-bottom:1px solid #e5e7eb;padding:.4rem .5rem;text-align:left;vertical-align:top}
td.num{text-align:right;white-space:nowrap}
.badge{display:inline-block;border-radius:3px;padding:0 .35rem;font-size:.8rem;font-weight:600}
.trust{display:inline-block;border:1px solid;border-radius:3px;padding:0 .3rem;font-size:.75rem}
.counts .count{display:inline-block;margin:0 .2rem .2rem 0;border-radius:3px;padding:0 .3rem;font-size:.75rem}
${statusRules}
${trustRules}
${edgeRules}
.progress{background:#fff;border:1px solid #e5e7eb;padding:.5rem .75rem;margin:.5rem 0}
.task-status{font-weight:600}
.stale{background:#fef3c7;padding:.25rem .5rem}
form.filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-end;background:#fff;border:1px solid #e5e7eb;padding:.5rem;margin-bottom:.75rem}
form.filters fieldset{border:0;padding:0;margin:0}
.group h3{margin:1rem 0 .25rem}
article.claim{background:#fff;border:1px solid #e5e7eb;margin:.25rem 0;padding:.25rem .5rem}
article.claim.rejected .statement{text-decoration:line-through;color:#6b7280}
.rejected-mark{color:#b91c1c;font-size:.8rem}
summary{cursor:pointer}
.quote{border-left:4px solid #9ca3af;margin:.5rem 0;padding:.25rem .5rem;background:#f9fafb}
.quote.supports{border-color:#16a34a}.quote.refutes{border-color:#dc2626}
blockquote{margin:0;white-space:pre-wrap}
.src{font-size:.8rem;color:#374151;margin:.25rem 0 0}
.url{color:#6b7280;word-break:break-all}
form.action{display:flex;gap:.4rem;margin:.35rem 0;flex-wrap:wrap}
form.action input[name=reason]{flex:1;min-width:12rem}
.error{color:#b91c1c}
.notice{background:#ecfdf5;border:1px solid #a7f3d0;padding:.4rem .6rem}
body.graph main{max-width:none;padding:0}
#graph{position:absolute;top:2.6rem;left:0;right:22rem;bottom:0;background:#fff}
#graph-panel{position:absolute;top:2.6rem;right:0;width:22rem;bottom:0;overflow:auto;padding:.75rem;border-left:1px solid #e5e7eb;background:#fafafa}
.legend span{display:inline-block;margin-right:.5rem}
div.report{background:#fff;border:1px solid #e5e7eb;padding:.25rem 1rem;overflow-wrap:anywhere}
.report blockquote{white-space:normal;border-left:4px solid #d1d5db;padding-left:.75rem;color:#374151}
.report li:target{background:#fef9c3}
.report a.cite{text-decoration:none}
.report .ui-link{font-size:.8rem}
`;
