import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line a request, written when its answer is sent: "request completed" with the request
 * (method, URL, host, address), the status and the time taken, where Fastify writes an "incoming
 * request" line and a "request completed" line: each line costs a few microseconds of CPU, where a
 * whole cached answer costs about sixty. The incoming line is kept at debug level, for when one needs
 * to know what a node had received before it stopped (a request never completed has no other line).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
