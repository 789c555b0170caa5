// Rules as people write them (issue 26): durations, a rules file (YAML or JSON) read into one line when it cannot
// be used — naming the file, the line and the path — and the `autopilot` option of createSimulator, whose rules are
// stored like any others: they survive a restart, and so do the steps they scheduled.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAutopilotFile } from '../../src-main/core/domain/autopilot/load-file';
import { InvalidAutopilot } from '../../src-main/core/domain/autopilot/rules';
import { createSimulator } from '../../src-main/core/simulator';
import { durationMs } from '../../src-shared/schemas/autopilot';
import { CHAT_AND_VIDEO } from '../control/autopilot-rules';

const folder = () => mkdtempSync(join(tmpdir(), 'vet-autopilot-'));
const file = (name: string, text: string) => {
  const path = join(folder(), name);
  writeFileSync(path, text);
  return path;
};

const GOOD_YAML = `seed: 42
rules:                      # the first rule whose match fits a new consultation drives it
  - match: { type: chat }
    steps:
      - { after: 20s, do: accept }
      - { after: 5s, say: "Hi, I'm {vet.first_name}. How is {pet.name} today?" }
      - { after: 5m, do: end }
      - { feedback: { recommendation: urgent, reason: "Limping since Monday" } }
  - match: { type: video }
    steps:
      - { after: 30s, outcome: { accepted: 70, declined: 20, notanswered: 10 } }
`;

describe('durations', () => {
  it('are <n>ms|s|m|h|d', () => {
    expect(['250ms', '20s', '5m', '1.5h', '14d', '0s'].map(durationMs)).toEqual([250, 20_000, 300_000, 5_400_000, 14 * 86_400_000, 0]);
    expect(['5 minutes', '20', '5m10s', '-1s', ''].map(durationMs)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('loadAutopilotFile', () => {
  it('reads a YAML file, and a JSON one, into the document', () => {
    expect(loadAutopilotFile(file('rules.yaml', GOOD_YAML))).toEqual({ ok: true, document: CHAT_AND_VIDEO });
    expect(loadAutopilotFile(file('rules.json', JSON.stringify(CHAT_AND_VIDEO)))).toEqual({ ok: true, document: CHAT_AND_VIDEO });
  });

  it('says in one line which file, line and path is wrong', () => {
    const bad = file('rules.yaml', GOOD_YAML.replace('{ after: 5s, say:', '{ after: 5 minutes, say:').replace('declined: 20', 'declined: lots'));
    const loaded = loadAutopilotFile(bad);
    expect(loaded).toEqual({ ok: false, error: `Autopilot rules ${bad}:6: rules[0].steps[1].after: "5 minutes" is not a duration (use 5m) (and 1 more problem)` });
    const syntax = file('broken.yaml', 'rules:\n  - match: { type: chat\n    steps: []\n');
    const broken = loadAutopilotFile(syntax);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatch(new RegExp(`^Autopilot rules ${syntax.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+: [^\\n]+$`));
    const missing = join(folder(), 'nowhere.yaml');
    expect(loadAutopilotFile(missing)).toEqual({ ok: false, error: `Autopilot rules ${missing}: cannot be read (no such file).` });
    expect(loadAutopilotFile(file('empty.yaml', ''))).toEqual({ ok: false, error: expect.stringMatching(/empty\.yaml: the document is an object with seed, rules$/) });
  });
});

describe('createSimulator({ autopilot })', () => {
  it('puts the rules in force and stores them: a restart on the same data folder keeps them and the steps they scheduled', async () => {
    const dataDir = folder();
    const first = await createSimulator({ dataDir, autopilot: CHAT_AND_VIDEO, random: () => 0 });
    expect(first.services.autopilot.get()).toEqual(CHAT_AND_VIDEO);
    await first.services.clock.change({ frozen: true });
    const app = first.services.apps.byId(1)!;
    const user = first.services.users.registerApplicationUser(app, { email: 'ann@example.com', first_name: 'Ann', role: 'users', dev_type: 'ios' });
    const { pet } = first.ctx.uow.run((tx) => first.services.pets.add(tx, app, tx.users.byId(user.id)!, { name: 'Rex', age: '1 years', sex: 'male' }));
    const sid = first.ctx.uow.run((tx) => first.services.consultations.talkToVet(tx, app, { email: 'ann@example.com', pet_id: pet.id, type: 'chat', family: 'application' })).consultation.sid;
    await first.close();

    const second = await createSimulator({ dataDir, random: () => 0 });
    expect(second.services.autopilot.get()).toEqual(CHAT_AND_VIDEO);
    expect(second.services.autopilot.pending().items.map((p) => [p.sid, p.action])).toEqual([[sid, 'accept'], [sid, 'say'], [sid, 'end'], [sid, 'feedback']]);
    await second.services.clock.change({ advance: '20s' });
    expect(second.services.browser.consultation(sid).status).toBe('active');
    await second.close();
  });

  it('refuses a document the schema refuses, naming its problems, and leaves the data folder free', async () => {
    const dataDir = folder();
    const bad = { rules: [{ match: { colour: 'red' }, steps: [{ do: 'accept' }] }] };
    const failed = await createSimulator({ dataDir, autopilot: bad as never }).then(() => undefined, (e: unknown) => e);
    expect(failed).toBeInstanceOf(InvalidAutopilot);
    expect((failed as InvalidAutopilot).problems).toEqual([{ path: 'rules[0].match.colour', message: '"colour" is not a key of match (use type, app, vet, species, email)' }]);
    const again = await createSimulator({ dataDir });
    expect(again.services.autopilot.get()).toEqual({ rules: [] });
    await again.close();
  });
});
