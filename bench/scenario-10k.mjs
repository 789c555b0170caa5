// A 10,000-user world as a scenario (issue 38): how long `serve --scenario` takes to read, check and load it, and
// how long GET /__sim/v1/scenario takes to write it back. Not a timed test: figures for the report.
// Targets (issue 38): load < 5 s, save < 3 s on this machine.
// Usage: node bench/scenario-10k.mjs [users=10000]   (needs a fresh `npm run build`; writes bench/REPORT-scenario.md)
import { writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
const { createSimulator } = await import(process.env.BENCH_CORE ?? '../out/main/core.js');

const USERS = Number(process.argv[2] ?? 10_000);
const SPECIES = ['dog', 'cat', 'rabbit', 'parrot'];

/** Both families' users, a pet each (every tenth a second one), a consultation for every fifth with a short thread, payments. */
function world(n) {
  const users = [];
  const pets = [];
  const consultations = [];
  const payments = [];
  for (let i = 0; i < n; i++) {
    const email = `user${i}@bench.example`;
    const client = i % 4 === 0;
    users.push({ email, ...(client ? { family: 'client', package_id: '1' } : {}), first_name: `First${i}`, last_name: `Last${i}`, dev_type: i % 2 ? 'ios' : 'android', registered_at: `-${(i % 300) + 1}d` });
    pets.push({ owner: email, name: `Pet${i}`, age: `${i % 15} years`, sex: i % 2 ? 'male' : 'female', species: SPECIES[i % 4], created_at: `-${(i % 300) + 1}d` });
    if (i % 10 === 0) pets.push({ owner: email, name: `Second${i}`, age: '1 years', sex: 'female', species: 'cat' });
    if (client) payments.push({ email, user: email, amount: '9.99', status: 'succeeded', package: '1', card_brand: 'visa', card_last4: '4242', at: `-${(i % 300) + 1}d` });
    if (i % 5 === 0) {
      const ended = i % 3 === 0;
      consultations.push({
        user: email, pet: `Pet${i}`, type: 'chat', status: ended ? 'ended' : 'waiting', vet: `vet_${(i % 3) + 1}`, created_at: '-2h',
        thread: [
          { author: 'system', text: 'Chat requested.', at: '-2h' },
          { author: 'owner', text: `My pet number ${i} is not well.`, at: '-119m' },
          { author: 'vet', text: 'Tell me more, please.', at: '-118m' },
        ],
        ...(ended ? { feedback: { recommendation: 'non_urgent', reason: 'Rest and water.', at: '-1h' } } : {}),
      });
    }
  }
  return { scenario: 1, title: `${n} users`, seed: 1, users, pets, consultations, payments };
}

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const doc = world(USERS);
// JSON (what GET /scenario writes, and a file people generate) is the measured form; YAML is timed once beside it.
const text = `${JSON.stringify(doc, null, 2)}\n`;
const yamlText = stringify(doc, { lineWidth: 0 });
console.log(`scenario: ${USERS} users, ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MiB of JSON (${(Buffer.byteLength(yamlText) / 1024 / 1024).toFixed(1)} MiB as YAML)`);

const loads = [];
const saves = [];
let savedBytes = 0;
let stable = true;
for (let run = 0; run < 3; run++) {
  let t0 = performance.now();
  const empty = await createSimulator({ inMemory: true });
  const bare = performance.now() - t0;
  await empty.close();
  t0 = performance.now();
  const sim = await createSimulator({ inMemory: true, scenario: text });
  const load = performance.now() - t0 - bare;
  const { url } = await sim.listen(0);
  t0 = performance.now();
  const saved = await (await fetch(`${url}/__sim/v1/scenario?secrets=include`)).text();
  saves.push(performance.now() - t0);
  const again = await (await fetch(`${url}/__sim/v1/scenario?secrets=include`)).text();
  stable &&= again === saved;
  savedBytes = Buffer.byteLength(saved);
  loads.push(load);
  await sim.close();
  console.log(`run ${run + 1}: load ${load.toFixed(0)} ms (start without it ${bare.toFixed(0)} ms), save ${saves.at(-1).toFixed(0)} ms`);
}
let t1 = performance.now();
const fromYaml = await createSimulator({ inMemory: true, scenario: yamlText });
const yamlLoad = performance.now() - t1;
await fromYaml.close();
console.log(`the same world as YAML: load ${yamlLoad.toFixed(0)} ms (the yaml library's parser is most of it)`);
const load = median(loads);
const save = median(saves);
const verdict = (ms, limit) => (ms < limit ? `under ${limit / 1000} s` : `OVER ${limit / 1000} s`);
console.log(`median: load ${load.toFixed(0)} ms (${verdict(load, 5000)}), save ${save.toFixed(0)} ms (${verdict(save, 3000)}); saved ${(savedBytes / 1024 / 1024).toFixed(1)} MiB of JSON; two saves equal: ${stable}`);
const report = `# Scenarios at scale (bench/scenario-10k.mjs)

A scenario (JSON) of ${USERS} users of both families (a pet each, every tenth a second one), ${USERS / 5} chats with a
three-message thread (a third ended with feedback) and ${USERS / 4} payments: ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MiB.

| | median of 3 | target (issue 38) |
|---|---|---|
| load: read the YAML, check it, replace the world in one unit of work (\`createSimulator({ scenario })\` minus an empty start) | ${load.toFixed(0)} ms | < 5 s |
| save: \`GET /__sim/v1/scenario?secrets=include\` (${(savedBytes / 1024 / 1024).toFixed(1)} MiB of JSON) | ${save.toFixed(0)} ms | < 3 s |
| load of the same world written as YAML (${(Buffer.byteLength(yamlText) / 1024 / 1024).toFixed(1)} MiB), once | ${yamlLoad.toFixed(0)} ms | — |

The load is measured from JSON, the form GET /scenario writes. YAML of this size is slow to read with the \`yaml\`
library (its parser takes most of the YAML figure; the check and the write are the same); hand-written YAML
scenarios are small, and large generated ones are better written as JSON.

Two saves of the same world were ${stable ? 'byte-identical' : 'NOT identical'}. Measured ${new Date().toISOString().slice(0, 10)} on
${(await import('node:os')).cpus().length} cores (${(await import('node:os')).cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}.
`;
writeFileSync(new URL('./REPORT-scenario.md', import.meta.url), report);
