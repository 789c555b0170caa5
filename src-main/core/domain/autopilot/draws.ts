// The autopilot's chance: every consultation draws from its own generator, seeded by hash(seed, sid). Sids
// follow from the consultation's number (consultations.ts sidFor), so the same seed and the same partner calls
// give the same outcomes whatever else ran before, in whatever order a test suite runs.
import { createHash } from 'node:crypto';
import type { CallOutcome } from '../../../../src-shared/control';

/** A generator of numbers in [0, 1) (mulberry32: small, fast, and good enough for weighted choices). */
export function drawsFor(seed: number, sid: string): () => number {
  let state = createHash('sha256').update(`vet-consult-simulator:autopilot:${seed}:${sid}`).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Always in this order, however a document lists them: the same draw gives the same outcome. */
const OUTCOME_ORDER: CallOutcome[] = ['accepted', 'declined', 'notanswered'];

/** The outcome a draw in [0, 1) lands on, each outcome taking its weight's share of the range. */
export function weightedOutcome(weights: Partial<Record<CallOutcome, number>>, draw: number): CallOutcome {
  const total = OUTCOME_ORDER.reduce((sum, o) => sum + (weights[o] ?? 0), 0);
  let edge = 0;
  for (const o of OUTCOME_ORDER) {
    edge += (weights[o] ?? 0) / total;
    if ((weights[o] ?? 0) > 0 && draw < edge) return o;
  }
  // Rounding can leave the last edge a hair under 1: the draw belongs to the last outcome with weight.
  return [...OUTCOME_ORDER].reverse().find((o) => (weights[o] ?? 0) > 0)!;
}
