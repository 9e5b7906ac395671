import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorStatus } from '#shared/errors';

const codes = Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]];

/** RFC 9457 problem details, as every error is answered. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.enum(codes),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});

/**
 * Zod leaves the examples out of a schema's input form where the schema transforms what it reads
 * (they would be of the output); a request body's examples are written as a client sends them.
 */
function withBodyExamples<T extends { schema?: unknown }>(body: unknown, transformed: T): T {
  const examples = body instanceof z.ZodType ? z.globalRegistry.get(body)?.examples : undefined;
  const schema = transformed.schema as { body?: Record<string, unknown> } | undefined;
  if (!examples || !schema?.body || 'examples' in schema.body) return transformed;
  return { ...transformed, schema: { ...schema, body: { ...schema.body, examples } } };
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Gearhouse API', version: '1.0.0', description: 'The web shop of a car-parts manufacturer.' },
      tags: [
        { name: 'parts', description: 'The catalogue' },
        { name: 'vehicles', description: 'Vehicles parts fit, and your garage' },
        { name: 'reviews', description: 'Customer reviews' },
        { name: 'orders', description: 'Booking parts, your orders, and order handling for admins' },
        { name: 'content', description: 'Blog, settings, newsletter and contact' },
        { name: 'accounts', description: 'Sign-up, sign-in, sessions, passwords (better-auth) and your profile' },
        { name: 'users', description: 'Accounts, for admins' },
        { name: 'companies', description: "Trade accounts: applying, the member's company, and their review by the shop" },
        {
          name: 'returns',
          description: 'Returning lines of a delivered order: asking, approving or refusing, receiving, crediting',
        },
        {
          name: 'api-keys',
          description: "Keys for your own systems: `Authorization: Bearer gh_live_…` acts as the key's admin, within its scopes",
        },
        { name: 'inbox', description: 'Contact messages and newsletter subscribers, for admins' },
        { name: 'uploads', description: 'Pictures for parts, reviews and profiles' },
        { name: 'operations', description: 'Health and documentation' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (`gh_live_…`), made at POST /api/api-keys; each route says the scope it needs',
          },
        },
      },
    },
    // A route an API key may call says so, and which scope it needs; the others take only a session.
    transform: (args) => {
      const transformed = withBodyExamples(args.schema?.body, jsonSchemaTransform(args));
      const scope = args.route?.config?.apiKeyScope;
      if (!scope) return transformed;
      const security: { [label: string]: readonly string[] }[] = [{ bearerAuth: [] }, {}];
      return { ...transformed, schema: { ...transformed.schema, security, 'x-api-key-scope': scope } };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
