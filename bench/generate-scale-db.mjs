// Generates a data folder with 100,000 client users and 300,000 pets for the scale benchmarks.
// Usage: node bench/generate-scale-db.mjs DIR [users=100000] [petsPerUser=3]
import { createSimulator } from '../out/main/core.js';

export async function generate(dir, users = 100_000, petsPerUser = 3) {
  const t0 = performance.now();
  const sim = await createSimulator({ dataDir: dir });
  const { services: s, ctx } = sim;
  const app = s.apps.byId(1);
  const species = ['dog', 'cat'];
  const CHUNK = 5000;
  for (let start = 0; start < users; start += CHUNK) {
    ctx.db.tx(() => {
      for (let i = start; i < Math.min(users, start + CHUNK); i++) {
        const u = s.users.insert(app, {
          family: 'client', email: `user${i}@scale.example`, first_name: `First${i}`, last_name: `Last${i % 997}`, role: i % 5 ? 'users' : 'protect_users',
          status: 'subscribed', type: i % 2 ? 'monthly' : 'yearly', package_id: '1', zip_code: String(10000 + (i % 89999)),
        });
        for (let p = 0; p < petsPerUser; p++) s.pets.add(app, u, { name: `Pet${i}-${p}`, age: `${1 + (p % 12)} years`, sex: p % 2 ? 'male' : 'female', species: species[p % 2], breed: 'Mixed' });
      }
    });
  }
  await sim.close();
  return { ms: Math.round(performance.now() - t0) };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const [dir, users, pets] = process.argv.slice(2);
  if (!dir) {
    console.error('Usage: node bench/generate-scale-db.mjs DIR [users] [petsPerUser]');
    process.exit(2);
  }
  const r = await generate(dir, Number(users ?? 100_000), Number(pets ?? 3));
  console.log(`generated in ${r.ms} ms`);
}
