// A scenario with 100 mistakes (issue 38): every one is reported with its line and path; `serve --scenario` exits 2
// on it with those lines on stderr; PUT /scenario refuses it and changes nothing (the snapshot before equals after).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidScenario, readScenarioText } from '../../src-main/core/domain/scenario';
import { closeAll, makeSim, type Harness } from '../helpers';
import { requireBuild, runToExit, tempDir } from '../cli/run';

/** 100 users, each with one mistake: 50 bad e-mails, 25 bad roles, 25 bad registration times. */
function hundredMistakes(): string {
  const users = Array.from({ length: 100 }, (_, i) => {
    if (i < 50) return `  - { email: not-an-email-${i}, first_name: U${i} }`;
    if (i < 75) return `  - { email: u${i}@example.com, first_name: U${i}, role: admin }`;
    return `  - { email: u${i}@example.com, first_name: U${i}, registered_at: yesterday }`;
  });
  return ['scenario: 1', 'title: A hundred mistakes', 'users:', ...users, ''].join('\n');
}

let h: Harness;
beforeAll(async () => {
  h = await makeSim();
});
afterAll(() => closeAll(h));

describe('a scenario with 100 mistakes', () => {
  it('names every one with its line and path', () => {
    let refused: InvalidScenario | undefined;
    try {
      readScenarioText(hundredMistakes(), 'bad.yaml');
    } catch (err) {
      refused = err as InvalidScenario;
    }
    expect(refused).toBeInstanceOf(InvalidScenario);
    const problems = refused!.problems;
    expect(problems).toHaveLength(100);
    expect(problems[0]).toEqual({ path: 'users[0].email', message: 'not an e-mail address', line: 4, file: 'bad.yaml' });
    expect(problems.find((p) => p.path === 'users[60].role')).toMatchObject({ line: 64 });
    expect(problems.find((p) => p.path === 'users[99].registered_at')).toMatchObject({ line: 103, message: expect.stringMatching(/^"yesterday" is not a time/) });
    expect(new Set(problems.map((p) => p.line)).size).toBe(100);
  });

  it('PUT /scenario refuses it with every problem in details, and changes nothing', async () => {
    await h.registerUser();
    await h.addPet();
    await h.talk();
    const { parse } = await import('yaml');
    const snapshot = async () => (await h.http.get('/__sim/v1/snapshot').buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    })).body as Buffer;
    const before = await snapshot();
    const scenarioBefore = (await h.ctl.get('/scenario')).text;
    const r = await h.ctl.put('/scenario', parse(hundredMistakes()));
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('invalid_scenario');
    expect(r.body.error.message).toBe('The scenario was not loaded, and nothing was changed: users[0].email: not an e-mail address (and 99 more).');
    expect(r.body.error.details).toHaveLength(100);
    expect(r.body.error.details[75]).toEqual({ path: 'users[75].registered_at', message: expect.stringMatching(/is not a time/) });
    const after = await snapshot();
    expect(after.equals(before)).toBe(true);
    expect((await h.ctl.get('/scenario')).text).toBe(scenarioBefore);
  });

  it('names nothing that is not there: an owner, a pet, a vet, a state the type does not have', async () => {
    const r = await h.ctl.put('/scenario', {
      scenario: 1,
      users: [{ email: 'a@example.com', first_name: 'A' }],
      pets: [{ owner: 'nobody@example.com', name: 'Rex' }],
      consultations: [{ user: 'a@example.com', pet: 'Rex', type: 'chat', status: 'ringing', vet: 'vet_9' }],
    });
    expect(r.status).toBe(422);
    expect(r.body.error.details).toEqual([
      { path: 'pets[0].owner', message: 'no user nobody@example.com is listed' },
      { path: 'consultations[0].pet', message: "Rex is none of a@example.com's pets" },
      { path: 'consultations[0].vet', message: 'no vet vet_9 (listed vets and vet_1 … vet_3)' },
      { path: 'consultations[0].status', message: 'a chat is waiting, active, ended; not ringing' },
    ]);
  });

  it('serve --scenario exits 2 with each problem as file:line: path: message on stderr', async () => {
    requireBuild();
    const dir = tempDir();
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, hundredMistakes());
    const { code, stderr } = await runToExit(['--port', '0', '--in-memory', '--scenario', file]);
    expect(code).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines[0]).toBe(`${file} is not a valid scenario (100 problems); nothing was started:`);
    expect(lines).toContain(`${file}:4: users[0].email: not an e-mail address`);
    expect(lines.filter((l) => l.startsWith(`${file}:`))).toHaveLength(100);
  });
});
