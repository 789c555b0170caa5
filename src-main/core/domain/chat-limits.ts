// How much one chat may take (behaviour §16, issue 35 finding 3), in one place. The owner's page is the one
// surface meant for other machines: a leaked or shared link must not be able to fill the disk or the heap.
// A probe with one link posted 600–850 messages of 1,600 characters a second: 153 MB of database in 40 s.

/**
 * Messages the vet and the owner may write in one consultation (system lifecycle marks, a handful per
 * consultation, are not counted against it, so a full chat can still be ended). 10,000 is far beyond any real
 * consultation (a long chat is a few hundred) and bounds a thread at ~16 MB of text.
 */
export const THREAD_CAP = 10_000;

/**
 * The owner page's message API: at most `messages` posts per `windowMs` of real time, counted per
 * consultation and, separately, per rtcToken. A person typing sends one every few seconds; 10 in 10 s lets
 * a burst of quick replies through and holds a script to 1 a second (a full thread then takes ~3 hours).
 * Real time, not the simulator clock: the limit protects the process, and a frozen clock must not stop it.
 */
export const OWNER_MESSAGE_RATE = { messages: 10, windowMs: 10_000 } as const;

/**
 * The owner page's reads (the thread and the consultation, up to 500 messages an answer), per consultation and per
 * rtcToken: the page polls twice a second (120 a minute), so 600 lets five tabs of one link poll, and holds a leaked
 * link's script to 10 reads a second instead of as many as the CPU allows (review of issue 35).
 */
export const OWNER_READ_RATE = { messages: 600, windowMs: 60_000 } as const;

/**
 * The owner page's request body, in bytes: a 1,600-character message in the widest JSON form (every
 * character outside the BMP as a `\uXXXX\uXXXX` pair: 12 bytes), with room for the property name and spaces.
 * The character limit itself is counted after decoding (messages.ts).
 */
export const OWNER_BODY_BYTES = 1600 * 12 + 4 * 1024;
