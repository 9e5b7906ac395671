// The runtime's limit for the load bench: a bare node:http server that replays answers captured from the
// shop (status, headers and body bytes), one per path, and does nothing else. Run as a child process
// (`node --import tsx bench/lib/bare-server.ts <answers.json>`); it prints its port on its first line.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { CapturedAnswer } from './capture';

const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <answers.json>');
const answers = new Map(
  (JSON.parse(readFileSync(file, 'utf8')) as CapturedAnswer[]).map((answer) => [
    answer.path,
    { status: answer.status, headers: answer.headers, body: Buffer.from(answer.bodyBase64, 'base64') },
  ]),
);

// Same keep-alive as Fastify's default, so both servers keep their connections alike.
const server = http.createServer({ keepAliveTimeout: 72_000 }, (request, response) => {
  const answer = answers.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
