import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blogListSchema,
  blogPostSchema,
  blogSlugParamsSchema,
  contactInputSchema,
  contactMessageListSchema,
  contactMessageSchema,
  contactMessageUpdateSchema,
  createdSchema,
  inboxQuerySchema,
  newsletterInputSchema,
  okSchema,
  settingsSchema,
  settingsUpdateSchema,
  shopInfoSchema,
  type ShopInfo,
  subscriberListSchema,
} from '#shared/schemas/content';
import { idSchema } from '#shared/schemas/common';
import { requireAdmin } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { ContentService } from './content.service';

// The guard runs before validation, so a visitor learns nothing of the request's rules.
const adminOnly = { 401: problemSchema, 403: problemSchema };
const messageIdParamsSchema = z.object({ id: idSchema });

export const contentRoutes: FastifyPluginAsyncZod<{
  content: ContentService;
  shopInfo: ShopInfo;
  messagesPerMinute: number;
}> = async (app, { content, shopInfo, messagesPerMinute }) => {
  // Each message or sign-up is a row an admin reads: a script must not fill the inbox.
  const messageLimit = { rateLimit: { max: messagesPerMinute } };
  app.get(
    '/api/shop',
    {
      config: { cache: 'public' },
      schema: {
        tags: ['content'],
        summary: 'How this shop is set up (demo mode, sign-in options)',
        response: { 200: shopInfoSchema },
      },
    },
    async () => shopInfo,
  );

  app.get(
    '/api/blogs',
    {
      config: { cache: 'public' },
      schema: { tags: ['content'], summary: 'Blog posts, newest first', response: { 200: blogListSchema } },
    },
    async () => content.listBlogs(),
  );

  app.get(
    '/api/blogs/:slug',
    {
      config: { cache: 'public' },
      schema: {
        tags: ['content'],
        summary: 'One blog post',
        params: blogSlugParamsSchema,
        response: { 200: blogPostSchema, 404: problemSchema },
      },
    },
    async (request) => content.getBlog(request.params.slug),
  );

  app.get(
    '/api/settings',
    {
      config: { cache: 'public' },
      schema: { tags: ['content'], summary: 'Shop settings (flash deal)', response: { 200: settingsSchema } },
    },
    async () => content.getSettings(),
  );

  app.post(
    '/api/newsletter',
    {
      config: messageLimit,
      schema: {
        tags: ['content'],
        summary: 'Subscribe an address to the newsletter',
        body: newsletterInputSchema,
        response: { 201: okSchema, 400: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      await content.subscribe(request.body);
      return reply.code(201).send({ ok: true });
    },
  );

  app.post(
    '/api/contact',
    {
      config: messageLimit,
      schema: {
        tags: ['content'],
        summary: 'Send a message to the shop',
        body: contactInputSchema,
        response: { 201: createdSchema, 400: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await content.sendContactMessage(request.body)),
  );

  app.patch(
    '/api/settings',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['content'],
        summary: 'Change the flash-deal end and discount text',
        body: settingsUpdateSchema,
        response: { 200: settingsSchema, 400: problemSchema, ...adminOnly },
      },
    },
    async (request) => {
      const settings = await content.updateSettings(request.body);
      return settings;
    },
  );

  app.get(
    '/api/contact-messages',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['inbox'],
        summary: 'Contact messages, newest first',
        querystring: inboxQuerySchema,
        response: { 200: contactMessageListSchema, 400: problemSchema, ...adminOnly },
      },
    },
    async (request) => content.listContactMessages(request.query),
  );

  app.patch(
    '/api/contact-messages/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['inbox'],
        summary: 'Mark a contact message handled, or not',
        params: messageIdParamsSchema,
        body: contactMessageUpdateSchema,
        response: { 200: contactMessageSchema, 400: problemSchema, 404: problemSchema, ...adminOnly },
      },
    },
    async (request) => content.markContactMessage(request.params.id, request.body.handled),
  );

  app.get(
    '/api/newsletter-subscribers',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['inbox'],
        summary: 'Newsletter subscribers, newest first',
        querystring: inboxQuerySchema,
        response: { 200: subscriberListSchema, 400: problemSchema, ...adminOnly },
      },
    },
    async (request) => content.listSubscribers(request.query),
  );

  app.get(
    '/api/newsletter-subscribers.csv',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['inbox'],
        summary: 'Every newsletter subscriber as a CSV download',
        produces: ['text/csv'],
        response: { 200: z.string(), ...adminOnly },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="subscribers.csv"')
        .send(await content.subscribersCsv()),
  );
};
