// Control routes of the vet console (behaviour §12, §16): the queue, one consultation with its timeline, the
// vet's actions on it and its thread. Each action answers the consultation's card as it now stands, timeline
// included, so the screen that sent it needs nothing else.
import { z } from 'zod';
import { feedbackWriteBody, messagePostBody, outcomeBody } from '../schemas/control.js';
import * as A from './answers.js';
import { defineControlRoute as route } from './define.js';
import { limitParam, listing, textId, textParam, wholeParam } from './query.js';

const sid = z.object({ sid: textId });
const type = textParam({ type: 'string', enum: ['chat', 'video'] });
const notFound = { status: 404, code: 'not_found', sentence: 'Consultation Not Found' } as const;
const invalid = { status: 422, code: 'invalid', sentence: '<field>: <what is wrong there>; … (one per field, also in details)' } as const;
const closed = { status: 409, code: 'consultation_closed', sentence: 'Why the thread takes no new messages (an ended chat, a video call)' } as const;

export const vetRoutes = {
  listConsultations: route({
    id: 'listConsultations', method: 'GET', path: '/consultations', tag: 'Vet console', readOnly: true,
    query: z.object({ ...listing, status: textParam({ type: 'string', description: 'One status or several, comma-separated' }), type }),
    answer: A.pageOf(A.consultation), summary: 'The vet queue and history: consultations with their cards, newest first, filterable and paged',
  }),
  countConsultations: route({
    id: 'countConsultations', method: 'GET', path: '/consultations/counts', tag: 'Vet console', readOnly: true, query: z.object({ app_id: wholeParam(), type }),
    answer: z.object({ by_status: z.record(z.string(), z.int()), open: z.int() }),
    summary: 'Consultations per status (every status, zeros included) and how many are open',
  }),
  getConsultation: route({
    id: 'getConsultation', method: 'GET', path: '/consultations/{sid}', tag: 'Vet console', readOnly: true, params: sid, answer: A.consultation, refusals: [notFound],
    summary: 'One consultation with its user, pet, vet, feedback, timeline (partner requests, vet actions, autopilot steps, messages) and the owner page link',
  }),
  acceptConsultation: route({
    id: 'acceptConsultation', method: 'POST', path: '/consultations/{sid}/accept', tag: 'Vet console', params: sid, answer: A.consultation,
    refusals: [notFound, { status: 409, code: 'conflict', sentence: 'Chat is <status>, not waiting. (or: Only chats are accepted; record an outcome for a video call.)' }],
    summary: 'Act as the vet: accept a waiting chat (→ active); answers the card with its timeline',
  }),
  endConsultation: route({
    id: 'endConsultation', method: 'POST', path: '/consultations/{sid}/end', tag: 'Vet console', params: sid, answer: A.consultation,
    refusals: [notFound, { status: 409, code: 'conflict', sentence: 'Chat already ended (or: Only an accepted call can be ended; this call is <status>.)' }],
    summary: 'Act as the vet: end a chat, or an accepted video call (→ completed); answers the card with its timeline',
  }),
  recordOutcome: route({
    id: 'recordOutcome', method: 'POST', path: '/consultations/{sid}/outcome', tag: 'Vet console', params: sid, body: outcomeBody, answer: A.consultation,
    refusals: [notFound, { status: 409, code: 'conflict', sentence: 'Video call outcome already recorded (<outcome>). (or: Call outcomes apply to video calls only.)' }, invalid],
    summary: 'Act as the vet on a ringing video call: accepted, declined or notanswered; answers the card with its timeline',
  }),
  listMessages: route({
    id: 'listMessages', method: 'GET', path: '/consultations/{sid}/messages', tag: 'Vet console', readOnly: true, params: sid,
    query: z.object({ after: wholeParam({ type: 'integer', minimum: 0, description: 'Only messages after this index' }), limit: limitParam(200, 1, 500) }),
    answer: A.messagePage, refusals: [notFound], summary: "A consultation's thread, oldest first (after=<index> for what is new since)",
  }),
  postMessage: route({
    id: 'postMessage', method: 'POST', path: '/consultations/{sid}/messages', tag: 'Vet console', params: sid, body: messagePostBody, answer: A.threadMessage, status: 201,
    refusals: [notFound, closed, { status: 409, code: 'thread_full', sentence: 'This chat has reached its limit of 10,000 messages.' }, invalid],
    summary: 'Write in an open chat as the vet or as the pet owner (1–1,600 characters); answers the message as stored',
  }),
  writeFeedback: route({
    id: 'writeFeedback', method: 'PUT', path: '/consultations/{sid}/feedback', tag: 'Vet console', params: sid, body: feedbackWriteBody, answer: A.consultation,
    refusals: [notFound, { status: 409, code: 'conflict', sentence: 'Why the consultation takes no feedback yet' }, invalid],
    summary: 'Act as the vet: write (or replace) the feedback of an ended consultation (recommendation and reason); answers the card',
  }),
};
