// The control API sends every time as ISO 8601 with its zone (`2026-11-28T04:45:15.406Z`, behaviour §12), which
// Date.parse reads as the instant it is. The request log shows it as date and time to the millisecond in UTC.

/** `2026-11-28T04:45:15.406Z` → `2026-11-28 04:45:15.406`; anything else (an older server's form) as it came. */
export const journalTimeText = (iso: string) => (/^\d{4}-\d{2}-\d{2}T[^Z]*Z$/.test(iso) ? iso.slice(0, -1).replace('T', ' ') : iso);

/** The instant a control API time names (epoch ms): ISO 8601 as sent; an older server's zone-less form read as UTC. */
export const instantOf = (time: string) => Date.parse(/(?:Z|[+-]\d{2}:\d{2})$/.test(time) ? time : `${time.replace(' ', 'T')}Z`);
