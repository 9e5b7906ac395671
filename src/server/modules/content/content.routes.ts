import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blogListSchema,
  blogPostSchema,
  blogSlugParamsSchema,
  contactInputSchema,
  createdSchema,
  newsletterInputSchema,
  okSchema,
  settingsSchema,
  shopInfoSchema,
  type ShopInfo,
} from '#shared/schemas/content';
import { problemSchema } from '../../http/openapi';
import type { ContentService } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService; shopInfo: ShopInfo }> = async (
  app,
  { content, shopInfo },
) => {
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
      schema: {
        tags: ['content'],
        summary: 'Subscribe an address to the newsletter',
        body: newsletterInputSchema,
        response: { 201: okSchema, 400: problemSchema },
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
      schema: {
        tags: ['content'],
        summary: 'Send a message to the shop',
        body: contactInputSchema,
        response: { 201: createdSchema, 400: problemSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await content.sendContactMessage(request.body)),
  );
};
