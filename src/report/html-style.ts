// The style sheet and the one script of report.html, kept apart from the markup so their hashes
// (the page's Content-Security-Policy) are computed over exactly what is inlined.
import { HTML_STATUS_ORDER, STATUS_COLOURS, TRUST_COLOURS } from './html-document.js';

const statusRules = HTML_STATUS_ORDER.map((s) => `.st-${s}{background:${STATUS_COLOURS[s]}}`).join('');
const trustRules = Object.entries(TRUST_COLOURS)
  .map(([t, c]) => `.tr-${t}{border-color:${c};color:${c}}`)
  .join('');

export const REPORT_CSS = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI","Hiragino Sans","Noto Sans JP",sans-serif;line-height:1.5;color:#1f2937;background:#fafafa}
body{margin:0 auto;max-width:1180px;padding:0 20px 40px}
header{padding:18px 0 8px;border-bottom:1px solid #e5e7eb}
h1{font-size:1.5rem;margin:0 0 6px}h2{font-size:1.2rem;margin:28px 0 10px}h3{font-size:1rem;margin:18px 0 8px}
.meta{color:#6b7280;font-size:.85rem;margin:2px 0}
.badge{display:inline-block;color:#fff;border-radius:4px;padding:0 6px;font-size:.75rem;font-weight:600;vertical-align:middle}
.trust{display:inline-block;border:1px solid;border-radius:4px;padding:0 5px;font-size:.72rem;font-weight:600}
.answer{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px}
.verdict{font-size:1.15rem;font-weight:700}
blockquote{margin:6px 0;padding:6px 10px;border-left:3px solid #d1d5db;background:#fff;white-space:pre-wrap;overflow-wrap:anywhere}
blockquote.refutes{border-left-color:#dc2626}blockquote.supports{border-left-color:#16a34a}blockquote.stated{border-left-color:#9ca3af}
.src{font-size:.8rem;color:#4b5563;margin:0 0 8px 12px;overflow-wrap:anywhere}
article.claim{background:#fff;border:1px solid #e5e7eb;border-radius:6px;margin:6px 0;padding:6px 10px;content-visibility:auto;contain-intrinsic-size:auto 48px}
article.claim summary{cursor:pointer}
article.claim.rejected{opacity:.6}
.rationale{color:#374151;font-size:.9rem}
.filters{display:flex;flex-wrap:wrap;gap:10px;align-items:center;background:#fff;border:1px solid #e5e7eb;border-radius:6px;padding:8px 10px;position:sticky;top:0;z-index:1}
.filters input[type=search]{min-width:240px}
table{border-collapse:collapse;width:100%;background:#fff}td,th{border:1px solid #e5e7eb;padding:6px 8px;vertical-align:top;text-align:left}
.graph{max-width:100%;height:auto;background:#fff;border:1px solid #e5e7eb;border-radius:6px}
.graph text{font-size:11px;fill:#1f2937}.graph text.lg{font-size:12px}
.note{color:#6b7280;font-size:.85rem}
footer{margin-top:30px;color:#9ca3af;font-size:.8rem}
${statusRules}${trustRules}
`.trim();

/** Filters the claims by status and text. No network, no HTML written: it only hides and shows. */
export const REPORT_SCRIPT = `
(function () {
  var boxes = document.querySelectorAll('input[data-filter-status]');
  var text = document.getElementById('filter-text');
  function apply() {
    var on = {};
    boxes.forEach(function (b) { on[b.value] = b.checked; });
    var t = text ? text.value.trim().toLowerCase() : '';
    document.querySelectorAll('article.claim').forEach(function (a) {
      a.hidden = on[a.getAttribute('data-status')] === false || (t !== '' && a.getAttribute('data-text').indexOf(t) < 0);
    });
  }
  boxes.forEach(function (b) { b.addEventListener('change', apply); });
  if (text) text.addEventListener('input', apply);
})();
`.trim();
