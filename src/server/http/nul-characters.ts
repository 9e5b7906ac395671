import type { FastifyReply, FastifyRequest } from 'fastify';
import * as copy from '#shared/copy';
import { AppError } from '../app-error';

/** True when a string, or any key or string inside a parsed JSON value, holds U+0000. */
export function containsNulCharacter(value: unknown): boolean {
  // A loop, not recursion: a body may be nested thousands of levels deep.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      // One push per member: spreading a 125,000-member array into push() overflows the call stack.
      for (const member of next) pending.push(member);
    } else if (typeof next === 'object' && next !== null && !Buffer.isBuffer(next)) {
      for (const [key, member] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(member);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text and fails the whole statement (a 500), while SQLite stores it:
 * the same request would answer differently on the two engines. No text the shop takes has a use for
 * it, so a request with one in its path, query or JSON body is refused before anything reads it: a
 * preValidation hook on the root instance runs before the routes' own guards, some of which look up
 * the path's order before validation (payments.routes.ts). It says nothing about any route's rules.
 * A plain callback, not an async function: it runs on every request.
 */
export function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  if (containsNulCharacter(request.params) || containsNulCharacter(request.query) || containsNulCharacter(request.body)) {
    done(new AppError('validation_failed', copy.validation.nulCharacter));
    return;
  }
  done();
}
