// Fault rules: make an endpoint slow or failing, to test a partner's error handling. Every field has its label
// and says under it what is wrong; Remaining follows the requests the rules answer, without a reload (each one
// taken from a rule's count is a `faults` state event, which reads the rules again: sync.ts).
import { useEffect, useState, type FormEvent } from 'react';
import { control } from '../api';
import { useStore } from '../store';
import type { FaultRule } from '../store/shared';
import { ENDPOINT_LIST as ENDPOINTS } from '../../../src-shared/endpoint-list';
import { useAction } from '../components/common';
import { Field, fieldChecks, noting, useFocusFirstError } from './settings/Field';
import { EMPTY_DRAFT, MAX_RULES, refusalErrors, type FaultErrors, type FaultField, type FaultRuleDraft } from './settings/fault-rule-form';

/** Rules sent back to the simulator: a used-up rule (count 0) is one it stores but does not take in. */
const inForce = (rules: FaultRule[]) => rules.filter((r) => r.count !== 0);
const usedUp = (r: FaultRule) => r.count === 0;

export function FaultsEditor() {
  const faults = useStore((s) => s.faults);
  const { busy, run } = useAction();
  const [draft, setDraft] = useState<FaultRuleDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FaultErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const { form, focusFirstError } = useFocusFirstError();
  useEffect(() => void fieldChecks(), []); // the rule checks (with zod) load while the tester reads the list

  const edit = (field: FaultField, value: string) => {
    setDraft({ ...draft, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined }); // the field is being fixed: its error goes
  };

  const save = (rules: FaultRule[], label: { ok: string; failed: string }, onRefused?: (refusal: Error) => void) =>
    run(label, noting(() => control.putFaults({ body: { items: inForce(rules) as never } }), onRefused ?? (() => undefined)));

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(undefined);
    const checked = (await fieldChecks()).checkFaultRule(draft);
    if (checked.errors) return (setErrors(checked.errors), focusFirstError());
    const kept = inForce(faults);
    if (kept.length >= MAX_RULES) return setRefusal(`The simulator keeps at most ${MAX_RULES} rules: remove one first.`);
    setErrors({});
    const saved = await save([...kept, checked.rule as FaultRule], { ok: `Fault rule for ${draft.endpoint === '*' ? 'all endpoints' : draft.endpoint} added.`, failed: "Couldn't add the fault rule" }, (refusal) => {
      const refused = refusalErrors(refusal, kept.length);
      setErrors(refused.fields);
      setRefusal(refused.form);
      focusFirstError();
    });
    if (saved) setDraft(EMPTY_DRAFT);
  };

  const field = (name: FaultField, label: string, input: { placeholder?: string; narrow?: boolean; inputMode?: 'numeric' | 'decimal' }) => (
    <Field label={label} error={errors[name]}>
      {(props) => (
        <input {...props} className={input.narrow ? 'narrow' : undefined} placeholder={input.placeholder} inputMode={input.inputMode}
          value={draft[name]} onChange={(e) => edit(name, e.target.value)} />
      )}
    </Field>
  );

  return (
    <section className="panel" aria-labelledby="faults-title">
      <h2 id="faults-title">Fault rules</h2>
      <p className="muted">A matching request waits <i>delay</i> ms, then (if a status is set) fails with it. Rules apply after auth and rate limit.
        Remaining counts down live as rules fire; a used-up rule is dropped at the next change.</p>
      {faults.length ? (
        <table className="table" data-testid="fault-rules">
          <thead><tr><th>Endpoint</th><th>Delay</th><th>Status</th><th>Message</th><th>Probability</th><th>Remaining</th><th><span className="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {faults.map((r) => (
              <tr key={r.id}>
                <td>{r.endpoint === '*' ? 'All' : r.endpoint}</td><td>{r.delay_ms ? `${r.delay_ms} ms` : '—'}</td><td>{r.status ?? '—'}</td><td>{r.message ?? ''}</td>
                <td>{Math.round((r.probability ?? 1) * 100)}%</td>
                <td data-testid="fault-remaining">{r.count ?? '∞'}{usedUp(r) && <span className="muted small"> (used up)</span>}</td>
                <td>
                  <button className="btn small" disabled={busy} aria-label={`Remove the ${r.endpoint === '*' ? 'all-endpoints' : r.endpoint} rule${r.status ? ` (${r.status})` : ''}`}
                    onClick={() => void save(faults.filter((x) => x.id !== r.id), { ok: 'Fault rule removed.', failed: "Couldn't remove the fault rule" })}>Remove</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p className="muted">No fault rules: every endpoint behaves normally.</p>}
      <form ref={form} className="field-form" aria-label="New fault rule" noValidate onSubmit={(e) => void add(e)}>
        <Field label="Endpoint" error={errors.endpoint}>
          {(props) => (
            <select {...props} value={draft.endpoint} onChange={(e) => edit('endpoint', e.target.value)}>
              <option value="*">All endpoints</option>
              {ENDPOINTS.map((e) => <option key={e.id} value={e.id}>{e.id} {e.method} {e.path}</option>)}
            </select>
          )}
        </Field>
        {field('delay_ms', 'Delay (ms)', { placeholder: 'none', narrow: true, inputMode: 'numeric' })}
        {field('status', 'Status', { placeholder: 'none', narrow: true, inputMode: 'numeric' })}
        {field('message', 'Message', { placeholder: 'optional' })}
        {field('probability', 'Probability (0–1)', { narrow: true, inputMode: 'decimal' })}
        {field('count', 'Count', { placeholder: 'no limit', narrow: true, inputMode: 'numeric' })}
        <button className="btn" disabled={busy}>Add rule</button>
      </form>
      {refusal && <p className="field-error" role="alert" data-testid="fault-refusal">The rule was not added: {refusal}</p>}
    </section>
  );
}
