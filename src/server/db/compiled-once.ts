import {
  type Compilable,
  type CompiledQuery,
  createQueryId,
  type Kysely,
  type QueryResult,
  type RootOperationNode,
} from 'kysely';

/** The shapes of values a statement keeps its SQL for (see `compiledOnce`). */
export const MAX_SHAPES = 100;

/** Stands for one of a statement's values while its SQL is built once: the value at `index` of a call's. */
class Slot {
  constructor(readonly index: number) {}
}

/** A statement's SQL as compiled once, and where each of its parameters comes from. */
interface Template {
  sql: string;
  query: RootOperationNode;
  /** Per parameter: the index of a call's value, or a constant the builder wrote in itself. */
  parameters: (number | { constant: unknown })[];
}

/** What a call's values look like to the builder: each string, number, date or other value object stands in a slot of its own. */
interface Shaped<V> {
  /** The values' shape: their arrays' lengths, their objects' keys, and which leaves are null, undefined or booleans. */
  key: string;
  /** The values with every slotted leaf replaced by its Slot. */
  slotted: V;
  /** The slotted leaves, in the order of their slots. */
  leaves: unknown[];
}

/** An object whose entries make up its shape (a row, a list of them), not a value of its own (a date, a buffer). */
const isPlain = (value: object) => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

const isSlotted = (value: unknown) =>
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'bigint' ||
  (value !== null && typeof value === 'object' && !Array.isArray(value) && !isPlain(value));

function shaped<V>(values: V): Shaped<V> {
  const leaves: unknown[] = [];
  let key = '';
  const walk = (value: unknown): unknown => {
    if (isSlotted(value)) {
      key += '?';
      leaves.push(value);
      return new Slot(leaves.length - 1);
    }
    if (Array.isArray(value)) {
      key += '[';
      const items = value.map(walk);
      key += ']';
      return items;
    }
    if (value !== null && typeof value === 'object') {
      // A plain object (isSlotted took every other kind).
      key += '{';
      const copy: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) {
        key += `${name}:`;
        copy[name] = walk(item);
        key += ',';
      }
      key += '}';
      return copy;
    }
    // null, undefined and booleans are part of the shape, as they are: a builder may write each its own way.
    key += value === null ? 'n' : value === undefined ? 'u' : String(value);
    return value;
  };
  const slotted = walk(values) as V;
  return { key, slotted, leaves };
}

function templateOf(compiled: CompiledQuery, leafCount: number): Template {
  const used = new Set<number>();
  const parameters = compiled.parameters.map((parameter) => {
    if (!(parameter instanceof Slot)) return { constant: parameter };
    used.add(parameter.index);
    return parameter.index;
  });
  // A value the SQL does not carry as a parameter was read by the builder (written into the text, or
  // used to decide what to write): the SQL of other values could differ, so it cannot be kept.
  if (used.size !== leafCount || compiled.sql.includes('[object Object]')) {
    throw new Error(`a statement compiled once must pass each of its values as a parameter, untouched:\n${compiled.sql}`);
  }
  return { sql: compiled.sql, query: compiled.query, parameters };
}

const sameCompiled = (a: CompiledQuery, b: { sql: string; parameters: readonly unknown[] }) =>
  a.sql === b.sql &&
  a.parameters.length === b.parameters.length &&
  a.parameters.every((value, i) => Object.is(value, b.parameters[i]));

/**
 * A statement of a hot path (a booking's, every signed-in request's), built and compiled by Kysely
 * once for each engine and shape of its values, then run with each call's values. Kysely builds a
 * query from immutable, frozen nodes and compiles it anew on every run, which cost a booking's
 * server thread more than some of the statements took to run (docs/decisions/0002).
 *
 * `build` must pass each string, number and date (any value but a plain object, an array, null,
 * undefined or a boolean) of `values` into the query untouched, as a value
 * (`where('id', '=', values.id)`, ``sql`${values.quantity}::integer` ``): it is called once with each
 * of them replaced by a stand-in, and the parameters of the SQL it compiles to are filled from a call's
 * values by position. It may branch on the shape (an array's length, a null or a boolean), which is
 * part of the cache's key. A builder that computes with a value, or writes it into the text, is
 * refused when its SQL is first compiled; outside production every run is also compiled the usual
 * way and compared, so that tests catch a builder whose SQL depends on a value in a way the shape
 * does not show.
 */
export function compiledOnce<DB, V, R>(
  build: (db: Kysely<DB>, values: V) => Compilable<R>,
): (db: Kysely<DB>, values: V) => Promise<QueryResult<R>> {
  // By adapter: an engine's SQL and its parameters' syntax (a transaction shares its database's adapter).
  // The shapes a statement meets are few (a booking's lines, a pass's mails); past MAX_SHAPES the
  // rest are compiled on every run, as any other query, so an unforeseen variety cannot grow it.
  const templates = new WeakMap<object, Map<string, Template>>();
  const checked = process.env.NODE_ENV !== 'production';
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let byShape = templates.get(adapter);
    if (!byShape) {
      byShape = new Map();
      templates.set(adapter, byShape);
    }
    const { key, slotted, leaves } = shaped(values);
    let template = byShape.get(key);
    if (!template) {
      template = templateOf(build(db, slotted).compile(), leaves.length);
      if (byShape.size < MAX_SHAPES) byShape.set(key, template);
    }
    const parameters = template.parameters.map((from) => (typeof from === 'number' ? leaves[from] : from.constant));
    const compiled: CompiledQuery<R> = { sql: template.sql, query: template.query, parameters, queryId: createQueryId() };
    if (checked) {
      const fresh = build(db, values).compile();
      if (!sameCompiled(fresh, compiled)) {
        throw new Error(`a statement compiled once differs from its SQL built anew:\n${compiled.sql}\n---\n${fresh.sql}`);
      }
    }
    return db.executeQuery(compiled);
  };
}
