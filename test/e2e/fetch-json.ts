// One HTTP call from a browser test's Node side (partner or control API), its answer read as JSON:
// `headers` are sent exactly as given, so a test can leave a header out on purpose.
export async function fetchJson(url: string, method: string, body: object | undefined, headers: Record<string, string>) {
  const r = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}
