// The fields of one partner app that are edited in place in the apps table: its rate limit and its CORS
// origins. Each is saved when it loses focus (or on Enter); a value the simulator would refuse is not sent,
// stays in the box, and the field says why right under it. Escape puts the saved value back.
import { useState, type KeyboardEvent } from 'react';
import { control } from '../../api';
import type { AppRecord } from '../../store/shared';
import { useAction } from '../../components/common';
import { refresh } from '../../sync';
import { CORS_ORIGIN_PATTERN } from '../../../../src-shared/cors-origins';
import { FieldError, errorProps, fieldChecks, noting, refusalOf } from './Field';

/** The typed text until it is saved (then the app's own value shows again, as the simulator answers it). */
function useDraft(saved: string) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') e.currentTarget.blur(); // saves, as leaving the field does
    if (e.key === 'Escape') (setDraft(null), setError(undefined));
  };
  return {
    value: draft ?? saved, draft, error, setError, onKeyDown,
    change: (text: string) => (setDraft(text), setError(undefined)),
    /** Nothing to save (the value is the saved one): the field shows the app's own value again. */
    reset: () => setDraft(null),
    /** After a save: the field shows the app as the simulator now holds it. */
    done: async () => (await refresh.apps().catch(() => undefined), setDraft(null)),
  };
}

export function RateLimitField({ app }: { app: AppRecord }) {
  const { busy, run } = useAction();
  const f = useDraft(String(app.rate_limit_per_minute));
  const errorId = `rate-limit-${app.id}-error`;
  const save = async () => {
    if (f.draft === null) return;
    const checked = (await fieldChecks()).checkRateLimit(f.draft);
    if (!checked.ok) return f.setError(checked.error);
    if (checked.value === app.rate_limit_per_minute) return f.reset();
    const v = checked.value;
    const saved = await run(
      { ok: `Rate limit of ${app.name} set to ${v === 0 ? 'unlimited' : `${v} a minute`}.`, failed: `Couldn't change the rate limit of ${app.name}` },
      noting(() => control.updateApp({ params: { id: String(app.id) }, body: { rate_limit_per_minute: v } }), (e) => f.setError(refusalOf(e, 'rate_limit_per_minute'))),
    );
    if (saved) await f.done();
  };
  return (
    <>
      <input
        className="narrow" type="number" min={0} step={1} aria-label={`Rate limit of ${app.name}`} aria-busy={busy || undefined}
        value={f.value} onChange={(e) => f.change(e.target.value)} onBlur={() => void save()} onKeyDown={f.onKeyDown}
        {...errorProps(errorId, f.error)}
      />
      <span className="muted small"> 0 = unlimited</span>
      <FieldError id={errorId} error={f.error} />
    </>
  );
}

export function CorsOriginsField({ app }: { app: AppRecord }) {
  const { busy, run } = useAction();
  const f = useDraft(app.cors_allowed_origins.join(', '));
  const errorId = `cors-${app.id}-error`;
  const save = async () => {
    if (f.draft === null) return;
    const list = f.draft.split(/[\s,]+/).filter(Boolean);
    const bad = list.find((o) => !CORS_ORIGIN_PATTERN.test(o));
    if (bad) return f.setError(`${bad} is not an origin: use *, or scheme://host[:port] without a path.`);
    if (list.join(', ') === app.cors_allowed_origins.join(', ')) return f.reset();
    const saved = await run(
      { ok: `CORS origins of ${app.name} set to ${list.length ? list.join(', ') : 'none'}.`, failed: `Couldn't change the CORS origins of ${app.name}` },
      noting(() => control.updateApp({ params: { id: String(app.id) }, body: { cors_allowed_origins: list } }), (e) => f.setError(refusalOf(e, 'cors_allowed_origins'))),
    );
    if (saved) await f.done();
  };
  return (
    <>
      <input
        aria-label={`CORS origins of ${app.name}`} placeholder="none" aria-busy={busy || undefined}
        value={f.value} onChange={(e) => f.change(e.target.value)} onBlur={() => void save()} onKeyDown={f.onKeyDown}
        {...errorProps(errorId, f.error)}
      />
      <FieldError id={errorId} error={f.error} />
    </>
  );
}
