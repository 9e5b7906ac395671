import * as copy from '#shared/copy';
import { partNumberKey } from '#shared/pricing';
import {
  MAX_PART_NUMBER,
  replacedMessageOf,
  type ResolvedFrom,
  type Supersession,
  type SupersessionFields,
  type SupersessionList,
  type PartReplacement,
} from '#shared/schemas/supersessions';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { PartRow } from '../../db/schema';
import type { EventBus } from '../../events';
import { archiveLivePart, findLivePartsBySku, findPartsByIds } from './parts.repository';
import {
  deleteSupersession,
  insertSupersession,
  lockSupersessions,
  type SupersessionRow,
  supersessionsByKeys,
  supersessionsOfPart,
} from './supersessions.repository';

/**
 * Supersessions (docs/shop-rules.md, "Part numbers that change"; docs/decisions/0040-resolving-replaced-numbers.md):
 * a part number replaced by a part, followed through chains (A → B → C) to the part sold today.
 */

/** The longest chain followed: a longer one is a data slip, and its end is not sold. */
const MAX_CHAIN = 20;

/** A number resolved to the part sold under it today; `resolvedFrom` when that took a replaced number. */
export interface ResolvedPart {
  part: PartRow;
  resolvedFrom?: ResolvedFrom;
}

/** The supersessions and parts read while following chains, in one query a link of the longest chain. */
interface Chains {
  supersessions: Map<string, SupersessionRow>;
  parts: Map<string, PartRow>;
}

async function readChains(db: Db, startKeys: readonly string[]): Promise<Chains> {
  const supersessions = new Map<string, SupersessionRow>();
  const parts = new Map<string, PartRow>();
  const asked = new Set<string>();
  let keys = [...new Set(startKeys)];
  for (let link = 0; link < MAX_CHAIN && keys.length > 0; link += 1) {
    for (const key of keys) asked.add(key);
    const found = await supersessionsByKeys(db, keys);
    for (const [key, row] of found) supersessions.set(key, row);
    const ids = [...found.values()].map((row) => row.to_part_id).filter((id) => !parts.has(id));
    const read = await findPartsByIds(db, ids);
    for (const [id, part] of read) parts.set(id, part);
    keys = [...new Set([...read.values()].map((part) => partNumberKey(part.sku)))].filter((key) => !asked.has(key));
  }
  return { supersessions, parts };
}

/**
 * Follows `number` (as compared, `key`) from one replacement to the next while the part reached is
 * archived and its own SKU replaced, and stops at the first live part. Undefined when the number is not
 * replaced, or the chain ends at a part no longer sold, goes round in a circle, or runs past MAX_CHAIN.
 */
function follow(chains: Chains, key: string, typed: string): ResolvedPart | undefined {
  let link = chains.supersessions.get(key);
  if (!link) return undefined;
  const chain = [typed];
  const seen = new Set([key]);
  let quantityFactor = 1;
  while (link) {
    const part = chains.parts.get(link.to_part_id);
    if (!part) return undefined;
    quantityFactor *= link.quantity_factor;
    chain.push(part.sku);
    if (part.archived_at === null) return { part, resolvedFrom: { number: typed, chain, quantityFactor } };
    const next = partNumberKey(part.sku);
    if (seen.has(next) || seen.size >= MAX_CHAIN) return undefined;
    seen.add(next);
    link = chains.supersessions.get(next);
  }
  return undefined;
}

/**
 * The parts sold today under these numbers, by the number as given: a live part's SKU (exactly, or
 * whatever its spaces, dots and hyphens) is that part; a replaced number is followed to the part that
 * replaces it, with `resolvedFrom`. A number that leads to no part on sale is left out.
 */
