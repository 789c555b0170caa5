// Control routes of tenants and the roster (apps, vets, packages) and of the state browser (users, pets,
// payments, feedback): what the partner API's data looks like from the simulator's side.
import { z } from 'zod';
import { appCreateBody, appPatchBody, packageBody, vetPatchBody } from '../schemas/control.js';
import * as A from './answers.js';
import { defineControlRoute as route } from './define.js';
import { listing, rowId, textId, textParam } from './query.js';

const invalid = { status: 422, code: 'invalid', sentence: '<field>: <what is wrong there>; … (one per field, also in details)' } as const;
const family = textParam({ type: 'string', enum: ['application', 'client'] });

export const rosterRoutes = {
  listApps: route({ id: 'listApps', method: 'GET', path: '/apps', tag: 'Tenants and roster', readOnly: true, answer: A.itemsOf(A.appRecord),
    summary: 'The partner apps (tenants) with their credentials: Basic username and token, client-family api_key, rate limit' }),
  createApp: route({
    id: 'createApp', method: 'POST', path: '/apps', tag: 'Tenants and roster', body: appCreateBody, answer: A.appRecord, status: 201,
    refusals: [{ status: 409, code: 'conflict', sentence: 'An app named <name> already exists.' }, invalid],
    summary: 'Create an app (a tenant of its own) with fresh random credentials',
  }),
  updateApp: route({
    id: 'updateApp', method: 'PATCH', path: '/apps/{id}', tag: 'Tenants and roster', params: z.object({ id: rowId }), body: appPatchBody, answer: A.appRecord,
    refusals: [{ status: 404, code: 'not_found', sentence: 'App Not Found' }, invalid],
    summary: "Edit an app: display name, Basic username, rate limit, the browser origins CORS allows",
  }),
  newAppToken: route({
    id: 'newAppToken', method: 'POST', path: '/apps/{id}/token', tag: 'Tenants and roster', params: z.object({ id: rowId }), answer: A.appRecord,
    refusals: [{ status: 404, code: 'not_found', sentence: 'App Not Found' }], summary: "Generate a new API token for an app (the old one stops working)",
  }),
  listVets: route({ id: 'listVets', method: 'GET', path: '/vets', tag: 'Tenants and roster', readOnly: true, answer: A.itemsOf(A.vetRecord),
    summary: 'The vet roster: who is online and who is busy with a consultation' }),
  updateVet: route({
    id: 'updateVet', method: 'PATCH', path: '/vets/{id}', tag: 'Tenants and roster', params: z.object({ id: textId }), body: vetPatchBody, answer: A.vetRecord,
    refusals: [{ status: 404, code: 'not_found', sentence: 'Vet Not Found' }, invalid], summary: 'Set a vet online or offline',
  }),
  listPackages: route({ id: 'listPackages', method: 'GET', path: '/packages', tag: 'Tenants and roster', readOnly: true, answer: A.itemsOf(A.packageRow),
    summary: 'The package catalogue that client-family registrations buy from' }),
  putPackage: route({
    id: 'putPackage', method: 'PUT', path: '/packages/{id}', tag: 'Tenants and roster', params: z.object({ id: textId }), body: packageBody, answer: A.packageRow,
    refusals: [invalid], summary: 'Create or replace a package of the catalogue',
  }),

  listUsers: route({ id: 'listUsers', method: 'GET', path: '/users', tag: 'State', readOnly: true, query: z.object({ ...listing, family }), answer: A.pageOf(A.userListItem),
    summary: 'Users of both families, filterable (app, search, family) and paged' }),
  getUser: route({
    id: 'getUser', method: 'GET', path: '/users/{id}', tag: 'State', readOnly: true, params: z.object({ id: rowId }), answer: A.userDetail,
    refusals: [{ status: 404, code: 'not_found', sentence: 'User Not Found' }], summary: 'One user with statuses, emergency stats, pets, devices and consultations',
  }),
  listPets: route({ id: 'listPets', method: 'GET', path: '/pets', tag: 'State', readOnly: true, query: z.object(listing), answer: A.pageOf(A.petRow),
    summary: 'Pets, filterable (app, search) and paged' }),
  listPayments: route({ id: 'listPayments', method: 'GET', path: '/payments', tag: 'State', readOnly: true, query: z.object({ ...listing, status: textParam() }),
    answer: A.pageOf(A.paymentRow), summary: 'Payments of one app (default the first), paged' }),
  listFeedback: route({ id: 'listFeedback', method: 'GET', path: '/feedback', tag: 'State', readOnly: true, query: z.object(listing), answer: A.pageOf(A.feedbackRow),
    summary: 'Feedback written by the vets, paged' }),
};
