// The why of a refused partner call (issue 37): the simulator's own explanation, never sent to the client, as
// GET /requests/:id gives it in `why`. Read defensively: a sentence, or { summary, details: [{label, text}] }
// (a detail given as a bare sentence is shown as one); anything else is not shown.
import type { JournalEntry } from '../store/shared';

interface WhyDetail { label?: string; text: string }
interface Why { summary: string; details: WhyDetail[] }

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

export function whyOf(entry: JournalEntry): Why | null {
  const raw: unknown = (entry as unknown as { why?: unknown }).why;
  if (typeof raw === 'string' && raw.trim()) return { summary: raw, details: [] };
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as { summary?: unknown; details?: unknown };
  const details: WhyDetail[] = Array.isArray(o.details)
    ? o.details.flatMap((d): WhyDetail[] => {
        if (str(d)) return [{ text: d as string }];
        const x = d as { label?: unknown; text?: unknown } | null;
        const text = str(x?.text);
        return text ? [{ label: str(x?.label), text }] : [];
      })
    : [];
  const summary = str(o.summary) ?? details[0]?.text;
  return summary ? { summary, details: str(o.summary) ? details : details.slice(1) } : null;
}

export function WhyNote({ entry }: { entry: JournalEntry }) {
  const why = whyOf(entry);
  if (!why) return null;
  return (
    <section className="why-note" aria-labelledby="why-title" data-testid="request-why">
      <h2 id="why-title" className="h4">Why <span className="muted small">(the simulator's note: not sent to the client)</span></h2>
      <p className="why-summary">{why.summary}</p>
      {why.details.length > 0 && (
        <dl className="why-details">
          {why.details.map((d, i) => (
            <div key={i}>
              {d.label && <dt>{d.label}</dt>}
              <dd>{d.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
