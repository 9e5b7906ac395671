import { z } from 'zod';

/** The largest VCdb extract and ACES file taken at once; a larger one is refused before it is read. */
export const MAX_VCDB_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_ACES_FILE_BYTES = 10 * 1024 * 1024;
/** The most rows of a VCdb extract and App elements of an ACES file checked in one request. */
export const MAX_VCDB_ROWS = 20_000;
export const MAX_ACES_APPS = 20_000;

/** A line of an imported file and what is wrong with it. */
export const importLineErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type ImportLineError = z.infer<typeof importLineErrorSchema>;

/** POST /api/admin/vcdb: how many rows gave vehicles their base-vehicle ids, and the rows that did not. */
export const vcdbLoadSchema = z.object({ matched: z.number().int(), unmatched: z.array(importLineErrorSchema) }).meta({
  example: {
    matched: 20,
    unmatched: [{ line: 22, message: 'The shop lists no Tesla Model 3 built in 2020.' }],
  },
});
export type VcdbLoad = z.infer<typeof vcdbLoadSchema>;

/** ?apply=true writes the file; false (the default) only checks it. */
export const acesImportQuerySchema = z.object({
  apply: z.enum(['true', 'false']).default('false'),
});

/**
 * POST /api/admin/aces: the fitment rows the file adds, changes and leaves as they are, or every error
 * with its line; with any error nothing is written.
 */
export const acesImportReportSchema = z
  .object({
    ok: z.boolean(),
    added: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    errors: z.array(importLineErrorSchema),
  })
  .meta({
    examples: [
      { ok: true, added: 4, changed: 2, unchanged: 2, errors: [] },
      {
        ok: false,
        added: 0,
        changed: 0,
        unchanged: 0,
        errors: [{ line: 14, message: 'No part on sale has the number GH-XXX-0000.' }],
      },
    ],
  });
export type AcesImportReport = z.infer<typeof acesImportReportSchema>;
