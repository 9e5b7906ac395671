import pg from 'pg';

/**
 * How many times PostgreSQL said it was ready for the next query while `work` ran: its round trips,
 * on every connection of the process (run it while nothing else talks to the database).
 */
export async function roundTrips(work: () => Promise<unknown>): Promise<number> {
  const connection = pg.Connection.prototype as unknown as { emit(event: string, ...args: unknown[]): boolean };
  const emit = connection.emit;
  let ready = 0;
  connection.emit = function (this: unknown, event: string, ...args: unknown[]) {
    if (event === 'readyForQuery') ready += 1;
    return emit.call(this, event, ...args);
  };
  try {
    await work();
  } finally {
    connection.emit = emit;
  }
  return ready;
}
