import * as copy from '#shared/copy';
import { DEFAULT_PACK_SIZE, partNumberKey, type PriceTier } from '#shared/pricing';
import type { CrossReference } from '#shared/schemas/catalogue';
import { PARTS_CSV_COLUMNS, type CatalogueCsvReport, type PartsCsvColumn } from '#shared/schemas/catalogue-exchange';
import type { ImportLineError } from '#shared/schemas/catalogue-import';
import { partInputSchema } from '#shared/schemas/parts';
import { supersessionInputSchema } from '#shared/schemas/supersessions';
import { AppError } from '../../app-error';
import type { Clock } from '../../clock';
import { eachCsvRow, exportLine, refusedImport } from '../../csv-stream';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { EventBus } from '../../events';
import { newId } from '../../ids';
import { decimalOf } from '../content';
import { isOwnUpload, type ObjectStorage } from '../uploads';
import { afterAdminChange } from './low-stock';
import { crossReferencesOf, crossReferencesText, findLivePartsBySku } from './parts.repository';
import {
  allCategories,
  allSupersessions,
  type CsvPartChange,
  type CsvPartRow,
  csvPartsAfterSku,
  csvPartsBySku,
  deleteSupersessions,
  insertParts,
  type NewCsvPart,
  skusOfParts,
  supersessionsOfParts,
  updateParts,
  upsertSupersessions,
} from './parts-csv.repository';
import { lockSupersessions, type SupersessionRow } from './supersessions.repository';

const c = copy.catalogueExchange;

/** How many parts the export reads at once. */
const EXPORT_PARTS = 500;
/** Parts written a statement at a time (the repository's slice). */
const WRITE_SLICE = 200;
/** The longest chain of replaced numbers followed when looking for a circle (supersessions.ts's limit). */
const MAX_CHAIN = 20;

// --- Cells holding lists ----------------------------------------------------------------------------

/**
 * A list in one cell (docs/decisions/0045-catalogue-csv-files.md): items separated by `; `, an item's
 * fields by `|`, and a `\`, `;` or `|` inside a field written with a `\` before it. Read back, each
 * field is trimmed, as every field it holds is when saved.
 */
const escapeField = (text: string) => text.replace(/[\\;|]/g, (ch) => `\\${ch}`);

export function listCell(items: readonly (readonly string[])[]): string {
  return items.map((fields) => fields.map(escapeField).join('|')).join('; ');
}

/** A list cell's items and their fields; undefined for a lone `\` at the end. */
export function readListCell(cell: string): string[][] | undefined {
  const items: string[][] = [];
  let fields: string[] = [];
  let field = '';
  for (let i = 0; i < cell.length; i++) {
    const ch = cell[i]!;
    if (ch === '\\') {
      if (i + 1 === cell.length) return undefined;
      field += cell[++i];
    } else if (ch === '|') {
      fields.push(field.trim());
      field = '';
    } else if (ch === ';') {
      fields.push(field.trim());
      if (fields.some((text) => text !== '') || fields.length > 1) items.push(fields);
      fields = [];
      field = '';
    } else {
      field += ch;
    }
  }
  fields.push(field.trim());
  if (fields.some((text) => text !== '') || fields.length > 1) items.push(fields);
  return items;
}

