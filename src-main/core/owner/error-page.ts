// The readable page a pet owner (or a tester pasting a link) gets when the owner's page cannot open: never a stack
// trace, never JSON, and the same look as the page itself.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function ownerErrorPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — Talk to a vet</title>
<style>
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f7f9;color:#1d2530}
main{max-width:32rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #d9dee5;border-radius:8px}
h1{font-size:1.25rem;margin:0 0 .75rem}p{margin:.5rem 0}code{background:#eef1f5;padding:0 .25rem;border-radius:3px}
</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<p>Open this page from a talk-to-vet answer: <code>/&lt;app&gt;/main/talk-to-vet?data=&lt;stringify_response&gt;</code>.</p></main></body></html>
`;
}