export async function resolvePartNumbers(db: Db, numbers: readonly string[]): Promise<Map<string, ResolvedPart>> {
  const resolved = new Map<string, ResolvedPart>();
  const live = await findLivePartsBySku(db, numbers);
  for (const [number, part] of live) resolved.set(number, { part });
  const rest = [...new Set(numbers)].filter((number) => !live.has(number) && partNumberKey(number.trim()) !== '');
  if (rest.length === 0) return resolved;
  const chains = await readChains(
    db,
    rest.map((number) => partNumberKey(number.trim())),
  );
  for (const number of rest) {
    const found = follow(chains, partNumberKey(number.trim()), number.trim().toUpperCase());
    if (found) resolved.set(number, found);
  }
  return resolved;
}

/**
 * The parts that replace these parts (archived ones whose own SKU was replaced), by the replaced part's
 * id: what a cart line or a saved list's item of such a part offers instead.
 */
export async function successorsOfParts(db: Db, parts: readonly PartRow[]): Promise<Map<string, ResolvedPart>> {
  const successors = new Map<string, ResolvedPart>();
  const archived = parts.filter((part) => part.archived_at !== null);
  if (archived.length === 0) return successors;
  const chains = await readChains(
    db,
    archived.map((part) => partNumberKey(part.sku)),
  );
  for (const part of archived) {
    const found = follow(chains, partNumberKey(part.sku), part.sku);
    if (found) successors.set(part.id, found);
  }
  return successors;
}

/** "GH-A is replaced by GH-C", with the factor when one of the old equals several of the new. */
export function replacedMessage(resolvedFrom: ResolvedFrom): string {
  return replacedMessageOf(resolvedFrom);
}

function toSupersession(row: SupersessionRow): Supersession {
  return {
    fromNumber: row.from_number,
    quantityFactor: row.quantity_factor,
    since: row.since,
    note: row.note,
    createdAt: row.created_at,
  };
}

const partNotFound = () => new AppError('not_found', copy.part.notFound);
const fieldError = (code: 'validation_failed' | 'conflict', message: string) =>
  new AppError(code, message, { fromNumber: message });

/** The part sold today in place of this one (archived or gone) when its number was replaced. */
export async function replacementOfPart(db: Db, partId: string): Promise<PartReplacement | undefined> {
  const part = (await findPartsByIds(db, [partId])).get(partId);
  if (!part) return undefined;
  const successor = (await successorsOfParts(db, [part])).get(part.id);
  if (!successor?.resolvedFrom) return undefined;
  return { id: successor.part.id, sku: successor.part.sku, name: successor.part.name, number: successor.resolvedFrom.number };
}

export interface SupersessionsServiceDeps {
  clock: Clock;
  /** Where the service announces what it did (catalogueChanged: searches and cached answers change). */
  events: EventBus;
}

