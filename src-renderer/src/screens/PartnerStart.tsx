// "Act as the partner" (issue 37): start a chat or a video call for a chosen user and pet with a real A8
// talk-to-vet call — the same request a partner's back end sends, with the app's own credentials, journaled like
// any other (and marked as the tester's). A demo then needs no terminal.
import { useEffect, useId, useState } from 'react';
import type { AnswerOf } from '../../../src-shared/control-api/define';
import type { ControlRoutes } from '../../../src-shared/control-api/routes';
import { control } from '../api';
import { useStore } from '../store';
import { partnerCall } from './partner-call';

/** A user and a pet as the control API lists them (their schemas). */
type UserItem = AnswerOf<ControlRoutes['listUsers']>['items'][number];
type PetItem = AnswerOf<ControlRoutes['getUser']>['pets'][number];

export function PartnerStart({ onStarted }: { onStarted: (sid: string) => void }) {
  const apps = useStore((s) => s.apps);
  const userVersion = useStore((s) => (s.versions.user ?? 0) + (s.versions.pet ?? 0));
  const [open, setOpen] = useState(false);
  const [appId, setAppId] = useState<number | null>(null);
  const [users, setUsers] = useState<UserItem[]>([]);
  const [userId, setUserId] = useState<number | null>(null);
  const [pets, setPets] = useState<PetItem[]>([]);
  const [petId, setPetId] = useState<number | null>(null);
  const [type, setType] = useState<'chat' | 'video'>('chat');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();
  const app = apps.find((a) => a.id === appId) ?? apps[0];

  useEffect(() => {
    if (!open || !app) return;
    control.listUsers({ query: { app_id: app.id, per_page: 100 } }).then((res) => {
      setUsers(res.items);
      setUserId((u) => (res.items.some((x) => x.id === u) ? u : res.items[0]?.id ?? null));
    }, () => setUsers([]));
  }, [open, app?.id, userVersion]);
  useEffect(() => {
    if (!open || userId === null) return setPets([]);
    control.getUser({ params: { id: String(userId) } }).then((res) => {
      setPets(res.pets);
      setPetId((p) => (res.pets.some((x) => x.id === p) ? p : (res.pets.find((x) => x.is_default) ?? res.pets[0])?.id ?? null));
    }, () => setPets([]));
  }, [open, userId, userVersion]);

  const user = users.find((u) => u.id === userId);
  const why = !app ? 'No app.' : !user ? 'This app has no user yet: register one (A2 or B9) first.' : petId === null ? `${user.first_name} has no pet yet: add one (A4) first.` : undefined;
  const start = async () => {
    if (!app || !user || petId === null) return;
    setBusy(true);
    const answer = await partnerCall<{ channel?: string }>(app, 'talk-to-vet', { email: user.email, conversation_request: type, pet_id: petId });
    setBusy(false);
    const sid = answer.body?.data?.channel;
    if (answer.status === 200 && sid) {
      setResult({ ok: true, text: `${type === 'chat' ? 'Chat' : 'Video call'} started: ${sid}.` });
      onStarted(sid);
    } else {
      setResult({ ok: false, text: `talk-to-vet answered ${answer.status || 'nothing'}: ${answer.text}` });
    }
  };

  return (
    <details className="partner-start" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)} data-testid="partner-start">
      <summary>Start a chat or a call as the partner</summary>
      <form className="partner-form" onSubmit={(e) => (e.preventDefault(), void start())}>
        {apps.length > 1 && (
          <label>
            App
            <select value={app?.id ?? ''} onChange={(e) => setAppId(Number(e.target.value))}>
              {apps.map((a) => <option key={a.id} value={a.id}>{a.display_name} ({a.name})</option>)}
            </select>
          </label>
        )}
        <label>
          User
          <select value={userId ?? ''} onChange={(e) => setUserId(Number(e.target.value))} disabled={!users.length}>
            {!users.length && <option value="">No users</option>}
            {users.map((u) => <option key={u.id} value={u.id}>{u.first_name} {u.last_name ?? ''} — {u.email}</option>)}
          </select>
        </label>
        <label>
          Pet
          <select value={petId ?? ''} onChange={(e) => setPetId(Number(e.target.value))} disabled={!pets.length}>
            {!pets.length && <option value="">No pets</option>}
            {pets.map((p) => <option key={p.id} value={p.id}>{p.name}{p.species ? ` (${p.species})` : ''}</option>)}
          </select>
        </label>
        <fieldset className="segmented-field">
          <legend className="sr-only">Kind</legend>
          {(['chat', 'video'] as const).map((t) => (
            <label key={t} className="inline">
              <input type="radio" name={`${id}-type`} value={t} checked={type === t} onChange={() => setType(t)} /> {t === 'chat' ? 'Chat' : 'Video call'}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn primary small" disabled={busy || !!why} title={app ? `POST /api/v2/${app.name}/talk-to-vet with ${app.display_name}'s credentials` : undefined}>
          {busy ? 'Starting…' : 'Start (A8 talk-to-vet)'}
        </button>
        {why && users.length + pets.length > 0 && <p className="muted small">{why}</p>}
        {!users.length && <p className="muted small">{why}</p>}
        {result && <p className={result.ok ? 'ok-text small' : 'error-text small'} role={result.ok ? 'status' : 'alert'} data-testid="partner-start-result">{result.text}</p>}
      </form>
    </details>
  );
}
