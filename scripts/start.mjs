// npm start: build the web app, then serve everything on one port (PORT, default 3000)
// with the embedded database under DATA_DIR (or DATABASE_URL's server).
import { spawnSync } from 'node:child_process';

const run = (cmd, args, env = process.env) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: process.platform === 'win32', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
run('npx', ['tsx', 'apps/server/src/main.ts'], serverEnv());

/**
 * A young generation of 32 MB: a call allocates a few hundred short-lived objects (tRPC's Request,
 * Response and streams among them), and with V8's default 16 MB most scavenges copied live ones
 * (a few percent less Node CPU per call, measured with the company list).
 */
function serverEnv(env = process.env) {
  const flag = '--max-semi-space-size=32';
  const options = env.NODE_OPTIONS ?? '';
  return { ...env, NODE_OPTIONS: options.includes('--max-semi-space-size') ? options : `${options} ${flag}`.trim() };
}