/** "48.90" → 4890: a number with at most two decimals; undefined for anything else. */
function centsOf(text: string): number | undefined {
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const wholeOf = (text: string): number | undefined => (/^-?\d{1,10}$/.test(text) ? Number(text) : undefined);

/** The API's field → the file's column, so a rule's message names the column. */
const columnOfField: Record<string, PartsCsvColumn> = {
  sku: 'sku',
  name: 'name',
  description: 'description',
  priceCents: 'price',
  coreChargeCents: 'core_charge',
  stock: 'stock',
  minOrderQuantity: 'min_order',
  packSize: 'pack_size',
  lowStockThreshold: 'low_stock_threshold',
  imageUrl: 'image_url',
  categoryId: 'category',
  priceTiers: 'price_tiers',
  crossReferences: 'cross_references',
};

// --- The file's rows ------------------------------------------------------------------------------

/** A number the part replaces, as the file has it. */
interface FileSupersession {
  fromNumber: string;
  fromKey: string;
  quantityFactor: number;
  since: string;
  note: string;
}

/** A row of the parts file, checked on its own, kept until the file has been read. */
interface PartLine {
  line: number;
  sku: string;
  name: string;
  description: string;
  category: string;
  priceCents: number;
  coreChargeCents: number;
  stock: number;
  minOrderQuantity: number;
  packSize: number;
  lowStockThreshold: number | null;
  imageUrl: string;
  archived: boolean;
  priceTiers: PriceTier[];
  crossReferences: CrossReference[];
  supersessions: FileSupersession[];
}

const tiersCell = (tiers: readonly PriceTier[]) =>
  listCell(tiers.map((tier) => [String(tier.minQuantity), decimalOf(tier.unitPriceCents)]));

const supersessionsCell = (
  rows: readonly Pick<SupersessionRow, 'from_number' | 'quantity_factor' | 'since' | 'note' | 'from_key'>[],
) =>
  listCell(
    [...rows]
      .sort((a, b) => (a.from_key < b.from_key ? -1 : a.from_key > b.from_key ? 1 : 0))
      .map((row) => [row.from_number, String(row.quantity_factor), row.since, row.note]),
  );

function tiersOf(text: string): PriceTier[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as PriceTier[]) : [];
  } catch {
    return [];
  }
}

/** Reads one row's cells into a part, or answers what is wrong with them. */
function readPartRow(line: number, cell: (column: PartsCsvColumn) => string, errors: ImportLineError[]): PartLine | undefined {
  const before = errors.length;
  const fail = (message: string) => errors.push({ line, message });
  const price = centsOf(cell('price').trim());
  if (price === undefined) fail(c.badPrice('price'));
  // Empty: no core deposit.
  const coreText = cell('core_charge').trim();
  const coreCharge = coreText === '' ? 0 : centsOf(coreText);
  if (coreCharge === undefined) fail(c.badPrice('core_charge'));
  const wholes = {} as Record<'stock' | 'min_order' | 'pack_size' | 'low_stock_threshold', number | undefined>;
  for (const column of ['stock', 'min_order', 'pack_size', 'low_stock_threshold'] as const) {
    const text = cell(column).trim();
    if (column === 'low_stock_threshold' && text === '') continue;
    wholes[column] = wholeOf(text);
    if (wholes[column] === undefined) fail(c.badWhole(column));
  }
  const archivedText = cell('archived').trim().toLowerCase();
  if (archivedText !== '' && archivedText !== 'yes') fail(c.badArchived);

  /** A list cell's items; a lone `\` at its end is the cell's error, and then it has none. */
  const listItems = (column: 'price_tiers' | 'cross_references' | 'supersessions') => {
    const items = readListCell(cell(column));
    if (!items) fail(c.field(column, c.unclosedEscape));
    return items ?? [];
  };

  const tiers: PriceTier[] = [];
  listItems('price_tiers').forEach((fields, index) => {
    const quantity = fields.length === 2 ? wholeOf(fields[0]!) : undefined;
    const unit = fields.length === 2 ? centsOf(fields[1]!) : undefined;
    if (quantity === undefined || unit === undefined) {
      fail(c.listCell('price_tiers', index + 1, c.listFields('a minimum quantity and a unit price like 10|44.00')));
    } else {
      tiers.push({ minQuantity: quantity, unitPriceCents: unit });
    }
  });

  const references: CrossReference[] = [];
  listItems('cross_references').forEach((fields, index) => {
    if (fields.length !== 2)
      fail(c.listCell('cross_references', index + 1, c.listFields('a brand and a number like Bosch|0 986 494 123')));
    else references.push({ brand: fields[0]!, number: fields[1]! });
  });

  const supersessions: FileSupersession[] = [];
  const keys = new Set<string>();
  listItems('supersessions').forEach((fields, index) => {
    if (fields.length !== 4) {
      fail(c.listCell('supersessions', index + 1, c.listFields('the old number, the factor, the day (YYYY-MM-DD) and a note')));
      return;
    }
    const [fromNumber, factor, since, note] = fields as [string, string, string, string];
    const parsed = supersessionInputSchema.safeParse({ fromNumber, quantityFactor: wholeOf(factor) ?? Number.NaN, since, note });
    if (!parsed.success) {
      fail(c.listCell('supersessions', index + 1, parsed.error.issues[0]!.message));
      return;
    }
    const fromKey = partNumberKey(parsed.data.fromNumber);
    if (keys.has(fromKey)) {
      fail(
        c.listCell(
          'supersessions',
          index + 1,
          copy.supersessions.alreadyReplaced(parsed.data.fromNumber, cell('sku').trim().toUpperCase()),
        ),
      );
      return;
    }
    keys.add(fromKey);
    supersessions.push({
      fromNumber: parsed.data.fromNumber,
      fromKey,
      quantityFactor: parsed.data.quantityFactor,
      since: parsed.data.since ?? since,
      note: parsed.data.note,
    });
  });

  // The rules of a part's form, each message under its column.
  const input = partInputSchema.safeParse({
    sku: cell('sku'),
    name: cell('name'),
    description: cell('description'),
    priceCents: price ?? 0,
    coreChargeCents: coreCharge ?? 0,
    stock: wholes.stock ?? 0,
    minOrderQuantity: wholes.min_order ?? 1,
    packSize: wholes.pack_size ?? DEFAULT_PACK_SIZE,
    lowStockThreshold: wholes.low_stock_threshold ?? null,
    imageUrl: cell('image_url'),
    categoryId: cell('category').trim() || ' ',
    priceTiers: tiers,
    crossReferences: references,
  });
  if (!input.success) {
    for (const issue of input.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'categoryId') continue;
      fail(c.field(columnOfField[field] ?? field, issue.message));
    }
  }
  if (cell('category').trim() === '') fail(c.field('category', copy.categories.required));
  if (errors.length > before || !input.success) return undefined;
  const part = input.data;
  return {
    line,
    sku: part.sku,
    name: part.name,
    description: part.description,
    category: cell('category').trim(),
    priceCents: part.priceCents,
    coreChargeCents: part.coreChargeCents ?? 0,
    stock: part.stock,
    minOrderQuantity: part.minOrderQuantity ?? 1,
    packSize: part.packSize ?? DEFAULT_PACK_SIZE,
    lowStockThreshold: part.lowStockThreshold ?? null,
    imageUrl: part.imageUrl,
    archived: archivedText === 'yes',
    priceTiers: part.priceTiers ?? [],
    crossReferences: part.crossReferences ?? [],
    supersessions,
  };
}

