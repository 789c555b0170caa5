// The simulator clock: move it forward, freeze it, or put it back on real time.
import { useState, type FormEvent } from 'react';
import { control } from '../../api';
import { useStore } from '../../store';
import { useAction } from '../../components/common';
import { refresh } from '../../sync';
import { FieldError, errorProps } from './Field';
import { numberOf } from './typed-number';

/** The control API moves the clock by at most ten years at a time (clockBody in src-shared/schemas/control.ts). */
const MAX_DAYS = 3650;
const DAYS_RULE = `Days must be a number greater than 0 and at most ${MAX_DAYS.toLocaleString('en-US')}.`;

export function ClockPanel() {
  const clock = useStore((s) => s.clock);
  const { busy, run } = useAction();
  const [days, setDays] = useState('14');
  const [error, setError] = useState<string>();
  const post = (ok: string, body: unknown) => run({ ok, failed: "Couldn't change the clock" }, () => control.setClock({ body: body as never })).then(() => refresh.clock());
  const advance = (e: FormEvent) => {
    e.preventDefault();
    const n = numberOf(days);
    if (n === undefined || n <= 0 || n > MAX_DAYS) return setError(DAYS_RULE);
    void post(`Clock advanced ${n} ${n === 1 ? 'day' : 'days'}.`, { advance_seconds: Math.round(n * 86400) });
  };
  return (
    <section className="panel" aria-labelledby="clock-title">
      <h2 id="clock-title">Simulator clock</h2>
      <p>
        Simulated time: <b data-testid="clock-now">{clock?.now.replace('T', ' ').slice(0, 19)} UTC</b>{' '}
        {clock?.is_real_time ? <span className="muted">(real time)</span> : <span className="warn-text">({clock?.frozen ? 'frozen, ' : ''}{Math.round((clock?.offset_ms ?? 0) / 3600000)} h from real time)</span>}
      </p>
      <div className="actions">
        <button className="btn" disabled={busy} onClick={() => void post('Clock advanced 1 hour.', { advance_seconds: 3600 })}>+1 hour</button>
        <button className="btn" disabled={busy} onClick={() => void post('Clock advanced 1 day.', { advance_seconds: 86400 })}>+1 day</button>
        <form className="inline-form" style={{ marginTop: 0 }} aria-label="Advance by days" noValidate onSubmit={advance}>
          <label className="inline">
            Advance by
            <input className="narrow" type="number" min={1} value={days} aria-label="Days to advance" {...errorProps('clock-days-error', error)}
              onChange={(e) => (setDays(e.target.value), setError(undefined))} />
            days
          </label>
          <button className="btn" disabled={busy}>Advance</button>
          <FieldError id="clock-days-error" error={error} />
        </form>
        <button className="btn" disabled={busy} onClick={() => void post(clock?.frozen ? 'Clock running.' : 'Clock frozen.', { frozen: !clock?.frozen })}>{clock?.frozen ? 'Unfreeze' : 'Freeze'}</button>
        <button className="btn" disabled={busy || clock?.is_real_time} onClick={() => void post('Back to real time.', { real_time: true })}>Back to real time</button>
      </div>
    </section>
  );
}
