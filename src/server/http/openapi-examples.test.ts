import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testApi } from '../testing/api';
import { describeOnEachEngine } from '../testing/test-app';

interface Media {
  schema?: { example?: unknown; examples?: unknown; anyOf?: Media['schema'][] };
  example?: unknown;
  examples?: unknown;
}
interface Operation {
  summary?: string;
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, Media> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Every route of the trade sections of the product (trade accounts; tax, delivery and totals; part
 * numbers and the trade's data formats; returns and cores; connecting systems), as the document names them.
 */
const tradeRoutes = [
  // Trade accounts: applying, the company, its members, sites and contract prices.
  'post /api/companies',
  'get /api/companies',
  'patch /api/companies/{id}',
  'get /api/me/company',
  'get /api/me/prices',
  'put /api/companies/{id}/prices',
  'get /api/companies/{id}/prices',
  'post /api/me/company/invitations',
  'delete /api/me/company/invitations/{id}',
  'get /api/invitations/{token}',
  'post /api/invitations/{token}/accept',
  'patch /api/me/company/members/{userId}',
  'delete /api/me/company/members/{userId}',
  'post /api/me/company/addresses',
  'patch /api/me/company/addresses/{id}',
  'delete /api/me/company/addresses/{id}',
  // Orders of members: on account, awaiting approval, cancelled with a credit note.
  'post /api/orders',
  'get /api/orders',
  'get /api/me/orders',
  'get /api/orders/{id}',
  'delete /api/orders/{id}',
  'post /api/orders/{id}/approve',
  'post /api/orders/{id}/decline',
  'get /api/orders/{id}/invoice.pdf',
  'get /api/credit-notes/{number}.pdf',
  // Invoices on account and the statement.
  'post /api/invoices/{number}/payments',
  'get /api/invoices/{number}/payments',
  'post /api/invoices/{number}/pay-by-card',
  'post /api/invoices/{number}/card-payment',
  'post /api/invoices/{number}/card-payment/confirm',
  'get /api/me/company/statement',
  'get /api/me/company/statement.pdf',
  'get /api/me/company/statement.csv',
  // Saved lists.
  'get /api/me/lists',
  'post /api/me/lists',
  'get /api/me/lists/{id}',
  'patch /api/me/lists/{id}',
  'delete /api/me/lists/{id}',
  'post /api/me/lists/{id}/to-cart',
  // Tax, delivery and totals; numbers resolved in the cart.
  'get /api/settings',
  'patch /api/settings',
  'post /api/cart/quote',
  'get /api/cart',
  'put /api/cart/lines/{partId}',
  'post /api/cart/lines/{partId}/replace',
  'post /api/cart/import',
  'post /api/orders/{id}/reorder',
  // Part numbers that change, cross-references, minimum orders, notify me.
  'get /api/parts',
  'post /api/parts',
  'get /api/parts/{id}',
  'patch /api/parts/{id}',
  'get /api/parts/{id}/supersessions',
  'post /api/parts/{id}/supersessions',
  'delete /api/parts/{id}/supersessions/{fromNumber}',
  'post /api/parts/{id}/notify-me',
  'delete /api/parts/{id}/notify-me',
  'get /api/me/stock-alerts',
  // The trade's data formats.
  'get /api/admin/catalogue.csv',
  'get /api/admin/fitments.csv',
  'post /api/admin/catalogue/import',
  'post /api/admin/vcdb',
  'post /api/admin/aces',
  'get /api/vehicles/vin/{vin}',
  // Returns and cores.
  'post /api/returns',
  'get /api/returns',
  'get /api/returns/{id}',
  'post /api/returns/{id}/approve',
  'post /api/returns/{id}/refuse',
  'post /api/returns/{id}/receive',
  'post /api/returns/{id}/credit',
  // Connecting systems.
  'post /api/api-keys',
  'get /api/api-keys',
  'delete /api/api-keys/{id}',
  'post /api/availability',
  'post /api/webhooks',
  'get /api/webhooks',
  'delete /api/webhooks/{id}',
  'get /api/webhooks/{id}/deliveries',
  'post /api/webhooks/{id}/deliveries/{deliveryId}/resend',
];

const JSON_TYPES = new Set(['application/json', 'application/problem+json']);

/** An example of the whole body, not only of a field: on the media, on its schema, or on a branch of a nullable schema. */
function hasExample(media: Media | undefined): boolean {
  if (!media) return false;
  const schema = media.schema;
  const own = (holder: object | undefined) => holder !== undefined && ('example' in holder || 'examples' in holder);
  return own(media) || own(schema) || (schema?.anyOf?.some((branch) => own(branch)) ?? false);
}

/** What the route's document lacks, each problem as a line. */
function problemsOf(route: string, operation: Operation | undefined): string[] {
  if (!operation) return [`${route}: not in the document`];
  const problems: string[] = [];
  if (!operation.summary?.trim()) problems.push(`${route}: no summary`);
  for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
    if (!hasExample(media)) problems.push(`${route}: the ${type} request body has no example`);
  }
  const successes = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
  if (successes.length === 0) problems.push(`${route}: no 2xx response`);
  for (const [status, response] of successes) {
    // 204 has no body to show.
    if (status === '204') continue;
    const content = Object.entries(response.content ?? {});
    if (content.length === 0) problems.push(`${route}: ${status} declares no content type`);
    for (const [type, media] of content) {
      // A binary answer (a PDF) declares its type; JSON and text (CSV, XML) show what they look like.
      const shown = JSON_TYPES.has(type) || type.startsWith('text/') || type.endsWith('/xml');
      if (shown && !hasExample(media)) problems.push(`${route}: the ${status} ${type} answer has no example`);
    }
  }
  return problems;
}

describeOnEachEngine('the OpenAPI document of the trade routes', (ctx) => {
  const api = testApi(ctx);

  it('has every trade route, each with a summary and an example of what it takes and answers', async () => {
    const res = await api.anonymous.get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.json as OpenApiDocument;
    const problems = tradeRoutes.flatMap((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return problemsOf(route, doc.paths[path]?.[method]);
    });
    expect(problems).toEqual([]);
  });

  it('declares the content type of every answer that is not JSON', async () => {
    const doc = (await api.anonymous.get('/api/openapi.json')).json as OpenApiDocument;
    const typeOf = (route: string) => {
      const [method, path] = route.split(' ') as [string, string];
      return Object.keys(doc.paths[path]?.[method]?.responses?.['200']?.content ?? {});
    };
    expect(typeOf('get /api/me/company/statement.csv')).toEqual(['text/csv']);
    expect(typeOf('get /api/me/company/statement.pdf')).toEqual(['application/pdf']);
    expect(typeOf('get /api/orders/{id}/invoice.pdf')).toEqual(['application/pdf']);
    expect(typeOf('get /api/credit-notes/{number}.pdf')).toEqual(['application/pdf']);
    expect(typeOf('get /api/admin/catalogue.csv')).toEqual(['text/csv']);
    expect(typeOf('get /api/admin/fitments.csv')).toEqual(['text/csv']);
  });
});

describe('the examples of the shared schemas', () => {
  const modules = import.meta.glob<Record<string, unknown>>(['/src/shared/schemas/*.ts', '!/src/shared/schemas/*.test.ts'], {
    eager: true,
  });

  it('each pass the schema that shows them', () => {
    const invalid: string[] = [];
    let count = 0;
    for (const [file, module] of Object.entries(modules)) {
      for (const [name, schema] of Object.entries(module)) {
        if (!(schema instanceof z.ZodType)) continue;
        const examples: unknown = z.globalRegistry.get(schema)?.examples;
        for (const example of Array.isArray(examples) ? examples : []) {
          count += 1;
          const result = schema.safeParse(example);
          if (!result.success) invalid.push(`${file} ${name}: ${z.prettifyError(result.error)}`);
        }
      }
    }
    expect(invalid).toEqual([]);
    // The glob found the schemas: an empty match would pass with nothing checked.
    expect(count).toBeGreaterThan(50);
  });
});