/** The columns a file's row sets, as stored: the same for a part it adds and one it changes. */
function partColumns(part: PartLine, categoryId: string) {
  return {
    sku: part.sku,
    name: part.name,
    description: part.description,
    category_id: categoryId,
    price_cents: part.priceCents,
    core_charge_cents: part.coreChargeCents,
    stock: part.stock,
    min_order_quantity: part.minOrderQuantity,
    pack_size: part.packSize,
    low_stock_threshold: part.lowStockThreshold,
    image_url: part.imageUrl,
    price_tiers: JSON.stringify(part.priceTiers),
    cross_references: crossReferencesText(part.crossReferences),
  };
}

const sameTiers = (a: readonly PriceTier[], b: readonly PriceTier[]) =>
  a.length === b.length &&
  a.every((tier, i) => tier.minQuantity === b[i]!.minQuantity && tier.unitPriceCents === b[i]!.unitPriceCents);

const sameReferences = (a: readonly CrossReference[], b: readonly CrossReference[]) =>
  a.length === b.length && a.every((reference, i) => reference.brand === b[i]!.brand && reference.number === b[i]!.number);

const sameSupersessions = (file: readonly FileSupersession[], stored: readonly SupersessionRow[]) =>
  file.length === stored.length &&
  file.every((item) => {
    const row = stored.find((candidate) => candidate.from_key === item.fromKey);
    return (
      row !== undefined &&
      row.from_number === item.fromNumber &&
      row.quantity_factor === item.quantityFactor &&
      row.since === item.since &&
      row.note === item.note
    );
  });

export interface PartsCsvDeps {
  clock: Clock;
  storage: ObjectStorage;
  events: EventBus;
}

