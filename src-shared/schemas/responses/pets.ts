// A pet as each family serializes it (spec: Pet), and B8's Laravel sync result.
import { z } from 'zod';
import { unmodelledRelation, component, emptyRelation, id, nullableText, timestamp } from './common.js';

const petBase = {
  id,
  user_id: id,
  pet_id: id,
  name: z.string(),
  species: nullableText,
  age: z.string().describe('`<n> years` or `<n> years <m> months`'),
  breed: nullableText,
  color: nullableText,
  weight: nullableText.describe('`<n> lbs`'),
  sex: z.string(),
  sex_type: nullableText,
  dob: nullableText,
  profile: nullableText.describe('Absolute URL of the uploaded image'),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
  veterians: unmodelledRelation,
  medicals: unmodelledRelation,
  insurnaces: unmodelledRelation,
  pet_veterians: emptyRelation,
  pet_medicals: emptyRelation,
  pet_insurnaces: emptyRelation,
  pivot: component(
    'DefaultPetPivot',
    z.strictObject({ vet_care_user_id: id, pet_id: id }),
    'Present only on the user\'s default pet.',
  ).optional(),
};

export const applicationPet = component(
  'ApplicationPet',
  z.strictObject({ ...petBase, app_id: id }),
  'A pet as the application family (A2–A8, A13) serializes it.',
);

export const clientPet = component(
  'ClientPet',
  z.strictObject({ ...petBase, is_dead: z.string(), model_id: id, model_type: z.string() }),
  'A pet as the client family (B1–B5, B9, B10) serializes it.',
);

export const petSwitch = component(
  'PetSwitch',
  z.strictObject({ attached: z.array(id), detached: z.array(id), updated: z.array(id) }),
  'Laravel sync semantics: attached = [new default pet id], detached = [old default pet id], updated = [].',
);
