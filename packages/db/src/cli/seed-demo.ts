import { openDatabase } from '../connect';
import { databaseConfigFromEnv } from '../env';
import { seedDemo } from '../seed/demo';

const handle = await openDatabase(databaseConfigFromEnv());
await seedDemo(handle.owner);
console.log('Demo data seeded.');
await handle.close();