/**
 * The parts as a CSV file (docs/shop-rules.md, "The catalogue as CSV files"): one row per part, by
 * SKU, with every field an admin sets. An import adds the parts of new SKUs and changes the others
 * where they differ, by the rules of the part's form and its replaced numbers; parts the file does not
 * name are left as they are.
 */
export function createPartsCsv(db: Db, { clock, storage, events }: PartsCsvDeps) {
  return {
    async *exportCsv(): AsyncGenerator<string> {
      yield exportLine(PARTS_CSV_COLUMNS);
      const slugs = new Map((await allCategories(db)).map((category) => [category.id, category.slug]));
      let after: string | undefined;
      for (;;) {
        const parts = await csvPartsAfterSku(db, after, EXPORT_PARTS);
        if (parts.length === 0) return;
        const supersessions = await supersessionsOfParts(
          db,
          parts.map((part) => part.id),
        );
        let text = '';
        for (const part of parts) {
          const cells: Record<PartsCsvColumn, string> = {
            sku: part.sku,
            name: part.name,
            description: part.description,
            category: slugs.get(part.category_id) ?? '',
            price: decimalOf(part.price_cents),
            core_charge: part.core_charge_cents === 0 ? '' : decimalOf(part.core_charge_cents),
            stock: String(part.stock),
            min_order: String(part.min_order_quantity),
            pack_size: String(part.pack_size),
            low_stock_threshold: part.low_stock_threshold === null ? '' : String(part.low_stock_threshold),
            image_url: part.image_url,
            archived: part.archived_at === null ? '' : 'yes',
            price_tiers: tiersCell(tiersOf(part.price_tiers)),
            cross_references: listCell(crossReferencesOf(part).map((reference) => [reference.brand, reference.number])),
            supersessions: supersessionsCell(supersessions.get(part.id) ?? []),
          };
          text += exportLine(PARTS_CSV_COLUMNS.map((column) => cells[column]));
        }
        yield text;
        after = parts.at(-1)!.sku;
      }
    },

    async importCsv(source: AsyncIterable<Uint8Array | string>, maxBytes: number, apply: boolean): Promise<CatalogueCsvReport> {
      const errors: ImportLineError[] = [];
      const lines: PartLine[] = [];
      const seen = new Map<string, number>();
      const shapeErrors = await eachCsvRow(source, maxBytes, PARTS_CSV_COLUMNS, (line, cell) => {
        const sku = cell('sku').trim().toUpperCase();
        const earlier = sku === '' ? undefined : seen.get(sku);
        if (earlier !== undefined) {
          errors.push({ line, message: c.skuTwice(sku, earlier) });
          return;
        }
        if (sku !== '') seen.set(sku, line);
        const part = readPartRow(line, cell, errors);
        if (part) lines.push(part);
      });
      errors.push(...shapeErrors);
      if (errors.length > 0) return refusedImport(errors);

      const imageServed = new Map<string, boolean>();
      const served = async (url: string) => {
        if (!imageServed.has(url)) imageServed.set(url, await isOwnUpload(storage, url));
        return imageServed.get(url)!;
      };
      const now = clock.now().toISOString();
      try {
        return await events.transaction(db, async ({ trx, announce }) => {
          await lockSupersessions(trx);
          const categories = new Map((await allCategories(trx)).map((category) => [category.slug, category.id]));
          const stored = await csvPartsBySku(
            trx,
            lines.map((part) => part.sku),
          );
          const supersessions = await allSupersessions(trx);
          const storedSets = new Map<string, SupersessionRow[]>();
          for (const row of supersessions) storedSets.set(row.to_part_id, [...(storedSets.get(row.to_part_id) ?? []), row]);

          // A row's columns are made when its slice is written: made for the whole file at once, they held
          // some 10 MB for 10,000 parts until the next full collection.
          const inserts: { part: PartLine; id: string; categoryId: string }[] = [];
          const updates: { part: PartLine; current: CsvPartRow; categoryId: string }[] = [];
          /** The parts whose replaced numbers the file sets anew, by id, with their line. */
          const newSets = new Map<string, PartLine>();
          const idOf = new Map<string, string>();
          let unchanged = 0;
          for (const part of lines) {
            const fail = (message: string) => errors.push({ line: part.line, message });
            const categoryId = categories.get(part.category);
            if (!categoryId) fail(c.unknownCategory(part.category));
            const current = stored.get(part.sku);
            if (!current) {
              if (part.archived) fail(c.archivedNew);
              if (!(await served(part.imageUrl))) fail(c.imageNotServed(part.imageUrl));
              if (!categoryId) continue;
              const id = newId();
              idOf.set(part.sku, id);
              inserts.push({ part, id, categoryId });
              if (part.supersessions.length > 0) newSets.set(id, part);
              continue;
            }
            idOf.set(part.sku, current.id);
            if (part.archived !== (current.archived_at !== null)) {
              fail(c.archivedChange);
              continue;
            }
            if (!categoryId) continue;
            const setChanged = !sameSupersessions(part.supersessions, storedSets.get(current.id) ?? []);
            const fieldsChanged =
              current.name !== part.name ||
              current.description !== part.description ||
              current.category_id !== categoryId ||
              current.price_cents !== part.priceCents ||
              current.core_charge_cents !== part.coreChargeCents ||
              current.stock !== part.stock ||
              current.min_order_quantity !== part.minOrderQuantity ||
              current.pack_size !== part.packSize ||
              current.low_stock_threshold !== part.lowStockThreshold ||
              current.image_url !== part.imageUrl ||
              !sameTiers(tiersOf(current.price_tiers), part.priceTiers) ||
              !sameReferences(crossReferencesOf(current), part.crossReferences);
            if (!fieldsChanged && !setChanged) {
              unchanged += 1;
              continue;
            }
            if (current.archived_at !== null) {
              fail(c.archivedEdit(part.sku));
              continue;
            }
            if (current.image_url !== part.imageUrl && !(await served(part.imageUrl))) fail(c.imageNotServed(part.imageUrl));
            if (setChanged) newSets.set(current.id, part);
            updates.push({ part, current, categoryId });
          }

          // The replaced numbers as they will be: the stored ones of parts the file does not set anew, and the file's.
          const finalByKey = new Map<string, { partId: string; number: string; line?: number }>();
          for (const row of supersessions) {
            if (!newSets.has(row.to_part_id)) finalByKey.set(row.from_key, { partId: row.to_part_id, number: row.from_number });
          }
          const storedKeys = new Set(supersessions.map((row) => `${row.to_part_id}|${row.from_key}`));
          const freshNumbers: { part: PartLine; partId: string; item: FileSupersession }[] = [];
          for (const [partId, part] of newSets) {
            for (const item of part.supersessions) {
              const taken = finalByKey.get(item.fromKey);
              if (taken && taken.partId !== partId) {
                if (taken.line !== undefined) {
                  errors.push({
                    line: part.line,
                    message: c.supersessionTwice(
                      item.fromNumber,
                      [...lines].find((l) => l.line === taken.line)?.sku ?? '',
                      taken.line,
                    ),
                  });
                } else {
                  const holder = (await skusOfParts(trx, [taken.partId])).get(taken.partId) ?? '';
                  errors.push({ line: part.line, message: c.supersessionTaken(item.fromNumber, holder) });
                }
                continue;
              }
              if (item.fromKey === partNumberKey(part.sku)) {
                errors.push({ line: part.line, message: c.supersessionOwnSku(item.fromNumber) });
                continue;
              }
              finalByKey.set(item.fromKey, { partId, number: item.fromNumber, line: part.line });
              if (!storedKeys.has(`${partId}|${item.fromKey}`)) freshNumbers.push({ part, partId, item });
            }
          }
          // A number newly replaced must not be a part on sale (the part's page replaces it, archiving it).
          const onSale = await findLivePartsBySku(
            trx,
            freshNumbers.map(({ item }) => item.fromNumber),
          );
          for (const { part, item } of freshNumbers) {
            const live = onSale.get(item.fromNumber);
            if (live && live.id !== idOf.get(part.sku))
              errors.push({ line: part.line, message: c.supersessionOnSale(item.fromNumber) });
          }
          // Nor may a part's SKU be a replaced number; nor may a new part's SKU be a number a stored part replaces.
          for (const part of lines) {
            const taken = finalByKey.get(partNumberKey(part.sku));
            if (taken && taken.partId !== idOf.get(part.sku) && (!stored.has(part.sku) || newSets.has(taken.partId))) {
              const holder =
                taken.line !== undefined
                  ? lines.find((l) => l.line === taken.line)?.sku
                  : (await skusOfParts(trx, [taken.partId])).get(taken.partId);
              errors.push({ line: part.line, message: c.skuReplaced(part.sku, holder ?? '') });
            }
          }
          // A circle: a part's own SKU leads, through the numbers replaced as they will be, back to the part.
          const skuOf = await skusOfParts(trx, [...new Set([...finalByKey.values()].map((entry) => entry.partId))]);
          for (const part of lines) skuOf.set(idOf.get(part.sku) ?? '', part.sku);
          for (const [partId, part] of newSets) {
            let key = partNumberKey(part.sku);
            const visited = new Set<string>();
            for (let step = 0; step < MAX_CHAIN; step++) {
              const link = finalByKey.get(key);
              if (!link || visited.has(key)) break;
              visited.add(key);
              if (link.partId === partId) {
                errors.push({ line: part.line, message: c.supersessionCycle(part.sku, part.sku) });
                break;
              }
              key = partNumberKey(skuOf.get(link.partId) ?? '');
            }
          }

          if (errors.length > 0) return refusedImport(errors);
          if (apply) {
            for (let start = 0; start < inserts.length; start += WRITE_SLICE) {
              const rows: NewCsvPart[] = inserts.slice(start, start + WRITE_SLICE).map(({ part, id, categoryId }) => ({
                id,
                ...partColumns(part, categoryId),
                created_at: now,
                updated_at: now,
                archived_at: null,
                flash_deal_since: null,
              }));
              await insertParts(trx, rows);
            }
            // In id order across the slices, as updateParts locks the stock rows of each.
            const byId = [...updates].sort((a, b) => (a.current.id < b.current.id ? -1 : a.current.id > b.current.id ? 1 : 0));
            for (let start = 0; start < byId.length; start += WRITE_SLICE) {
              const rows: CsvPartChange[] = byId
                .slice(start, start + WRITE_SLICE)
                .map(({ part, current, categoryId }) => ({ id: current.id, ...partColumns(part, categoryId), updated_at: now }));
              await updateParts(trx, rows);
            }
            const removed: { partId: string; fromKey: string }[] = [];
            const written: SupersessionRow[] = [];
            for (const [partId, part] of newSets) {
              const keep = new Set(part.supersessions.map((item) => item.fromKey));
              for (const row of storedSets.get(partId) ?? [])
                if (!keep.has(row.from_key)) removed.push({ partId, fromKey: row.from_key });
              const before = new Map((storedSets.get(partId) ?? []).map((row) => [row.from_key, row]));
              for (const item of part.supersessions) {
                written.push({
                  from_key: item.fromKey,
                  from_number: item.fromNumber,
                  to_part_id: partId,
                  quantity_factor: item.quantityFactor,
                  since: item.since,
                  note: item.note,
                  created_at: before.get(item.fromKey)?.created_at ?? now,
                });
              }
            }
            await deleteSupersessions(trx, removed);
            await upsertSupersessions(trx, written);
            for (const { part, current } of updates) {
              const stockSet = part.stock !== current.stock || part.minOrderQuantity !== current.min_order_quantity;
              if (stockSet || part.lowStockThreshold !== current.low_stock_threshold) {
                await afterAdminChange(
                  trx,
                  {
                    id: current.id,
                    stock: part.stock,
                    minOrderQuantity: part.minOrderQuantity,
                    lowStockThreshold: part.lowStockThreshold,
                  },
                  now,
                );
              }
              if (stockSet) await announce('partStockSet', { partId: current.id, at: now });
            }
            if (inserts.length + updates.length > 0) await announce('catalogueChanged', {});
          }
          return { ok: true, added: inserts.length, changed: updates.length, unchanged, errors: [] };
        });
      } catch (error) {
        // Another admin saved a SKU or a replaced number between this import's reading and its writing.
        if (isUniqueViolation(error)) throw new AppError('conflict', copy.catalogueImport.changedMeanwhile);
        throw error;
      }
    },
  };
}

export type PartsCsv = ReturnType<typeof createPartsCsv>;
