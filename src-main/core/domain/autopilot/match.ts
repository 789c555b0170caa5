// Which rule drives a new consultation: the first whose match fits it (every key given must fit).
import type { AutopilotMatch, AutopilotRule } from '../../../../src-shared/control';
import { wildcardMatches } from '../../../../src-shared/glob';

/** What a rule can match on, as the consultation was opened. */
export interface ConsultationFacts { type: 'chat' | 'video'; app: string; vet: string; species: string | null; email: string }

/**
 * `*` any run of characters, `?` one; the rest literal; letter case ignored. Never a RegExp built from the rule:
 * the shared two-pointer matcher cannot backtrack (a stored rule once hung every A8 that reached it).
 */
export const globMatches = (glob: string, text: string): boolean => wildcardMatches(glob, text, { ignoreCase: true, anyOne: true });

function fits(m: AutopilotMatch | undefined, f: ConsultationFacts): boolean {
  if (!m) return true;
  return (
    (m.type === undefined || m.type === f.type) &&
    (m.app === undefined || m.app === f.app) &&
    (m.vet === undefined || m.vet === f.vet) &&
    (m.species === undefined || m.species === (f.species ?? '').toLowerCase()) &&
    (m.email === undefined || globMatches(m.email, f.email))
  );
}

/** The index of the first rule that fits, or -1. */
export const firstFittingRule = (rules: AutopilotRule[], facts: ConsultationFacts): number => rules.findIndex((r) => fits(r.match, facts));
