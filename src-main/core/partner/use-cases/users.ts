// Users: registration (A7, B9), status reports (A12, B11), deletion (A13), and a user as both families
// show it. The signer is loaded before the unit of work; tokens are signed after it committed.
import type { DeviceRow, PetRow, StatusRow, UserRow } from '../../db/repositories/types';
import type { Tx } from '../../domain/context';
import * as A from '../../../../src-shared/schemas/application';
import * as B from '../../../../src-shared/schemas/client';
import { useCase, type Uses } from '../endpoint';

/** A user with what both families print beside it: its default pet and its status records. */
export interface UserProfile {
  user: UserRow;
  defaultPet?: PetRow;
  statuses: StatusRow[];
}

/** `pet`: a live pet of this user the use case read in this unit of work; when it is the default, it is not read again. */
export const profileOf = (c: Uses<'pets'>, tx: Tx, user: UserRow, pet?: PetRow): UserProfile => ({
  user, defaultPet: pet && pet.id === user.default_pet_id ? pet : c.services.pets.defaultPet(tx, user), statuses: tx.users.statuses(user.id),
});

/** The client family prints the user's devices too. */
export const clientProfileOf = (c: Uses<'pets'>, tx: Tx, user: UserRow): UserProfile & { devices: DeviceRow[] } => ({
  ...profileOf(c, tx, user), devices: tx.users.devices(user.id),
});

/** A7. */
export const registerUser = useCase(A.registerUserBody, async (c: Uses<'tokens' | 'users' | 'identities' | 'pets'>, input) => {
  await c.services.tokens.ready(); // before the unit of work: a signer that cannot load writes nothing
  const profile = c.ctx.uow.run((tx) => profileOf(c, tx, c.services.users.register(tx, c.app, input)));
  return { ...profile, rtcToken: c.services.identities.rtcToken(c.app, profile.user) };
});

/** B9: the user, its pet and its first payment. */
export const registerClient = useCase(B.clientRegisterBody, async (c: Uses<'tokens' | 'clientUsers' | 'identities' | 'pets'>, input) => {
  await c.services.tokens.ready();
  const profile = c.ctx.uow.run((tx) => clientProfileOf(c, tx, c.services.clientUsers.register(tx, c.app, input)));
  return { ...profile, ...c.services.identities.sessionTokens(c.app, profile.user) };
});

/** A12. */
export const reportUserStatus = useCase(A.userActionBody, (c: Uses<'users'>, input) => c.ctx.uow.run((tx) => c.services.users.applyAction(tx, c.app, input)));

/** B11. */
export const reportClientStatus = useCase(B.clientActionBody, (c: Uses<'users'>, input) => c.ctx.uow.run((tx) => c.services.users.applyAction(tx, c.app, input)));

/** A13: the deleted user and its latest status record. */
export const deleteUser = useCase(A.deleteUserBody, (c: Uses<'users' | 'pets'>, input) =>
  c.ctx.uow.run((tx) => {
    const user = c.services.users.delete(tx, c.app, input.email, input.app_id);
    return { ...profileOf(c, tx, user), latestStatus: tx.users.latestStatus(user.id) ?? null };
  }),
);
