import { z } from 'zod';
import { acesImportQuerySchema, acesImportReportSchema } from './catalogue-import';

/**
 * The catalogue as CSV files (docs/shop-rules.md, "The catalogue as CSV files"; docs/decisions/
 * 0045-catalogue-csv-files.md): parts and fitments exported whole, and imported checked first.
 */

/** The largest catalogue file taken at once; a larger one is refused with 413 as its bytes arrive. */
export const MAX_CATALOGUE_CSV_BYTES = 32 * 1024 * 1024;

/** The parts file's columns, in this order on export; an import names each once, in any order. */
export const PARTS_CSV_COLUMNS = [
  'sku',
  'name',
  'description',
  'category',
  'price',
  'core_charge',
  'stock',
  'min_order',
  'pack_size',
  'low_stock_threshold',
  'image_url',
  'archived',
  'price_tiers',
  'cross_references',
  'supersessions',
] as const;
export type PartsCsvColumn = (typeof PARTS_CSV_COLUMNS)[number];

/**
 * The fitments file's columns: the part's SKU, the vehicle by the key that tells the shop's vehicles
 * apart (make, model, engine and its first year), then the years the part fits it and the note.
 */
export const FITMENTS_CSV_COLUMNS = ['sku', 'make', 'model', 'engine', 'vehicle_from', 'year_from', 'year_to', 'note'] as const;
export type FitmentsCsvColumn = (typeof FITMENTS_CSV_COLUMNS)[number];

export const catalogueCsvKinds = ['parts', 'fitments'] as const;
export type CatalogueCsvKind = (typeof catalogueCsvKinds)[number];

/** POST /api/admin/catalogue/import: which file, and whether to write it (false, the default: check only). */
export const catalogueCsvImportQuerySchema = acesImportQuerySchema.extend({ kind: z.enum(catalogueCsvKinds) });
export type CatalogueCsvImportQuery = z.infer<typeof catalogueCsvImportQuerySchema>;

/**
 * What an import did (apply=true) or would do (apply=false): the rows it adds, changes and leaves as
 * they are, or every error with its line, and then nothing is written. Rows of the catalogue the file
 * does not name are left alone and not counted. The ACES import's report, with examples of its own.
 */
export const catalogueCsvReportSchema = acesImportReportSchema.meta({
  examples: [
    { ok: true, added: 120, changed: 14, unchanged: 9866, errors: [] },
    {
      ok: false,
      added: 0,
      changed: 0,
      unchanged: 0,
      errors: [
        { line: 1, message: 'The column “colour” is not one of the file’s columns.' },
        { line: 9999, message: 'GH-BRK-1042 is already on line 12.' },
      ],
    },
  ],
});
export type CatalogueCsvReport = z.infer<typeof catalogueCsvReportSchema>;
