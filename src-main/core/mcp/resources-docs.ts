// The behaviour the simulator follows, as MCP resources: each page of docs/ (sim://docs/<page>.md), read from the
// folder beside the installed package (the repository's docs/ when run from a clone). A package whose install has
// no docs/ folder lists none, and reading one answers where it looked and why it is not there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { projectRoot } from '../resources';

export const DOCS_TEMPLATE = 'sim://docs/{page}';
const PAGE = /^[a-z0-9][a-z0-9._-]*\.md$/;

/** Where the docs are: `docs/` at the package root (beside `resources/`). */
export const docsDir = () => join(projectRoot(), 'docs');

export interface DocPage {
  page: string;
  /** The page's first heading, as a title. */
  title: string;
}

export function listDocs(dir: string): DocPage[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => PAGE.test(f))
    .sort()
    .map((page) => ({ page, title: /^# (.+)$/m.exec(readFileSync(join(dir, page), 'utf8'))?.[1] ?? page }));
}

/** One page's text; a page that is not there is an error that says where the docs were looked for. */
export function readDoc(dir: string, page: string): string {
  if (!existsSync(dir))
    throw new Error(`The docs are not in this installation: ${dir} does not exist (the package's "files" do not ship docs/). Read them in the project's repository, docs/${page}.`);
  const known = listDocs(dir).map((d) => d.page);
  if (!PAGE.test(page) || !known.includes(page)) throw new Error(`No page docs/${page}. The pages: ${known.join(', ')}.`);
  return readFileSync(join(dir, page), 'utf8');
}

export function registerDocResources(server: McpServer, dir = docsDir()): void {
  server.registerResource(
    'docs',
    new ResourceTemplate(DOCS_TEMPLATE, {
      list: () => ({
        resources: listDocs(dir).map((d) => ({ uri: `sim://docs/${d.page}`, name: `docs/${d.page}`, title: d.title, mimeType: 'text/markdown' })),
      }),
      complete: { page: (prefix) => listDocs(dir).map((d) => d.page).filter((p) => p.startsWith(prefix)) },
    }),
    { description: 'The behaviour the simulator follows: a page of its docs/ (partner API, control API, journal, holds, autopilot, scenarios, MCP…)', mimeType: 'text/markdown' },
    (uri, { page }) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: readDoc(dir, String(page)) }] }),
  );
}
