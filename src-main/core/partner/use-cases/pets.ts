// Pets, the same work for both families (A2–A5 are B1–B4 of the client family; B8 is the client's own).
// Each runs, its lookups included, in one unit of work; the families differ only in their views.
import * as A from '../../../../src-shared/schemas/application';
import * as B from '../../../../src-shared/schemas/client';
import { useCase, type Uses } from '../endpoint';

/** A2, B1. */
export const addPet = useCase(A.petAddBody, (c: Uses<'users' | 'pets'>, input) =>
  c.ctx.uow.run((tx) => {
    const user = c.services.users.findLive(tx, c.app, input.email);
    const { pet, defaultPetId } = c.services.pets.add(tx, c.app, user, input);
    return { email: user.email, pet, defaultPetId };
  }),
);

/** A3, B2: JSON, or form-data with a profile image. */
export const updatePet = useCase(A.petUpdateBody, (c: Uses<'users' | 'pets'>, input) =>
  c.ctx.uow.run((tx) => {
    const user = c.services.users.findLive(tx, c.app, input.email);
    const pet = c.services.pets.update(tx, c.app, user, input.pet_id, input.pet ?? {}, c.file, c.baseUrl);
    return { email: user.email, pet, defaultPetId: user.default_pet_id };
  }),
);

/** A4, B3. */
export const removePet = useCase(A.petRemoveBody, (c: Uses<'users' | 'pets'>, input) =>
  c.ctx.uow.run((tx) => c.services.pets.remove(tx, c.services.users.findLive(tx, c.app, input.email), input.pet_id)),
);

/** A5, B4. */
export const listPets = useCase(A.petListQuery, (c: Uses<'users' | 'pets'>, input) =>
  c.ctx.uow.run((tx) => {
    const user = c.services.users.findLive(tx, c.app, input.email);
    return { pets: c.services.pets.list(tx, user, input), defaultPetId: user.default_pet_id };
  }),
);

/** B8. */
export const switchDefaultPet = useCase(B.petSwitchQuery, (c: Uses<'users' | 'pets'>, input) =>
  c.ctx.uow.run((tx) => c.services.pets.switchDefault(tx, c.services.users.findLive(tx, c.app, input.email), input.pet_id)),
);
