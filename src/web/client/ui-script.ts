// The UI's page script (served as /assets/ui.js, a module; the CSP allows no inline script). Pages
// work without it; it adds: opening a claim loads its quotes in place, filters apply on change, the
// "acting as" name goes into every action form (and is remembered), and the live stream fills the
// `data-live` fields of running tasks and says when the evidence under a page changed. It inserts
// only HTML the server rendered (escaped there) and sets every other text with textContent.
export const UI_SCRIPT = `const base = document.body.dataset.base || '';
const author = document.getElementById('author');
if (author) {
  const saved = localStorage.getItem('lyra-author');
  if (saved) author.value = saved;
  author.addEventListener('change', () => localStorage.setItem('lyra-author', author.value));
}
document.addEventListener('submit', (e) => {
  const form = e.target;
  if (!(form instanceof HTMLFormElement) || !author) return;
  for (const input of form.querySelectorAll('input[data-author]')) if (author.value.trim()) input.value = author.value.trim();
});
for (const form of document.querySelectorAll('form[data-autosubmit]')) {
  form.addEventListener('change', (e) => { if (e.target instanceof HTMLInputElement && e.target.type === 'search') return; form.requestSubmit(); });
}
document.addEventListener('toggle', async (e) => {
  const details = e.target;
  if (!(details instanceof HTMLDetailsElement) || !details.open) return;
  const body = details.querySelector('.claim-body[data-src]');
  if (!body || body.dataset.loaded) return;
  body.dataset.loaded = '1';
  try {
    const res = await fetch(body.dataset.src, { credentials: 'same-origin' });
    if (!res.ok) throw new Error('HTTP ' + res.status);
    body.innerHTML = await res.text();
    body.dataset.ready = '1';
  } catch (err) {
    body.textContent = 'Could not load the quotes: ' + err.message;
  }
}, true);
function fill(scope, p) {
  for (const el of scope.querySelectorAll('[data-live]')) {
    const key = el.dataset.live;
    const value = key.startsWith('claims.') ? p.claims[key.slice(7)] : p[key];
    if (value !== undefined && el.textContent !== String(value)) el.textContent = String(value);
    if (key === 'status') el.className = 'task-status ts-' + p.status;
  }
}
const progress = document.querySelector('section.progress[data-task]');
const all = document.querySelector('[data-live-all]');
if (progress || all) {
  const url = base + '/events' + (progress ? '?task=' + encodeURIComponent(progress.dataset.task) : '');
  const source = new EventSource(url);
  source.addEventListener('progress', (e) => {
    const p = JSON.parse(e.data);
    if (progress && p.taskId === progress.dataset.task) fill(progress, p);
    if (all) { const row = all.querySelector('tr[data-task="' + CSS.escape(p.taskId) + '"]'); if (row) fill(row, p); }
    document.body.dataset.liveUpdates = String(Number(document.body.dataset.liveUpdates || 0) + 1);
  });
  source.addEventListener('changed', () => {
    const stale = document.querySelector('[data-live-stale]');
    if (stale) stale.hidden = false;
  });
  window.addEventListener('pagehide', () => source.close());
}
for (const a of document.querySelectorAll('a[data-reload]')) a.addEventListener('click', (e) => { e.preventDefault(); location.reload(); });
`;
