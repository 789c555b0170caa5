// The vet's desk: the live queue, the selected consultation, and the roster.
import { useEffect, useRef, useState } from 'react';
import { control } from '../api';
import { consultationFeed, noteStatuses, seenStatus } from '../feeds';
import { OPEN_STATUSES } from '../../../src-shared/control';
import { useStore } from '../store';
import { Empty, useAction } from '../components/common';
import { ConsultationDetail } from './ConsultationDetail';
import { QueueGroup } from './QueueGroup';
import { ConsultationRail } from './ConsultationRail';
import { PartnerStart } from './PartnerStart';
import { useQueueKeys } from './useQueueKeys';
import { focusIn, focusSoon } from './vet-focus';

type Counts = { by_status: Record<string, number>; open: number };
const GROUPS: [string, string[]][] = [
  ['Ringing calls', ['ringing']],
  ['Waiting chats', ['waiting']],
  ['In progress', ['active', 'accepted']],
  ['Recently finished', ['ended', 'completed', 'declined', 'notanswered']],
];

/**
 * Exact totals per status from the server, read when the console opens (and after a reset); a consultation that
 * changes moves one count to another from the card the event carries (issue 36), and only a card whose last
 * status the UI never saw makes it ask again.
 */
function useCounts(): Counts | null {
  const reset = useStore((s) => s.versions.simulator ?? 0);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [stale, setStale] = useState(0);
  useEffect(() => {
    let live = true;
    const t = setTimeout(() => void control.countConsultations().then((c) => live && setCounts(c), () => undefined), 120);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [reset, stale]);
  useEffect(
    () =>
      consultationFeed.subscribe((cards) => {
        let unknown = false;
        setCounts((now) => {
          if (!now) return now;
          const by = { ...now.by_status };
          let open = now.open;
          for (const card of cards) {
            const before = seenStatus.get(card.sid);
            if (before === card.status) continue;
            if (before === undefined && card.status !== 'waiting' && card.status !== 'ringing') {
              unknown = true; // not a new one, and its old status was never on screen: ask
              continue;
            }
            if (before !== undefined) by[before] = Math.max(0, (by[before] ?? 0) - 1);
            by[card.status] = (by[card.status] ?? 0) + 1;
            open += (OPEN.has(card.status) ? 1 : 0) - (before !== undefined && OPEN.has(before) ? 1 : 0);
          }
          return { by_status: by, open };
        });
        noteStatuses(cards);
        if (unknown) setStale((n) => n + 1);
      }),
    [],
  );
  return counts;
}

const OPEN = new Set<string>(OPEN_STATUSES);

export function VetConsole() {
  // In the store, so that a link elsewhere (a request's response, an address #vet/CH…) can open one.
  const selected = useStore((s) => s.selectedConsultation);
  const setSelected = useStore((s) => s.selectConsultation);
  const counts = useCounts();
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000); // waiting times count up
    return () => clearInterval(t);
  }, []);
  const queue = useRef<HTMLElement>(null);
  const keys = useQueueKeys(queue, selected);
  /** Opening from the queue hands the keyboard to the consultation's next step (its primary action). */
  const open = (sid: string) => {
    focusSoon(sid, 'primary');
    if (sid === selected) {
      const view = document.querySelector<HTMLElement>('[data-testid=consultation-detail]');
      if (view) focusIn(view, 'primary');
    } else setSelected(sid);
  };
  return (
    <div className="vet-layout">
      <section className="queue" aria-label="Queue" ref={queue} onKeyDown={keys.onKeyDown} onFocus={keys.onFocus}>
        <PartnerStart onStarted={open} />
        {GROUPS.map(([title, statuses]) => (
          <QueueGroup
            key={title} title={title} statuses={statuses.join(',')} selected={selected} onSelect={open}
            total={counts ? statuses.reduce((n, st) => n + (counts.by_status[st] ?? 0), 0) : undefined}
          />
        ))}
      </section>
      {selected ? (
        // Keyed by sid: another consultation opens at its top, with nothing kept from the previous one.
        <ConsultationDetail key={selected} sid={selected} roster={<Roster />} />
      ) : (
        <div className="consultation">
          <section className="vet-main" aria-label="Consultation">
            <Empty title={counts?.open ? 'Pick a consultation from the queue' : 'The queue is empty'}>
              <p>Chats and calls started through <b>A8 talk-to-vet</b> or <b>B10</b> appear here live, or start one as the partner (top of the queue). Pick one to accept it, end it, record a call outcome or write feedback.</p>
            </Empty>
          </section>
          <ConsultationRail roster={<Roster />} />
        </div>
      )}
    </div>
  );
}

/** A vet's state in words and colour: free takes the next consultation, busy is in one, offline takes none. */
function vetState(v: { online: boolean; busy: boolean }): ['free' | 'busy' | 'offline', string] {
  if (v.busy) return ['busy', 'Busy'];
  return v.online ? ['free', 'Free'] : ['offline', 'Offline'];
}

function Roster() {
  const vets = useStore((s) => s.vets);
  const { run } = useAction();
  const free = vets.filter((v) => vetState(v)[0] === 'free').length;
  return (
    <div className="roster">
      <h3 className="h4" id="roster-title">Vets <span className="muted" data-testid="vets-free">{free} of {vets.length} free</span></h3>
      {vets.length > 0 && free === 0 && (
        <p className="roster-warning" role="status" data-testid="no-vet-free">
          No vet is free: the next talk-to-vet will answer 503. Put a vet online, or end a consultation.
        </p>
      )}
      {vets.map((v) => {
        const [state, label] = vetState(v);
        return (
          <label key={v.id} className="roster-item">
            <input
              type="checkbox"
              checked={v.online}
              onChange={(e) => void run(`${v.first_name} is ${e.target.checked ? 'online' : 'offline'}.`, () => control.updateVet({ params: { id: v.id }, body: { online: e.target.checked } }))}
              aria-label={`${v.first_name} ${v.last_name} online`}
            />
            <span>
              <b>{v.first_name} {v.last_name}</b>
              <span className="muted small"> {v.email}</span>
              <br />
              <span className={`pill vet-${state}`} data-testid="vet-state">{label}</span>
            </span>
          </label>
        );
      })}
      <p className="muted small">
        <span className="pill vet-free">Free</span> takes the next consultation, <span className="pill vet-busy">Busy</span> is in one,{' '}
        <span className="pill vet-offline">Offline</span> takes none. talk-to-vet picks the preferred vet (doctor_email) when free, else a random free vet; with nobody free it answers 503.
      </p>
    </div>
  );
}
