// The vet's desk: the live queue, the selected consultation, and the roster.
import { useEffect, useState } from 'react';
import { api } from '../api';
import { usePaged } from '../components/usePaged';
import { useStore } from '../store';
import { Empty, ago, useAction } from '../components/common';
import { ConsultationDetail, type ConsultationView } from './ConsultationDetail';

const OPEN = 'waiting,active,ringing,accepted';
const GROUPS: [string, string[]][] = [
  ['Ringing calls', ['ringing']],
  ['Waiting chats', ['waiting']],
  ['In progress', ['active', 'accepted']],
];

export function VetConsole() {
  const [selected, setSelected] = useState<string | null>(null);
  const open = usePaged<ConsultationView>('/consultations', 'consultation', { status: OPEN, per_page: 200 });
  const recent = usePaged<ConsultationView>('/consultations', 'consultation', { status: 'ended,completed,declined,notanswered', per_page: 20 });
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000); // waiting times count up
    return () => clearInterval(t);
  }, []);
  const items = open.data?.items ?? [];
  return (
    <div className="vet-layout">
      <section className="queue" aria-label="Queue">
        {GROUPS.map(([title, statuses]) => {
          const list = items.filter((c) => statuses.includes(c.status));
          return (
            <div key={title} className="queue-group">
              <h4>{title} <span className="muted">{list.length}</span></h4>
              {list.map((c) => <QueueItem key={c.sid} c={c} active={c.sid === selected} onClick={() => setSelected(c.sid)} />)}
              {!list.length && <p className="muted small">None</p>}
            </div>
          );
        })}
        <div className="queue-group">
          <h4>Recently finished</h4>
          {(recent.data?.items ?? []).map((c) => <QueueItem key={c.sid} c={c} active={c.sid === selected} onClick={() => setSelected(c.sid)} />)}
        </div>
      </section>
      <section className="vet-main">
        {selected ? (
          <ConsultationDetail sid={selected} />
        ) : (
          <Empty title={items.length ? 'Pick a consultation from the queue' : 'The queue is empty'}>
            <p>Chats and calls started through <b>A8 talk-to-vet</b> or <b>B10</b> appear here live. Pick one to accept it, end it, record a call outcome or write feedback.</p>
          </Empty>
        )}
      </section>
      <Roster />
    </div>
  );
}

function QueueItem({ c, active, onClick }: { c: ConsultationView; active: boolean; onClick: () => void }) {
  const since = Math.max(0, Math.round((Date.now() - Date.parse(c.created_at.replace(' ', 'T') + 'Z')) / 1000));
  return (
    <button className={`queue-item${active ? ' active' : ''}`} onClick={onClick} data-testid="queue-item" data-sid={c.sid}>
      <span className="qi-top">
        <b><span className="type-tag">{c.type === 'chat' ? 'CHAT' : 'VIDEO'}</span> {c.user?.first_name ?? '?'} {c.user?.last_name ?? ''}</b>
        <span className={`pill ${c.status}`}>{c.status}</span>
      </span>
      <span className="qi-sub muted">
        {c.pet?.name ?? 'no pet'}{c.pet?.species ? ` · ${c.pet.species}` : ''} · {c.vet?.username ?? c.vet_id} · {ago(Math.max(c.waiting_seconds, since))}
      </span>
    </button>
  );
}

function Roster() {
  const vets = useStore((s) => s.vets);
  const { run } = useAction();
  return (
    <aside className="roster" aria-label="Vet roster">
      <h4>Vets</h4>
      {vets.map((v) => (
        <label key={v.id} className="roster-item">
          <input
            type="checkbox"
            checked={v.online}
            onChange={(e) => void run(`${v.first_name} is ${e.target.checked ? 'online' : 'offline'}.`, () => api.patch(`/vets/${v.id}`, { online: e.target.checked }))}
            aria-label={`${v.first_name} ${v.last_name} online`}
          />
          <span>
            <b>{v.first_name} {v.last_name}</b>
            <span className="muted small"> {v.email}</span>
            <br />
            <span className={v.busy ? 'pill active' : v.online ? 'pill ended' : 'pill'}>{v.busy ? 'busy' : v.online ? 'free' : 'offline'}</span>
          </span>
        </label>
      ))}
      <p className="muted small">talk-to-vet picks the preferred vet (doctor_email) when online and free, else a random free vet; with nobody free it answers 503.</p>
    </aside>
  );
}
