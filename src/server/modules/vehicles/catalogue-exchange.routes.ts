import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as copy from '#shared/copy';
import {
  catalogueCsvImportQuerySchema,
  catalogueCsvReportSchema,
  type CatalogueCsvReport,
  MAX_CATALOGUE_CSV_BYTES,
} from '#shared/schemas/catalogue-exchange';
import { AppError } from '../../app-error';
import { UTF8_BOM } from '../content';
import { requireAdmin } from '../../http/guards';
import { problemSchema } from '../../http/openapi';

const adminOnly = { 401: problemSchema, 403: problemSchema };
const MB = 1024 * 1024;

/**
 * A file being received, as the request's body: its stream behind a private field, so that the app's
 * hooks that walk a parsed body (NUL characters) see no members to follow into the socket. The reader
 * refuses a NUL itself.
 */
class CsvUpload {
  readonly #stream: Readable;
  constructor(stream: Readable) {
    this.#stream = stream;
  }
  get stream(): Readable {
    return this.#stream;
  }
}

/** One of the catalogue's CSV files: the parts module's parts, this module's fitments. */
export interface CatalogueCsvFile {
  exportCsv(): AsyncGenerator<string>;
  importCsv(source: AsyncIterable<Uint8Array | string>, maxBytes: number, apply: boolean): Promise<CatalogueCsvReport>;
}

const exampleParts =
  'sku,name,description,category,price,core_charge,stock,min_order,pack_size,low_stock_threshold,image_url,archived,price_tiers,cross_references,supersessions\r\n' +
  'GH-BRK-1042,Front brake pads,Ceramic pads for the front axle.,brakes,48.90,,120,1,2,,/uploads/0123456789abcdef0123456789abcdef.webp,,10|44.00; 50|39.50,Bosch|0 986 494 123; ATE|13.0460-7184.2,GH-BRK-1000|1|2025-03-01|Ceramic compound\r\n';
const exampleFitments =
  'sku,make,model,engine,vehicle_from,year_from,year_to,note\r\n' +
  'GH-BRK-1042,Volkswagen,Golf VII,1.4 TSI 92 kW,2012,2012,2019,front axle\r\n';

/**
 * The catalogue as CSV files for admins (docs/shop-rules.md, "The catalogue as CSV files"): both
 * files downloaded whole, streamed as they are read; and an import that reads the file as it arrives
 * (never the whole of it in memory), checks every row, and writes it in one transaction only when
 * asked to and free of errors.
 */
export const catalogueExchangeRoutes: FastifyPluginAsyncZod<{ parts: CatalogueCsvFile; fitments: CatalogueCsvFile }> = async (
  app,
  { parts, fitments },
) => {
  // The file's bytes are handed on as they come; the import reads and limits them itself. Content-type
  // parsers are encapsulated: the rest of the app keeps its own.
  app.addContentTypeParser(['text/csv', 'text/plain'], (_request, payload, done) => done(null, new CsvUpload(payload)));

  const download = (file: CatalogueCsvFile, filename: string) => ({
    handler: async (_request: unknown, reply: FastifyReply) => {
      async function* withBom() {
        yield UTF8_BOM;
        yield* file.exportCsv();
      }
      // A byte stream pulls the next batch only once the client has taken the last one.
      const body = Readable.from(withBom(), { objectMode: false });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body as unknown as string);
    },
  });

  app.get(
    '/api/admin/catalogue.csv',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['parts'],
        summary:
          'Every part as a CSV download (UTF-8 with a BOM, RFC 4180), ordered by SKU: every field an admin sets, the price tiers ' +
          'and the numbers the part replaces in cells of items separated by “; ”, fields by “|”; streamed',
        produces: ['text/csv'],
        response: { 200: z.string().meta({ example: exampleParts }), ...adminOnly },
      },
    },
    download(parts, 'catalogue.csv').handler,
  );

  app.get(
    '/api/admin/fitments.csv',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['vehicles'],
        summary:
          'Every fitment as a CSV download (UTF-8 with a BOM, RFC 4180), one row per part and vehicle, ordered by SKU and then ' +
          'vehicle (make, model, engine, first year); streamed',
        produces: ['text/csv'],
        response: { 200: z.string().meta({ example: exampleFitments }), ...adminOnly },
      },
    },
    download(fitments, 'fitments.csv').handler,
  );

  app.post(
    '/api/admin/catalogue/import',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['parts'],
        summary:
          'Check (apply=false, the default) or import (apply=true) a parts or fitments CSV file (kind), a text/csv body in UTF-8 ' +
          `of at most ${MAX_CATALOGUE_CSV_BYTES / MB} MB, read as it arrives. Answers the rows it adds, changes and leaves, or ` +
          'every error with its line, and then writes nothing; an import writes in one transaction. Rows are matched by SKU; ' +
          'what the file does not name is left alone',
        consumes: ['text/csv'],
        querystring: catalogueCsvImportQuerySchema,
        // The body is the request's stream (the parser above); the schema documents what it carries.
        body: z.any().meta({ type: 'string', example: exampleFitments }),
        response: {
          200: catalogueCsvReportSchema,
          400: problemSchema,
          409: problemSchema,
          413: problemSchema,
          415: problemSchema,
          ...adminOnly,
        },
      },
    },
    async (request) => {
      const upload: unknown = request.body;
      if (!(upload instanceof CsvUpload)) {
        throw new AppError('unsupported_media_type', copy.catalogueExchange.notCsv, { file: copy.catalogueExchange.notCsv });
      }
      const body = upload.stream;
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > MAX_CATALOGUE_CSV_BYTES) {
        body.resume();
        throw new AppError('payload_too_large', copy.catalogueImport.tooLarge(MAX_CATALOGUE_CSV_BYTES / MB));
      }
      const file = request.query.kind === 'parts' ? parts : fitments;
      try {
        return await file.importCsv(body, MAX_CATALOGUE_CSV_BYTES, request.query.apply === 'true');
      } finally {
        // A file refused part-way is not read on: what is left is discarded as it arrives.
        if (!body.readableEnded) body.resume();
      }
    },
  );
};
