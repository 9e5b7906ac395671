import { type APIRequestContext, expect, request } from '@playwright/test';
import sharp from 'sharp';
import { demoAccount } from './session';

/** The demo admin, signed in through the API in a request context of its own (dispose it after). */
export async function adminApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  const { email, password } = await demoAccount(context, 'admin');
  const res = await context.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: baseURL ?? '' } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

export interface CreatedPart {
  id: string;
  name: string;
  stock: number;
  minOrderQuantity: number;
}

/** Adds a part as the admin would (its picture uploaded first). */
export async function createPart(
  admin: APIRequestContext,
  part: { name: string; stock: number; minOrderQuantity?: number; priceCents?: number },
): Promise<CreatedPart> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86c1' } })
    .png()
    .toBuffer();
  const uploaded = await admin.post('/api/uploads', {
    multipart: { image: { name: 'part.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { url } = (await uploaded.json()) as { url: string };
  const created = await admin.post('/api/parts', {
    data: {
      name: part.name,
      // Over 300 characters, like the demo's longest, so the landing page still has a description to cut.
      description: 'Made for the end-to-end tests: a part whose stock and minimum order the test chooses. '.repeat(4),
      priceCents: part.priceCents ?? 1250,
      stock: part.stock,
      minOrderQuantity: part.minOrderQuantity ?? 12,
      imageUrl: url,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { id, name: part.name, stock: part.stock, minOrderQuantity: part.minOrderQuantity ?? 12 };
}

export async function deletePart(admin: APIRequestContext, id: string): Promise<void> {
  const res = await admin.delete(`/api/parts/${encodeURIComponent(id)}`);
  expect([200, 204], await res.text()).toContain(res.status());
}
