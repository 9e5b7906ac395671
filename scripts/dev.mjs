// npm run dev — the API with reload on change (port 3000) and Vite's dev server (port 5173) together.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');

const children = [
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      // The browser is on Vite's port: sign-in accepts POSTs from that origin, and mailed links lead there.
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
  }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
