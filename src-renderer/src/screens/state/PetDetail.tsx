// A pet as a labelled card, with its owner and the consultations about it (read from the owner's record:
// the control API lists a user's consultations with their pet), and the requests that name it.
import { useEffect, useState } from 'react';
import type { AnswerOf } from '../../../../src-shared/control-api/define';
import type { ControlRoutes } from '../../../../src-shared/control-api/routes';
import { control } from '../../api';
import { useStore } from '../../store';
import { RecordCard, RecordLink } from './RecordCard';
import { showRequestsFor, text, when, type OpenRecord, type Row } from './record-links';

/** The owner's record as GET /users/{id} answers it (its schema, UserDetail). */
type Owner = AnswerOf<ControlRoutes['getUser']>;

export function PetDetail({ pet, open }: { pet: Row; open: OpenRecord }) {
  const [owner, setOwner] = useState<Owner | null>(null);
  const v = useStore((s) => (s.versions.pet ?? 0) + (s.versions.consultation ?? 0));
  const userId = Number(pet.user_id);
  useEffect(() => {
    if (!userId) return;
    control.getUser({ params: { id: String(userId) } }).then((o) => setOwner(o as Owner), () => setOwner(null));
  }, [userId, v]);
  const own = owner?.consultations.filter((c) => c.pet_id === pet.id) ?? [];
  const name = text(pet.name);
  return (
    <div className="record-cards" data-testid="pet-detail">
      <RecordCard kind="Pet" title={name}
        rows={[['Species', text(pet.species)], ['Breed', text(pet.breed)], ['Age', text(pet.age)], ['Sex', text(pet.sex)], ['Colour', text(pet.color)],
          ['Weight', pet.weight ? `${text(pet.weight)} lbs` : ''], ['Deceased', pet.is_dead === '1' || pet.is_dead === 1 ? 'yes' : ''], ['Added', when(pet.created_at)]]}
        links={<RecordLink onClick={() => showRequestsFor(name)} title="The request log, filtered by this pet's name">Requests naming {name}</RecordLink>}
      />
      <RecordCard kind="Owner" title={owner ? `${owner.user.first_name} ${owner.user.last_name ?? ''}`.trim() : text(pet.owner_email)} testId="card-pet-owner">
        {owner ? (
          <ul className="record-list">
            <li><RecordLink onClick={() => open('users', owner.user)} title="Open the owner's card">{owner.user.email}</RecordLink></li>
          </ul>
        ) : <p className="muted">{userId ? 'Loading…' : 'No owner.'}</p>}
      </RecordCard>
      <RecordCard kind="Consultations" title={`(${own.length})`} testId="card-pet-consultations">
        {own.length ? (
          <ul className="record-list">
            {own.map((c) => (
              <li key={c.sid}>
                <RecordLink onClick={() => open('consultations', c)} title="Open this consultation's card"><code>{c.sid.slice(0, 12)}…</code></RecordLink>
                <span>{c.type} — <span className={`pill ${c.status}`}>{c.status}</span></span><span className="muted">{when(c.created_at)}</span>
              </li>
            ))}
          </ul>
        ) : <p className="muted">{owner ? 'None yet.' : '…'}</p>}
      </RecordCard>
    </div>
  );
}
