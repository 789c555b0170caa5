// A record as a labelled card: a title, its fields in words (never column names), and its links to the
// records it belongs with. Cards stack in the state browser's detail.
import type { ReactNode } from 'react';
import { KeyValues } from '../../components/common';

export function RecordCard({ title, kind, rows, links, children, testId }: {
  title: ReactNode; kind: string; rows?: [string, ReactNode][]; links?: ReactNode; children?: ReactNode; testId?: string;
}) {
  return (
    <section className="record-card" aria-label={`${kind}: ${typeof title === 'string' ? title : ''}`.replace(/: $/, '')} data-testid={testId ?? `card-${kind.toLowerCase()}`}>
      <h2 className="record-card-title"><span className="record-kind">{kind}</span> {title}</h2>
      {rows && <KeyValues rows={rows} />}
      {children}
      {links && <div className="record-links">{links}</div>}
    </section>
  );
}

/** A link to another record, a button (it opens in this window's detail, not at an address). */
export function RecordLink({ onClick, children, title }: { onClick: () => void; children: ReactNode; title?: string }) {
  return <button type="button" className="link-button" onClick={onClick} title={title}>{children}</button>;
}
