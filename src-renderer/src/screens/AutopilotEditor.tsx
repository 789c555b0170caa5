// The vet autopilot's rules (behaviour §17) as YAML: edit, save, see what is wrong and on which line, and the
// steps waiting for the simulator clock. The YAML reader loads only when this panel is shown (its own chunk);
// the simulator checks the document with its schema and answers the paths of its problems, mapped to lines here.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { controlUrl } from '../../../src-shared/control-api/client';
import { control, ApiError } from '../api';
import { useStore } from '../store';
import type { AutopilotProblem, PendingStep } from '../../../src-shared/control';
import { useAction } from '../components/common';

const yamlTools = () => import('../../../src-shared/autopilot-yaml');

const EXAMPLE = `seed: 42
rules:                      # the first rule whose match fits a new consultation drives it
  - match: { type: chat }   # optional keys: type (chat|video), app (name), vet (id), species, email (glob)
    steps:                  # each \`after\` counts from the previous step (the first from creation)
      - { after: 20s, do: accept }
      - { after: 5s, say: "Hi, I'm {vet.first_name}. How is {pet.name} today?" }
      - { after: 5m, do: end }
      - { feedback: { recommendation: urgent, reason: "Limping since Monday" } }
  - match: { type: video }
    steps:
      - { after: 30s, outcome: { accepted: 70, declined: 20, notanswered: 10 } }   # weights, or one value
`;

/** Whether two documents say the same, whatever their key order (the simulator answers keys in the schema's order). */
function sameDocument(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1)).map(([k, x]) => [k, canonical(x)])) : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

