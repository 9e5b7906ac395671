// npm run test:busy — `npm test` with the machine kept busy: HOGS processes (2 by default, one a core
// here) spin in a busy loop for the whole run, as other work would beside a CI job. A test that only
// passes on an idle machine fails here. The hogs stop with the run, whatever its end.
//   npm run test:busy            HOGS=1 npm run test:busy
import { spawn } from 'node:child_process';

const count = Number(process.env.HOGS ?? 2);
if (!Number.isInteger(count) || count < 0) throw new Error(`HOGS must be a whole number, not ${process.env.HOGS}`);

const hogs = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopHogs = () => {
  for (const hog of hogs) hog.kill('SIGKILL');
};
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

console.log(
  `${count} busy ${count === 1 ? 'process' : 'processes'} running beside the tests (pids ${hogs.map((hog) => hog.pid).join(', ')}).`,
);
const started = Date.now();
const test = spawn(process.execPath, ['scripts/test.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
test.on('exit', (code, signal) => {
  stopHogs();
  console.log(
    `npm test beside ${count} busy ${count === 1 ? 'process' : 'processes'}: ${((Date.now() - started) / 60_000).toFixed(1)} min`,
  );
  process.exit(code ?? (signal ? 1 : 0));
});
