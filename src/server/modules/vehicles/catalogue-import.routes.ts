import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as copy from '#shared/copy';
import {
  acesImportQuerySchema,
  acesImportReportSchema,
  MAX_ACES_FILE_BYTES,
  MAX_VCDB_FILE_BYTES,
  vcdbLoadSchema,
} from '#shared/schemas/catalogue-import';
import { AppError } from '../../app-error';
import { requireAdmin } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { CatalogueImportService } from './catalogue-import.service';

const adminOnly = { 401: problemSchema, 403: problemSchema };
const c = copy.catalogueImport;
const MB = 1024 * 1024;

export const catalogueImportRoutes: FastifyPluginAsyncZod<{ catalogueImport: CatalogueImportService }> = async (
  app,
  { catalogueImport },
) => {
  // The files come as themselves. Content-type parsers are encapsulated: these serve this plugin's
  // routes, and the rest of the app keeps its JSON parsing.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error, request) => {
    // Said in the shop's words; every other error goes on to the app's handler.
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.url === '/api/admin/aces' ? MAX_ACES_FILE_BYTES : MAX_VCDB_FILE_BYTES;
      throw new AppError('payload_too_large', c.tooLarge(limit / MB));
    }
    throw error;
  });

  app.post(
    '/api/admin/vcdb',
    {
      preValidation: requireAdmin,
      bodyLimit: MAX_VCDB_FILE_BYTES,
      schema: {
        tags: ['vehicles'],
        summary:
          'Load a VCdb extract: a text/csv body `base_vehicle_id,year,make,model`. Each row gives the shop’s vehicles of its make and model ' +
          '(case and spacing ignored) built in its year that base-vehicle id; rows matching no vehicle are answered with their line, not created',
        consumes: ['text/csv'],
        body: z.string().meta({
          example: 'base_vehicle_id,year,make,model\n130015,2015,Volkswagen,Golf VII\n139020,2020,Tesla,Model 3\n',
        }),
        response: { 200: vcdbLoadSchema, 400: problemSchema, 413: problemSchema, 415: problemSchema, ...adminOnly },
      },
    },
    async (request) => catalogueImport.loadVcdb(request.body),
  );

  app.post(
    '/api/admin/aces',
    {
      preValidation: requireAdmin,
      bodyLimit: MAX_ACES_FILE_BYTES,
      schema: {
        tags: ['vehicles'],
        summary:
          'Check (apply=false, the default) or import (apply=true) an ACES fitment file, an application/xml body in UTF-8. ' +
          'Answers the fitments it adds, changes and leaves, or every error with its line, and then writes nothing; ' +
          'a file that is not well-formed XML, not UTF-8 or not ACES is a 400',
        consumes: ['application/xml'],
        querystring: acesImportQuerySchema,
        body: z.string().meta({
          example:
            '<?xml version="1.0" encoding="UTF-8"?>\n<ACES version="4.2">\n  <App action="A" id="1">\n    <BaseVehicle id="132018"/>\n' +
            '    <Qty>1</Qty>\n    <Note>front axle</Note>\n    <Part>GH-BRK-1042</Part>\n  </App>\n</ACES>\n',
        }),
        response: {
          200: acesImportReportSchema,
          400: problemSchema,
          409: problemSchema,
          413: problemSchema,
          415: problemSchema,
          ...adminOnly,
        },
      },
    },
    async (request) => catalogueImport.importAces(request.body, request.query.apply === 'true'),
  );
};
