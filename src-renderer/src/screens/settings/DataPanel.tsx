// The data itself: the demo data set, a snapshot to download or restore, a reset (which keeps the clock unless
// "also back to real time" is ticked: the clock is test configuration, behaviour §11).
import { useRef, useState } from 'react';
import { controlUrl } from '../../../../src-shared/control-api/client';
import { control } from '../../api';
import { useStore } from '../../store';
import { useAction } from '../../components/common';
import { resetQuestion, resetRequest } from './reset-request';
import { ScenarioActions } from './ScenarioActions';

export function DataPanel() {
  const { busy, run } = useAction();
  const [alsoRealTime, setAlsoRealTime] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const health = useStore((s) => s.health);
  const desktop = (window as unknown as { simDesktop?: { openDataFolder: () => Promise<string> } }).simDesktop;
  return (
    <section className="panel" aria-labelledby="data-title">
      <h2 id="data-title">Data</h2>
      <p className="muted">{health?.in_memory ? 'In memory: nothing is written to disk.' : <>Data folder: <code>{health?.data_dir}</code></>}</p>
      <div className="actions">
        <button className="btn primary" disabled={busy} onClick={() => void run({ ok: 'Demo data set loaded.', failed: "Couldn't load the demo data set" }, async () => {
          const r = await control.loadDemoData();
          if (!r.loaded) throw new Error(r.message);
          return r;
        })}>Load demo data</button>
        <a className="btn" href={controlUrl('getSnapshot')} download>Download snapshot</a>
        {/* A real button (a label around a hidden input is no tab stop): it opens the file picker. */}
        <button type="button" className="btn" disabled={busy} onClick={() => file.current?.click()}>Restore snapshot…</button>
        <input ref={file} type="file" aria-label="Snapshot file to restore" tabIndex={-1} accept=".sqlite,.db,application/vnd.sqlite3,application/octet-stream" hidden onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f && confirm(`Replace all simulator data with ${f.name}?`)) void run({ ok: `Snapshot ${f.name} restored.`, failed: `Couldn't restore ${f.name}` }, () => control.restoreSnapshot({ body: f }));
        }} />
        <button className="btn danger" disabled={busy} onClick={() => confirm(resetQuestion(alsoRealTime)) && void run(
          { ok: alsoRealTime ? 'Simulator reset; the clock is on real time.' : 'Simulator reset.', failed: "Couldn't reset the simulator" },
          () => control.reset({ body: resetRequest(alsoRealTime) }))}>Reset everything</button>
        {/* inline: a bare label is a column (a caption above its field), which put the box above its words. */}
        <label className="inline small">
          <input type="checkbox" checked={alsoRealTime} onChange={(e) => setAlsoRealTime(e.target.checked)} data-testid="reset-real-time" />
          {' '}also back to real time
        </label>
        {desktop && <button className="btn" onClick={() => void desktop.openDataFolder()}>Open data folder</button>}
      </div>
      <ScenarioActions />
    </section>
  );
}
