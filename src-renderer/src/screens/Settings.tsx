// Apps and credentials, rate limits, fault rules, the simulator clock, the vet autopilot, and the data itself.
import { useState } from 'react';
import { api } from '../api';
import { useStore } from '../store';
import type { AppRecord } from '../store/shared';
import { CopyButton, useAction } from '../components/common';
import { AutopilotEditor } from './AutopilotEditor';
import { FaultsEditor } from './FaultsEditor';
import { refresh } from '../sync';
import { CORS_ORIGIN_PATTERN } from '../../../src-shared/cors-origins';

const basicHeader = (a: AppRecord) => `Authorization: Basic ${btoa(`${a.api_username}:${a.api_token}`)}`;

export function Settings() {
  return (
    <div className="settings">
      <Apps />
      <Clock />
      <AutopilotEditor />
      <FaultsEditor />
      <Data />
    </div>
  );
}

function Apps() {
  const apps = useStore((s) => s.apps);
  const base = useStore((s) => s.health?.api_base_url ?? location.origin);
  const { busy, run } = useAction();
  const [name, setName] = useState('');
  const [limits, setLimits] = useState<Record<number, string>>({});
  const [origins, setOrigins] = useState<Record<number, string>>({});
  return (
    <section className="panel" aria-label="Apps">
      <h3>Partner apps</h3>
      <p className="muted">Each app is a tenant: its <code>name</code> goes in application-family paths, its <code>id</code> (or its name) in client-family paths. CORS origins: the browser front ends allowed to call the
        partner API (<code>*</code> = any, as a default Laravel service; comma-separated origins such as <code>http://localhost:3000</code>, <code>*</code> as a wildcard; empty = none).</p>
      <table className="table" data-testid="apps-table">
        <thead>
          <tr><th>ID</th><th>Name</th><th>Basic credentials</th><th>API key</th><th>Rate limit / min</th><th>CORS origins</th><th /></tr>
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
                <td>
                  <input
                    className="narrow" type="number" min={0} aria-label={`Rate limit of ${a.name}`}
                    value={limits[a.id] ?? String(a.rate_limit_per_minute)}
                    onChange={(e) => setLimits({ ...limits, [a.id]: e.target.value })}
                    onBlur={() => {
                      const v = Number(limits[a.id]);
                      if (limits[a.id] !== undefined && Number.isInteger(v) && v >= 0 && v !== a.rate_limit_per_minute)
                        void run(`Rate limit of ${a.name} set to ${v === 0 ? 'unlimited' : `${v}/min`}.`, () => api.patch(`/apps/${a.id}`, { rate_limit_per_minute: v }));
                    }}
                  />
                  <span className="muted small"> 0 = unlimited</span>
                </td>
                <td>
                  <input
                    aria-label={`CORS origins of ${a.name}`} placeholder="none"
                    value={origins[a.id] ?? a.cors_allowed_origins.join(', ')}
                    onChange={(e) => setOrigins({ ...origins, [a.id]: e.target.value })}
                    onBlur={() => {
                      if (origins[a.id] === undefined) return;
                      const list = origins[a.id].split(/[\s,]+/).filter(Boolean);
                      const bad = list.find((o) => !CORS_ORIGIN_PATTERN.test(o));
                      if (bad) return void run(`Saving the CORS origins of ${a.name}.`, () => Promise.reject(new Error(`${bad} is not an origin: use *, or scheme://host[:port] without a path.`)));
                      if (list.join(', ') !== a.cors_allowed_origins.join(', '))
                        void run(`CORS origins of ${a.name} set to ${list.length ? list.join(', ') : 'none'}.`, () => api.patch(`/apps/${a.id}`, { cors_allowed_origins: list }));
                    }}
                  />
                </td>
                <td className="row-actions">
                  <CopyButton text={basicHeader(a)} label="Copy Basic header" />
                  <CopyButton text={curl} label="Copy curl" />
                  <button className="btn small" disabled={busy} onClick={() => confirm(`Generate a new API token for ${a.name}? The current one stops working at once.`) && void run(`New API token for ${a.name}.`, () => api.post(`/apps/${a.id}/token`))}>
                    Generate API token
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <form className="inline-form" onSubmit={(e) => (e.preventDefault(), void run(`App ${name} created.`, () => api.post('/apps', { name })).then((r) => r && setName('')))}>
        <input placeholder="new-app-name" value={name} onChange={(e) => setName(e.target.value)} aria-label="New app name" pattern="[a-z0-9][a-z0-9-]{1,39}" title="2–40 lower-case letters, digits or dashes" />
        <button className="btn" disabled={!name || busy}>Add app</button>
      </form>
    </section>
  );
}

function Clock() {
  const clock = useStore((s) => s.clock);
  const { busy, run } = useAction();
  const [days, setDays] = useState('14');
  const post = (label: string, body: unknown) => run(label, () => api.post('/clock', body)).then(() => refresh.clock());
  return (
    <section className="panel" aria-label="Clock">
      <h3>Simulator clock</h3>
      <p>
        Simulated time: <b data-testid="clock-now">{clock?.now.replace('T', ' ').slice(0, 19)} UTC</b>{' '}
        {clock?.is_real_time ? <span className="muted">(real time)</span> : <span className="warn-text">({clock?.frozen ? 'frozen, ' : ''}{Math.round((clock?.offset_ms ?? 0) / 3600000)} h from real time)</span>}
      </p>
      <div className="actions">
        <button className="btn" disabled={busy} onClick={() => post('Clock advanced 1 hour.', { advance_seconds: 3600 })}>+1 hour</button>
        <button className="btn" disabled={busy} onClick={() => post('Clock advanced 1 day.', { advance_seconds: 86400 })}>+1 day</button>
        <label className="inline">
          +<input className="narrow" type="number" min={1} value={days} onChange={(e) => setDays(e.target.value)} aria-label="Days to advance" /> days
          <button className="btn" disabled={busy || !(Number(days) > 0)} onClick={() => post(`Clock advanced ${days} days.`, { advance_seconds: Number(days) * 86400 })}>Advance</button>
        </label>
        <button className="btn" disabled={busy} onClick={() => post(clock?.frozen ? 'Clock running.' : 'Clock frozen.', { frozen: !clock?.frozen })}>{clock?.frozen ? 'Unfreeze' : 'Freeze'}</button>
        <button className="btn" disabled={busy || clock?.is_real_time} onClick={() => post('Back to real time.', { real_time: true })}>Back to real time</button>
      </div>
    </section>
  );
}

function Data() {
  const { busy, run } = useAction();
  const health = useStore((s) => s.health);
  const desktop = (window as unknown as { simDesktop?: { openDataFolder: () => Promise<string> } }).simDesktop;
  return (
    <section className="panel" aria-label="Data">
      <h3>Data</h3>
      <p className="muted">{health?.in_memory ? 'In memory: nothing is written to disk.' : <>Data folder: <code>{health?.data_dir}</code></>}</p>
      <div className="actions">
        <button className="btn primary" disabled={busy} onClick={() => void run('Demo data set loaded.', async () => {
          const r = await api.post<{ loaded: boolean; message: string }>('/demo-data');
          if (!r.loaded) throw new Error(r.message);
          return r;
        })}>Load demo data</button>
        <a className="btn" href="/__sim/v1/snapshot" download>Download snapshot</a>
        <label className="btn">
          Restore snapshot…
          <input type="file" accept=".sqlite,.db,application/vnd.sqlite3,application/octet-stream" hidden onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f && confirm(`Replace all simulator data with ${f.name}?`)) void run(`Snapshot ${f.name} restored.`, () => api.upload('/snapshot', f));
          }} />
        </label>
        <button className="btn danger" disabled={busy} onClick={() => confirm('Reset the simulator? Every user, pet, consultation, payment and logged request is deleted.') && void run('Simulator reset.', () => api.post('/reset'))}>Reset everything</button>
        {desktop && <button className="btn" onClick={() => void desktop.openDataFolder()}>Open data folder</button>}
      </div>
    </section>
  );
}
