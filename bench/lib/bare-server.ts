// The yardsticks of the load bench: a server that replays answers captured from the shop (status,
// headers and body bytes), one per path, and does nothing else. `fastify` is a Fastify app with no
// plugins and one catch-all route; `http` is node:http alone. Run as a child process
// (`node --import tsx bench/lib/bare-server.ts <fastify|http> <answers.json>`); it prints its port on its first line.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import Fastify from 'fastify';
import type { CapturedAnswer } from './capture';

const [kind, file] = process.argv.slice(2);
if ((kind !== 'fastify' && kind !== 'http') || !file) throw new Error('usage: bare-server.ts <fastify|http> <answers.json>');
const answers = new Map(
  (JSON.parse(readFileSync(file, 'utf8')) as CapturedAnswer[]).map((answer) => [
    answer.path,
    { status: answer.status, headers: answer.headers, body: Buffer.from(answer.bodyBase64, 'base64') },
  ]),
);

function listening(address: ReturnType<http.Server['address']>) {
  console.log(typeof address === 'object' && address ? address.port : 0);
}

if (kind === 'fastify') {
  const app = Fastify();
  app.get('*', (request, reply) => {
    const answer = answers.get(request.url);
    if (!answer) return reply.code(404).send();
    reply.code(answer.status);
    for (const [name, value] of answer.headers) reply.header(name, value);
    return reply.send(answer.body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  listening(app.server.address());
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else {
  // Same keep-alive as Fastify's default, so every server keeps its connections alike.
  const server = http.createServer({ keepAliveTimeout: 72_000 }, (request, response) => {
    const answer = answers.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => listening(server.address()));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
