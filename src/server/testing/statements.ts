import { type CompiledQuery, DefaultQueryExecutor } from 'kysely';

/** What the app asked of its database while some work ran. */
export interface DatabaseWork {
  /** Statements executed through Kysely, on either engine, in transactions too. */
  statements: number;
  /** Characters sent with them: each statement's SQL and its parameters (an array's items one by one). */
  characters: number;
}

const sizeOf = (value: unknown): number =>
  Array.isArray(value) ? value.reduce((sum: number, item) => sum + sizeOf(item), 0) : String(value).length;

type Executor = { executeQuery(compiled: CompiledQuery, ...rest: unknown[]): Promise<unknown> };

/**
 * Long enough for a statement that follows another on a pooled connection (the next of a transaction)
 * to start, and for a write after the answer to get its connection and begin: on a loaded machine 5 ms
 * was not, and a search's miss was counted in the next search's work.
 */
const PAUSE_MS = 40;

/**
 * Counts the statements every Kysely instance of the process runs while `work` runs, and what they
 * send (run it while nothing else talks to the database). A measure of work that does not depend on
 * the machine's speed, the same on SQLite and PostgreSQL. Statements the work started without
 * awaiting them (a write after the answer) are counted too, and awaited, so none runs on after it.
 * Answers the counts and what `work` answered.
 */
export async function databaseWork<T>(work: () => Promise<T>): Promise<DatabaseWork & { result: T }> {
  const prototype = DefaultQueryExecutor.prototype as unknown as Executor;
  const hadOwn = Object.hasOwn(prototype, 'executeQuery');
  const executeQuery = prototype.executeQuery;
  const counted: DatabaseWork = { statements: 0, characters: 0 };
  const running = new Set<Promise<void>>();
  prototype.executeQuery = function (this: Executor, compiled, ...rest) {
    counted.statements += 1;
    counted.characters += compiled.sql.length + sizeOf(compiled.parameters);
    const answer = executeQuery.call(this, compiled, ...rest);
    const settled: Promise<void> = answer.then(
      () => void running.delete(settled),
      () => void running.delete(settled),
    );
    running.add(settled);
    return answer;
  };
  let result: T;
  try {
    result = await work();
    // The statements still running, and any that follow them, up to a pause in which none starts.
    let seen: number;
    do {
      seen = counted.statements;
      await Promise.all(running);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    } while (seen !== counted.statements || running.size > 0);
  } finally {
    if (hadOwn) prototype.executeQuery = executeQuery;
    else delete (prototype as Partial<Executor>).executeQuery;
  }
  return { ...counted, result };
}
