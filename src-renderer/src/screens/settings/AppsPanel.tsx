// Partner apps: credentials to copy, each app's rate limit and CORS origins (edited in place), a new token,
// and a form for a new app whose name is checked as the simulator checks it.
import { useEffect, useState, type FormEvent } from 'react';
import { control } from '../../api';
import { useStore } from '../../store';
import type { AppRecord } from '../../store/shared';
import { CopyButton, useAction } from '../../components/common';
import { CorsOriginsField, RateLimitField } from './AppFields';
import { Field, fieldChecks, noting, refusalOf } from './Field';

const basicHeader = (a: AppRecord) => `Authorization: Basic ${btoa(`${a.api_username}:${a.api_token}`)}`;

/**
 * The name rule of appCreateBody (src-shared/schemas/control.ts) for the browser's own check. Chromium reads
 * `pattern` with the `v` flag, where a bare `-` in a class is a syntax error (the whole check was then skipped):
 * it is escaped here.
 */
const NAME_PATTERN = '[a-z0-9][a-z0-9\\-]{1,39}';

export function AppsPanel() {
  const apps = useStore((s) => s.apps);
  const base = useStore((s) => s.health?.api_base_url ?? location.origin);
  const { busy, run } = useAction();
  useEffect(() => void fieldChecks(), []); // loaded while the tester reads the table, ready by the first edit
  return (
    <section className="panel" aria-labelledby="apps-title">
      <h2 id="apps-title">Partner apps</h2>
      <p className="muted">Each app is a tenant: its <code>name</code> goes in application-family paths, its <code>id</code> (or its name) in client-family paths. CORS origins: the browser front ends allowed to call the
        partner API (<code>*</code> = any, as a default Laravel service; comma-separated origins such as <code>http://localhost:3000</code>, <code>*</code> as a wildcard; empty = none).
        A rate limit or origins field is saved when you leave it or press Enter; Escape puts the saved value back.</p>
      <table className="table" data-testid="apps-table">
        <thead>
          <tr><th>ID</th><th>Name</th><th>Basic credentials</th><th>API key</th><th>Rate limit / min</th><th>CORS origins</th><th><span className="sr-only">Actions</span></th></tr>
        </thead>
        <tbody>
          {apps.map((a) => {
            const curl = `curl -s -u '${a.api_username}:${a.api_token}' '${base}/api/v2/${a.name}/pet/list?email=someone@example.com'`;
            return (
              <tr key={a.id}>
                <td>{a.id}</td>
                <td><b>{a.name}</b><br /><span className="muted small">{a.display_name}</span></td>
                <td><code>{a.api_username}:{a.api_token}</code></td>
                <td><code>{a.api_key}</code></td>
                <td><RateLimitField app={a} /></td>
                <td><CorsOriginsField app={a} /></td>
                <td className="row-actions">
                  <CopyButton text={basicHeader(a)} label="Copy Basic header" />
                  <CopyButton text={curl} label="Copy curl" />
                  <button className="btn small" disabled={busy} onClick={() => confirm(`Generate a new API token for ${a.name}? The current one stops working at once.`) && void run(
                    { ok: `New API token for ${a.name}.`, failed: `Couldn't generate a new API token for ${a.name}` }, () => control.newAppToken({ params: { id: String(a.id) } }))}>
                    Generate API token
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <NewAppForm />
    </section>
  );
}

function NewAppForm() {
  const { busy, run } = useAction();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const checked = (await fieldChecks()).checkAppName(name);
    if (!checked.ok) return setError(checked.error);
    const created = await run(
      { ok: `App ${checked.value} created.`, failed: "Couldn't create the app" },
      noting(() => control.createApp({ body: { name: checked.value } }), (e) => setError(refusalOf(e, 'name'))),
    );
    if (created) setName('');
  };
  return (
    <form className="field-form" aria-label="New app" onSubmit={(e) => void create(e)}>
      <Field label="New app name" error={error} hint="2–40 lower-case letters, digits or dashes">
        {(props) => (
          <input
            {...props} placeholder="new-app-name" value={name} pattern={NAME_PATTERN} autoComplete="off" spellCheck={false}
            onChange={(e) => (setName(e.target.value), setError(undefined))}
            // The browser's check runs first; its bubble is replaced by the same sentence as the simulator's, by the field.
            onInvalid={(e) => {
              e.preventDefault();
              const typed = e.currentTarget.value;
              void fieldChecks().then(({ checkAppName }) => {
                const checked = checkAppName(typed);
                setError(checked.ok ? undefined : checked.error);
              });
            }}
          />
        )}
      </Field>
      <button className="btn" disabled={!name || busy}>Add app</button>
    </form>
  );
}
