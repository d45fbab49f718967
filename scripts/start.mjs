// npm start: build the web app, then serve everything on one port (PORT, default 3000)
// with the embedded database under DATA_DIR (or DATABASE_URL's server).
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
run('npx', ['tsx', 'apps/server/src/main.ts']);
