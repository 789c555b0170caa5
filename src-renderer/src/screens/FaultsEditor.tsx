// Fault rules: make an endpoint slow or failing, to test a partner's error handling.
import { useState } from 'react';
import { api } from '../api';
import { useStore } from '../store';
import type { FaultRule } from '../store/shared';
import { ENDPOINT_LIST as ENDPOINTS } from '../../../src-shared/endpoint-list';
import { useAction } from '../components/common';

const EMPTY = { endpoint: 'A8', delay_ms: '', status: '500', message: '', probability: '1', count: '' };

export function FaultsEditor() {
  const faults = useStore((s) => s.faults);
  const { busy, run } = useAction();
  const [f, setF] = useState(EMPTY);
  const save = (rules: FaultRule[], label: string) => run(label, () => api.put('/faults', { items: rules }));
  const add = () => {
    const rule: Partial<FaultRule> = { endpoint: f.endpoint, probability: Number(f.probability) };
    if (f.delay_ms) rule.delay_ms = Number(f.delay_ms);
    if (f.status) rule.status = Number(f.status);
    if (f.message) rule.message = f.message;
    if (f.count) rule.count = Number(f.count);
    void save([...faults, rule as FaultRule], `Fault rule for ${f.endpoint} added.`).then((r) => r && setF(EMPTY));
  };
  return (
    <section className="panel" aria-label="Fault rules">
      <h3>Fault rules</h3>
      <p className="muted">A matching request waits <i>delay</i> ms, then (if a status is set) fails with it. Rules apply after auth and rate limit.</p>
      {faults.length ? (
        <table className="table">
          <thead><tr><th>Endpoint</th><th>Delay</th><th>Status</th><th>Message</th><th>Probability</th><th>Remaining</th><th /></tr></thead>
          <tbody>
            {faults.map((r) => (
              <tr key={r.id}>
                <td>{r.endpoint}</td><td>{r.delay_ms ? `${r.delay_ms} ms` : '—'}</td><td>{r.status ?? '—'}</td><td>{r.message ?? ''}</td>
                <td>{Math.round((r.probability ?? 1) * 100)}%</td><td>{r.count ?? '∞'}</td>
                <td><button className="btn small" disabled={busy} onClick={() => void save(faults.filter((x) => x.id !== r.id), 'Fault rule removed.')}>Remove</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p className="muted">No fault rules: every endpoint behaves normally.</p>}
      <form className="inline-form" onSubmit={(e) => (e.preventDefault(), add())}>
        <select value={f.endpoint} onChange={(e) => setF({ ...f, endpoint: e.target.value })} aria-label="Fault endpoint">
          <option value="*">All endpoints</option>
          {ENDPOINTS.map((e) => <option key={e.id} value={e.id}>{e.id} {e.method} {e.path}</option>)}
        </select>
        <input className="narrow" placeholder="delay ms" value={f.delay_ms} onChange={(e) => setF({ ...f, delay_ms: e.target.value })} aria-label="Delay ms" />
        <input className="narrow" placeholder="status" value={f.status} onChange={(e) => setF({ ...f, status: e.target.value })} aria-label="Status" />
        <input placeholder="message (optional)" value={f.message} onChange={(e) => setF({ ...f, message: e.target.value })} aria-label="Message" />
        <input className="narrow" placeholder="probability 0–1" value={f.probability} onChange={(e) => setF({ ...f, probability: e.target.value })} aria-label="Probability" />
        <input className="narrow" placeholder="count" value={f.count} onChange={(e) => setF({ ...f, count: e.target.value })} aria-label="Count" />
        <button className="btn" disabled={busy}>Add rule</button>
      </form>
    </section>
  );
}
