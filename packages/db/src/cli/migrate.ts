import { openDatabase } from '../connect';
import { databaseConfigFromEnv } from '../env';

const handle = await openDatabase(databaseConfigFromEnv());
console.log(`Database migrated (${handle.kind}).`);
await handle.close();
