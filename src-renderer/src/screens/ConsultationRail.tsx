// The side rail beside a consultation: who is asking (user and pet), the consultation's facts, what the partner
// would read (A11), the owner's page, the timeline, and the vets' roster. The thread keeps the full height.
import type { ReactNode } from 'react';
import { KeyValues, ago } from '../components/common';
import { instantOf } from './time-text';
import type { ConsultationView } from './ConsultationDetail';
import { PartnerFeedback } from './PartnerFeedback';
import { Timeline } from './Timeline';

export function ConsultationRail({ c, feedback, roster }: { c?: ConsultationView; feedback?: ReactNode; roster?: ReactNode }) {
  return (
    <section className="rail" aria-label={c ? 'Details of the consultation' : 'Vets'} data-testid="rail">
      {c && (
        <>
          {feedback}
          <h3 className="h4">Owner</h3>
          {c.user ? (
            <KeyValues rows={[['Name', `${c.user.first_name} ${c.user.last_name ?? ''}`], ['E-mail', c.user.email], ['Role', c.user.role], ['Status', c.user.status], ['Fund', String(c.user.emergency_fund)]]} />
          ) : <p className="muted small">Unknown user</p>}
          <h3 className="h4">Pet</h3>
          {c.pet ? (
            <>
              {c.pet.profile && <img className="pet-photo" src={c.pet.profile.replace(/^https?:\/\/[^/]+/, '')} alt={c.pet.name} />}
              <KeyValues rows={[['Name', c.pet.name], ['Species', c.pet.species], ['Breed', c.pet.breed], ['Age', c.pet.age], ['Weight', c.pet.weight ? `${c.pet.weight} lbs` : null], ['Sex', c.pet.sex]]} />
            </>
          ) : <p className="muted small">No pet</p>}
          <h3 className="h4">{c.type === 'chat' ? 'Chat' : 'Video call'}</h3>
          <KeyValues rows={[['App', c.app_name], ['Vet', c.vet ? `${c.vet.first_name} ${c.vet.last_name}` : c.vet_id], ['Started', `${ago(Math.max(c.waiting_seconds, Math.round((Date.now() - instantOf(c.created_at)) / 1000)))} ago`], ['Outcome', c.outcome]]} />
          <h3 className="h4">As the partner</h3>
          <div className="rail-actions">
            <PartnerFeedback c={c} />
            {c.owner_page_url ? (
              <a className="btn small" href={c.owner_page_url} target="_blank" rel="noopener" data-testid="owner-page-link">Open the owner's page</a>
            ) : c.owner_page_url === null ? <span className="muted small">No owner’s page for this consultation.</span> : null}
          </div>
          <Timeline entries={c.timeline} />
        </>
      )}
      {roster}
    </section>
  );
}