export function createSupersessionsService(db: Db, { clock, events }: SupersessionsServiceDeps) {
  /** The numbers a part (live or archived) replaces, and the part that replaces its own number, if any. */
  async function list(partId: string, trx: Db = db): Promise<SupersessionList> {
    const part = (await findPartsByIds(trx, [partId])).get(partId);
    if (!part) throw partNotFound();
    const [rows, successors] = await Promise.all([supersessionsOfPart(trx, partId), successorsOfParts(trx, [part])]);
    const successor = successors.get(part.id);
    return {
      items: rows.map(toSupersession),
      replacedBy:
        successor?.resolvedFrom !== undefined
          ? {
              partId: successor.part.id,
              sku: successor.part.sku,
              name: successor.part.name,
              resolvedFrom: successor.resolvedFrom,
            }
          : null,
    };
  }

  return {
    list: (partId: string) => list(partId),

    /**
     * The part replaces `fromNumber` from now on. Refused: its own SKU, a number another part already
     * replaces, and a number whose part this one is itself replaced through (a circle). A part on sale
     * under that number is archived in the same transaction: its buyers are sent here from then on.
     */
    async add(partId: string, input: SupersessionFields): Promise<SupersessionList> {
      const fromKey = partNumberKey(input.fromNumber);
      const now = clock.now().toISOString();
      const since = input.since ?? now.slice(0, 10);
      try {
        return await events.transaction(db, async ({ trx, announce }) => {
          await lockSupersessions(trx);
          const part = (await findPartsByIds(trx, [partId])).get(partId);
          if (!part || part.archived_at !== null) throw partNotFound();
          if (fromKey === partNumberKey(part.sku)) throw fieldError('validation_failed', copy.supersessions.ownNumber);
          const taken = (await supersessionsByKeys(trx, [fromKey])).get(fromKey);
          if (taken) {
            const holder = (await findPartsByIds(trx, [taken.to_part_id])).get(taken.to_part_id);
            throw fieldError('conflict', copy.supersessions.alreadyReplaced(taken.from_number, holder?.sku ?? ''));
          }
          // A circle: this part's own number leads, through the chain, to a part sold as `fromNumber`.
          const chains = await readChains(trx, [partNumberKey(part.sku)]);
          for (const reached of chains.parts.values()) {
            if (partNumberKey(reached.sku) === fromKey) {
              throw fieldError('validation_failed', copy.supersessions.cycle(input.fromNumber, part.sku));
            }
          }
          const replaced = (await findLivePartsBySku(trx, [input.fromNumber])).get(input.fromNumber);
          if (replaced) await archiveLivePart(trx, replaced.id, now);
          await insertSupersession(trx, {
            from_key: fromKey,
            from_number: input.fromNumber,
            to_part_id: partId,
            quantity_factor: input.quantityFactor,
            since,
            note: input.note,
            created_at: now,
          });
          if (replaced) await announce('catalogueChanged', { partId: replaced.id });
          await announce('catalogueChanged', { partId });
          return list(partId, trx);
        });
      } catch (error) {
        // Another admin saved the same number between the check and the insert.
        if (isUniqueViolation(error)) {
          const taken = (await supersessionsByKeys(db, [fromKey])).get(fromKey);
          const holder = taken && (await findPartsByIds(db, [taken.to_part_id])).get(taken.to_part_id);
          throw fieldError('conflict', copy.supersessions.alreadyReplaced(input.fromNumber, holder?.sku ?? ''));
        }
        throw error;
      }
    },

    /** The number no longer leads to this part. A part archived when its number was replaced stays archived. */
    async remove(partId: string, fromNumber: string): Promise<void> {
      const fromKey = partNumberKey(fromNumber.trim());
      const removed = await events.transaction(db, async ({ trx, announce }) => {
        if (!(await deleteSupersession(trx, partId, fromKey))) return false;
        await announce('catalogueChanged', { partId });
        return true;
      });
      if (!removed) throw new AppError('not_found', copy.supersessions.notFound);
    },
  };
}

export type SupersessionsService = ReturnType<typeof createSupersessionsService>;

/**
 * The part a search text names when the whole text is a replaced number ("GH-BRK-1042"): what the
 * search lists first, with `resolvedFrom`. Undefined for any other text.
 */
export async function partReplacingNumber(db: Db, text: string): Promise<ResolvedPart | undefined> {
  const number = text.trim();
  if (number.length === 0 || number.length > MAX_PART_NUMBER || partNumberKey(number) === '') return undefined;
  const found = (await resolvePartNumbers(db, [number])).get(number);
  return found?.resolvedFrom ? found : undefined;
}

/**
 * Refuses a SKU that is a replaced number (another part replaces it): a part on sale under it would
 * make the number lead to two parts. Named under `sku`, as a SKU another part holds is.
 */
export async function requireUnreplacedSku(db: Db, sku: string): Promise<void> {
  const key = partNumberKey(sku);
  const taken = (await supersessionsByKeys(db, [key])).get(key);
  if (!taken) return;
  const holder = (await findPartsByIds(db, [taken.to_part_id])).get(taken.to_part_id);
  const message = copy.supersessions.skuReplaced(taken.from_number, holder?.sku ?? '');
  throw new AppError('conflict', message, { sku: message });
}
