// Scenarios and bundles from Settings → Data (issue 38): save the world as one reviewable file, load one (YAML or
// JSON, sent as the file's text so the simulator names each problem's line), and the bug-report bundle both ways. A refused file
// changes nothing; its problems are listed with their paths and lines.
import { useRef, useState } from 'react';
import { controlUrl } from '../../../../src-shared/control-api/client';
import { ApiError, control } from '../../api';
import { useAction } from '../../components/common';

type Kind = 'scenario' | 'bundle';

/** The file as the simulator reads it: its text (YAML or JSON) and its name, so each problem names its line and the file. */
const fileBody = async (file: File) => ({ text: await file.text(), file: file.name });

export function ScenarioActions() {
  const { busy, run } = useAction();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<Kind>('scenario');
  const [problems, setProblems] = useState<string[]>([]);
  const pick = (k: Kind) => {
    setKind(k);
    input.current?.click();
  };
  const load = (file: File) => {
    if (!confirm(`Replace all simulator data with ${file.name}?`)) return;
    setProblems([]);
    void run({ ok: `${file.name} loaded.`, failed: `Couldn't load ${file.name}` }, async () => {
      try {
        const body = await fileBody(file);
        return await (kind === 'bundle' ? control.putBundle({ body }) : control.putScenario({ body }));
      } catch (e) {
        if (e instanceof ApiError && e.details.length) setProblems(e.details.map((d) => `${d.path || '(file)'}${'line' in d && d.line ? ` (line ${String(d.line)})` : ''}: ${d.message}`));
        throw e;
      }
    });
  };
  return (
    <div className="actions" role="group" aria-label="Scenarios and bundles">
      <a className="btn" href={controlUrl('getScenario')} download="scenario.json">Save scenario</a>
      <button type="button" className="btn" disabled={busy} onClick={() => pick('scenario')}>Load scenario…</button>
      <a className="btn" href={controlUrl('getBundle')} download="bundle.json">Download bundle</a>
      <button type="button" className="btn" disabled={busy} onClick={() => pick('bundle')}>Open bundle…</button>
      <input ref={input} type="file" hidden tabIndex={-1} aria-label={kind === 'bundle' ? 'Bundle file to open' : 'Scenario file to load'} accept=".yaml,.yml,.json,application/json" onChange={(e) => {
        const f = e.target.files?.[0];
        e.target.value = '';
        if (f) load(f);
      }} />
      {problems.length > 0 && (
        <ul className="error-text small" role="alert" data-testid="scenario-problems">
          {problems.slice(0, 50).map((p) => <li key={p}>{p}</li>)}
          {problems.length > 50 && <li>… and {problems.length - 50} more</li>}
        </ul>
      )}
    </div>
  );
}
