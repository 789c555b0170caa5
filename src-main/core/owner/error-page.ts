// The readable page a pet owner (or a tester pasting a link) gets when the owner's page cannot open: never a stack
// trace, never JSON, and the look of the page itself — the system's light or dark theme, the app's name when the
// link names a known app, and a phone's width (390 px) without sideways scrolling. Text between backticks in a
// message is shown as code, never as literal backticks.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escaped text, with `code` spans as <code>. */
export const withCode = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');

const STYLE = `
:root{color-scheme:light dark;--bg:light-dark(#f6f8fa,#0f1419);--panel:light-dark(#fff,#161c24);--line:light-dark(#d0d7de,#2a3441);
--text:light-dark(#1f2328,#d8dee9);--muted:light-dark(#57606a,#9aa5b6);--code:light-dark(#eef1f4,#1c2430);--err:light-dark(#a40e26,#ffb4ae)}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
header{display:flex;gap:10px;align-items:center;padding:10px 14px;background:var(--panel);border-bottom:1px solid var(--line)}
header svg{flex:none}header p{margin:0;font-weight:600;overflow-wrap:anywhere}
main{max-width:32rem;margin:1.5rem auto;padding:1.25rem;background:var(--panel);border:1px solid var(--line);border-radius:8px;margin-inline:max(12px,calc((100% - 32rem)/2))}
h1{font-size:1.2rem;margin:0 0 .75rem;color:var(--err);overflow-wrap:anywhere}p{margin:.5rem 0;overflow-wrap:anywhere}
code{background:var(--code);padding:0 .25rem;border-radius:3px;font-size:.9em;overflow-wrap:anywhere;word-break:break-word}
.muted{color:var(--muted);font-size:.9em}
`;

export function ownerErrorPage(title: string, message: string, appName?: string): string {
  const brand = appName ? `${escapeHtml(appName)} · Talk to a vet` : 'Talk to a vet';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} — ${brand}</title>
<style>${STYLE}</style></head>
<body><header><svg width="22" height="22" viewBox="0 0 16 16" aria-hidden="true"><path fill="#3fb950" d="M6 1h4v5h5v4h-5v5H6v-5H1V6h5z"/></svg><p>${brand}</p></header>
<main><h1>${escapeHtml(title)}</h1><p>${withCode(message)}</p>
<p class="muted">Open this page from a talk-to-vet answer: <code>/&lt;app&gt;/main/talk-to-vet?data=&lt;stringify_response&gt;</code>.</p></main></body></html>
`;
}
