import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { STATEMENT_CACHE_SIZE } from './postgres-pool';

/** Statements that begin or end a transaction, or change the connection: never run inside a group. */
const CONTROL = /^\s*(begin|commit|end|rollback|savepoint|release|pragma|vacuum|attach|detach)\b/i;

/** The savepoint each transaction of a group runs in (one transaction runs at a time). */
const OWN = 'gh_transaction';

/** A first-come, first-served lock on the one connection. */
class Lock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  async acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

interface Group {
  committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

/** One holder's turn on the connection, from acquiring it to releasing it. */
class Turn implements DatabaseConnection {
  /** Inside a transaction of its own (a savepoint of the group). */
  inTransaction = false;
  /** Has given the connection back already (a committed transaction does so before its group commits). */
  released = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.run<R>(query, this);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const row of this.driver.iterate(query, this)) yield { rows: [row as R] };
  }
}

/**
 * better-sqlite3 behind Kysely, committing the transactions of one turn of the event loop together.
 *
 * A commit is the costliest step of a write on SQLite: it appends every page the transaction changed
 * to the write-ahead log, and transactions that follow each other change mostly the same pages (the
 * last leaf of each index on the creation time, the part's row, the counters). So the first
 * transaction of a turn opens a group (`begin immediate`), each transaction runs in a savepoint of it (a
 * failure rolls back its own work only), and when the turn's ready work is done (`setImmediate`) the
 * group commits once. Each transaction's promise settles when its group has committed, and with the
 * group's error if the commit fails: nothing is answered before it is in the log.
 *
 * Reads between the group's transactions run inside the group and see what it has written, at most
 * one turn before it commits; a write outside a transaction, and any statement that controls
 * transactions or the connection, commits the open group first and then runs on its own, as before.
 *
 * Kysely's prepared statements are kept: Kysely prepares every query anew, and compiling the same SQL
 * again costs about as much as running it. Least recently used texts go first.
 */
export class GroupCommitDriver implements Driver {
  readonly #sqlite: SQLite.Database;
  readonly #lock = new Lock();
  readonly #statements = new Map<string, SQLite.Statement>();
  readonly #control = new Map<string, SQLite.Statement>();
  #group: Group | undefined;

  constructor(sqlite: SQLite.Database) {
    this.#sqlite = sqlite;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return new Turn(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    if (!this.#group) {
      if (this.#sqlite.inTransaction) throw new Error('a transaction is already open on this connection');
      this.#openGroup();
    }
    this.#exec(`savepoint ${OWN}`);
    turn.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    this.#exec(`release ${OWN}`);
    turn.inTransaction = false;
    const group = this.#group!;
    // Others may run their transactions in the group while this one waits for it to commit.
    this.#giveBack(turn);
    await group.committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    // Released already: the transaction was complete, and its group failed to commit.
    if (turn.released || !turn.inTransaction) return;
    turn.inTransaction = false;
    if (this.#sqlite.inTransaction) {
      this.#exec(`rollback to ${OWN}`);
      this.#exec(`release ${OWN}`);
      return;
    }
    // SQLite rolled the whole group back itself (an I/O error, a full disk): its transactions are lost.
    this.#failGroup(new Error('the transaction group was rolled back by SQLite'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#giveBack(connection as Turn);
  }

  async destroy(): Promise<void> {
    await this.#lock.acquire();
    try {
      this.#commitGroup();
    } finally {
      this.#statements.clear();
      this.#control.clear();
      this.#sqlite.close();
    }
  }

  /** Runs one statement for `turn`, as Kysely's own SQLite driver does. */
  run<R>(query: CompiledQuery, turn: Turn): QueryResult<R> {
    const statement = this.#prepare(query.sql, turn);
    if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  iterate(query: CompiledQuery, turn: Turn): IterableIterator<unknown> {
    const statement = this.#prepare(query.sql, turn);
    if (!statement.reader) throw new Error('only a statement that answers rows can be streamed');
    return statement.iterate(query.parameters);
  }

  #prepare(sql: string, turn: Turn): SQLite.Statement {
    let statement = this.#statements.get(sql);
    if (statement) {
      this.#statements.delete(sql);
    } else {
      statement = this.#sqlite.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value ?? '');
    }
    this.#statements.set(sql, statement);
    // Outside a transaction, only a read may run inside the open group.
    if (this.#group && !turn.inTransaction && (!statement.readonly || CONTROL.test(sql))) this.#commitGroup();
    return statement;
  }

  /** Runs a statement that controls the group or a transaction's savepoint (a handful of texts, kept). */
  #exec(sql: string): void {
    let statement = this.#control.get(sql);
    if (!statement) {
      statement = this.#sqlite.prepare(sql);
      this.#control.set(sql, statement);
    }
    statement.run();
  }

  #giveBack(turn: Turn): void {
    if (turn.released) return;
    turn.released = true;
    this.#lock.release();
  }

  #openGroup(): void {
    // Immediate: the group holds the write lock from its start, so a write of another process (a
    // command run beside the shop) cannot make the group's snapshot stale between its transactions.
    this.#exec('begin immediate');
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const committed = new Promise<void>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    // A group whose transactions all rolled back has nobody waiting for it.
    committed.catch(() => {});
    const group: Group = { committed, resolve, reject };
    this.#group = group;
    setImmediate(() => void this.#commitWhenFree(group));
  }

  /** Commits `group` once the connection is free (a transaction may be halfway through). */
  async #commitWhenFree(group: Group): Promise<void> {
    if (this.#group !== group) return;
    await this.#lock.acquire();
    try {
      if (this.#group === group) this.#commitGroup();
    } finally {
      this.#lock.release();
    }
  }

  #commitGroup(): void {
    const group = this.#group;
    if (!group) return;
    try {
      this.#exec('commit');
    } catch (error) {
      this.#failGroup(error);
      return;
    }
    this.#group = undefined;
    group.resolve();
  }

  /** Ends the open group without it: rolled back if SQLite has not already, each transaction told why. */
  #failGroup(error: unknown): void {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    if (this.#sqlite.inTransaction) this.#exec('rollback');
    group.reject(error);
  }
}

/** Kysely's SQLite dialect with the group-committing driver. */
export class GroupCommitSqliteDialect implements Dialect {
  constructor(private readonly sqlite: SQLite.Database) {}

  createAdapter() {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return new GroupCommitDriver(this.sqlite);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
