// The rules document of issue 26's example (a chat script and weighted video outcomes), shared by the autopilot tests.
import type { AutopilotDocument } from '../../src-shared/control';

export const CHAT_AND_VIDEO: AutopilotDocument = {
  seed: 42,
  rules: [
    {
      match: { type: 'chat' },
      steps: [
        { after: '20s', do: 'accept' },
        { after: '5s', say: "Hi, I'm {vet.first_name}. How is {pet.name} today?" },
        { after: '5m', do: 'end' },
        { feedback: { recommendation: 'urgent', reason: 'Limping since Monday' } },
      ],
    },
    { match: { type: 'video' }, steps: [{ after: '30s', outcome: { accepted: 70, declined: 20, notanswered: 10 } }] },
  ],
};