export function AutopilotEditor() {
  const version = useStore((s) => (s.versions.autopilot ?? 0) + (s.versions.clock ?? 0) + (s.versions.consultation ?? 0));
  const notify = useStore((s) => s.notify);
  const { busy, run } = useAction();
  const [text, setText] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [problems, setProblems] = useState<AutopilotProblem[]>([]);
  const [pending, setPending] = useState<{ items: PendingStep[]; total: number }>({ items: [], total: 0 });
  const area = useRef<HTMLTextAreaElement>(null);
  // The loads below are asynchronous: they read the text and the saved text as they are when the answer comes.
  const textNow = useRef(text);
  textNow.current = text;
  const savedNow = useRef(saved);
  const markSaved = (yaml: string) => ((savedNow.current = yaml), setSaved(yaml));
  const dirty = saved !== null && text !== saved;

  useEffect(() => {
    let current = true;
    void Promise.all([control.getAutopilot(), yamlTools()]).then(([doc, { autopilotYaml, readAutopilotText }]) => {
      if (!current) return;
      const mine = textNow.current;
      // Before the first load nothing is saved yet: whatever the tester already typed is theirs, not to be replaced.
      const unsaved = savedNow.current === null ? mine.trim() !== '' : mine !== savedNow.current;
      // The text stays as typed (its comments, its order) when it says what the simulator holds, or is being edited.
      if (!unsaved && sameDocument(readAutopilotText(mine).value ?? { rules: [] }, doc)) return markSaved(mine);
      const yaml = doc.rules.length ? autopilotYaml(doc) : '';
      if (!unsaved) setText(yaml);
      markSaved(yaml);
    }, () => undefined);
    control.listPendingSteps({ query: { limit: 20 } }).then((p) => current && setPending(p as { items: PendingStep[]; total: number }), () => undefined);
    return () => void (current = false);
  }, [version]);

  const save = async () => {
    const { readAutopilotText } = await yamlTools();
    const read = readAutopilotText(text);
    if (read.problems.length) return setProblems(read.problems);
    try {
      await control.putAutopilot({ body: read.value ?? { rules: [] } });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      // Each problem the refusal names, on its line; a refusal that names none (a malformed body), as it is said.
      setProblems(e.details.length ? e.details.map((p) => ({ ...p, line: read.lineOf(p.path) })) : [{ path: '', message: e.message }]);
      return notify('error', 'The autopilot rules were not saved: see the problems under the editor.');
    }
    setProblems([]);
    markSaved(text);
    notify('ok', 'Autopilot rules saved: they drive consultations created from now on.');
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && (e.key === 'Enter' || e.key === 's')) (e.preventDefault(), void save());
  };
  /** Puts the caret on a problem's line, so the keyboard goes straight to what to fix. */
  const goTo = (line: number | undefined) => {
    const ta = area.current;
    if (!ta) return;
    ta.focus();
    if (!line) return;
    const start = text.split('\n').slice(0, line - 1).join('\n').length + (line > 1 ? 1 : 0);
    const end = text.indexOf('\n', start);
    ta.setSelectionRange(start, end < 0 ? text.length : end);
  };

  return (
    <section className="panel" aria-label="Vet autopilot">
      <h3>Vet autopilot</h3>
      <p className="muted" id="autopilot-help">
        Scripted vets on the simulator clock: the first rule whose <code>match</code> fits a new consultation schedules its steps
        (<code>do: accept | end</code>, <code>say</code>, <code>feedback</code>, <code>outcome</code>, <code>vet_online</code>; <code>after</code> is <code>20s</code>, <code>5m</code>, …).
        A frozen clock runs nothing until you advance it. Your own action on a consultation takes it over. Save with Ctrl+Enter.
        {' '}<a href={controlUrl('getAutopilotSchema')} target="_blank" rel="noreferrer">JSON Schema</a>
      </p>
      <label htmlFor="autopilot-rules"><b>Rules (YAML)</b>{dirty && <span className="warn-text small"> — not saved</span>}</label>
      <textarea
        id="autopilot-rules" ref={area} className="json" rows={14} spellCheck={false} value={text} placeholder="No rules: the vets only do what you do. Insert the example to start."
        aria-describedby={problems.length ? 'autopilot-help autopilot-problems' : 'autopilot-help'} aria-invalid={problems.length > 0}
        onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} data-testid="autopilot-rules"
      />
      {problems.length > 0 && (
        <div id="autopilot-problems" role="alert" data-testid="autopilot-problems">
          <p className="error-text">Not saved: {problems.length === 1 ? 'one problem' : `${problems.length} problems`}.</p>
          <ul>
            {problems.map((p, i) => (
              <li key={i}>
                <button type="button" className="btn small" onClick={() => goTo(p.line)} title="Put the caret on this line">
                  {p.line ? `Line ${p.line}` : 'Document'}
                </button>{' '}
                {p.path && <code>{p.path}</code>} <span className="error-text">{p.message}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="actions">
        <button className="btn primary" disabled={busy} onClick={() => void save()}>Save rules</button>
        <button className="btn" disabled={busy || !!text.trim()} onClick={() => (setText(EXAMPLE), area.current?.focus())}>Insert example</button>
        <button className="btn" disabled={busy || !pending.total} onClick={() => void run('Clock moved to the next autopilot step.', () => control.setClock({ body: { advance_to: 'next_step' } }))}>Run next step</button>
        <button className="btn danger" disabled={busy || (saved === '' && !pending.total)} onClick={() => confirm('Switch the autopilot off? Its rules and every pending step are dropped.') && void run('Autopilot switched off.', async () => {
          await control.clearAutopilot();
          setText('');
          setProblems([]);
        })}>Switch off</button>
      </div>
      <h4>Pending steps <span className="muted">({pending.total})</span></h4>
      {pending.items.length ? (
        <table className="table" data-testid="autopilot-pending">
          <thead><tr><th>Due (simulator clock, UTC)</th><th>Consultation</th><th>Rule</th><th>Step</th><th>Action</th></tr></thead>
          <tbody>
            {pending.items.map((p) => (
              <tr key={`${p.sid}-${p.rule}-${p.step}`}>
                <td>{p.due_at.replace('T', ' ').slice(0, 19)}</td><td><a href={`#vet/${p.sid}`}><code>{p.sid.slice(0, 12)}…</code></a></td>
                <td>{p.rule}</td><td>{p.step}</td><td>{p.action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : <p className="muted">Nothing is waiting for the clock.</p>}
    </section>
  );
}
