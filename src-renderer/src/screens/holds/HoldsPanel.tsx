// Settings → Holds: the armed breakpoints (what each waits for, how many more it holds, how long a held call
// waits and what happens then), each with Remove, and a form to arm one. Every field has its label and says
// under it, in words, what is wrong; the checks are the control API's own (arm-checks.ts, loaded lazily).
import { useState, type FormEvent } from 'react';
import { useStore } from '../../store';
import { AgentBadge } from '../../components/common';
import { ENDPOINT_LIST } from '../../../../src-shared/endpoint-list';
import { Field, useFocusFirstError } from '../settings/Field';
import type { ArmDraft, ArmErrors, ArmField } from './arm-checks';
import { arm, removeHold } from './holds-actions';
import './holds.css';

const armChecks = () => import('./arm-checks');
const EMPTY: ArmDraft = { endpoint: 'A8', app: '', count: '1', timeout_s: '60', on_timeout: 'release', match: '' };

export function HoldsPanel() {
  const holds = useStore((s) => s.holds);
  const apps = useStore((s) => s.apps);
  const [draft, setDraft] = useState<ArmDraft>(EMPTY);
  const [errors, setErrors] = useState<ArmErrors>({});
  const [busy, setBusy] = useState(false);
  const { form, focusFirstError } = useFocusFirstError();

  const edit = (field: ArmField, value: string) => {
    setDraft({ ...draft, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined }); // the field is being fixed: its error goes
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { checkArm, refusedField } = await armChecks();
    const checked = checkArm(draft);
    if (checked.errors) return (setErrors(checked.errors), focusFirstError());
    setErrors({});
    setBusy(true);
    const hold = await arm(checked.body, (refusal) => {
      const refused = refusedField(refusal);
      if (refused) (setErrors({ [refused.field]: refused.error }), focusFirstError());
    });
    setBusy(false);
    if (hold) setDraft({ ...EMPTY, endpoint: draft.endpoint, app: draft.app });
  };
  const text = (name: ArmField, label: string, hint?: string, inputMode?: 'numeric' | 'decimal') => (
    <Field label={label} error={errors[name]} hint={hint}>
      {(props) => <input {...props} className={inputMode ? 'narrow' : undefined} inputMode={inputMode} value={draft[name]} onChange={(e) => edit(name, e.target.value)} />}
    </Field>
  );

  return (
    <section className="panel" aria-labelledby="holds-title" data-testid="holds-panel">
      <h2 id="holds-title">Holds</h2>
      <p className="muted">A hold keeps the next matching partner call waiting (after its app, auth, rate limit and validation are checked) until you
        release, fail, answer or close it in the <b>Held calls</b> strip above the tabs; at the timeout it is released or failed (503) by itself.</p>
      {holds.length ? (
        <table className="table" data-testid="holds-table">
          <thead><tr><th>Endpoint</th><th>App</th><th>Match</th><th>Remaining</th><th>Timeout</th><th>On timeout</th><th><span className="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {holds.map((h) => (
              <tr key={h.id}>
                <td>{h.method ? `${h.method} ` : ''}{h.endpoint}<AgentBadge agent={h.agent} /></td>
                <td>{h.app ?? <span className="muted">every app</span>}</td>
                <td>{h.match ? Object.entries(h.match).map(([k, v]) => `${k}=${String(v)}`).join(', ') : <span className="muted">—</span>}</td>
                <td>{h.remaining ?? '∞ (until removed)'}</td>
                <td>{h.timeout_ms / 1000} s</td>
                <td>{h.on_timeout === 'fail' ? 'fail (503)' : 'release'}</td>
                <td><button type="button" className="btn small" aria-label={`Remove the hold on ${h.endpoint}${h.app ? ` of ${h.app}` : ''} (${h.id})`} onClick={() => void removeHold(h)}>Remove</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p className="muted">No hold armed: every call is answered at once.</p>}
      {/* The checks load when the form is first used, not with the page: Settings' other panels load theirs first. */}
      <form ref={form} className="field-form" aria-label="Arm a hold" noValidate onSubmit={(e) => void submit(e)} onFocus={() => void armChecks().catch(() => undefined)}>
        <Field label="Endpoint" error={errors.endpoint}>
          {(props) => (
            <select {...props} value={draft.endpoint} onChange={(e) => edit('endpoint', e.target.value)}>
              {ENDPOINT_LIST.map((e) => <option key={e.id} value={e.id}>{e.id} {e.method} {e.path}</option>)}
            </select>
          )}
        </Field>
        <Field label="App" error={errors.app}>
          {(props) => (
            <select {...props} value={draft.app} onChange={(e) => edit('app', e.target.value)}>
              <option value="">Every app</option>
              {apps.map((a) => <option key={a.id} value={a.name}>{a.name}</option>)}
            </select>
          )}
        </Field>
        {text('count', 'Count', '0: until removed', 'numeric')}
        {text('timeout_s', 'Timeout (s)', undefined, 'decimal')}
        <Field label="On timeout" error={errors.on_timeout}>
          {(props) => (
            <select {...props} value={draft.on_timeout} onChange={(e) => edit('on_timeout', e.target.value)}>
              <option value="release">Release (answer as usual)</option>
              <option value="fail">Fail with 503</option>
            </select>
          )}
        </Field>
        {text('match', 'Match (optional)', 'field=value, …')}
        <button className="btn" disabled={busy}>Arm hold</button>
      </form>
    </section>
  );
}
