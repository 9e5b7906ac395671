import { type APIRequestContext, expect, request } from '@playwright/test';
import sharp from 'sharp';
import { demoAccount, unique } from './session';

/** The demo admin, signed in through the API in a request context of its own (dispose it after). */
export async function adminApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  const { email, password } = await demoAccount(context, 'admin');
  const res = await context.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: baseURL ?? '' } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

/** A SKU no other part has, as the admin would type one: "E2E-LXYZ12AB3C". */
export function uniqueSku(): string {
  return `E2E-${unique().toUpperCase()}`;
}

/** A demo category's id: the one with `slug`, or the first by name. */
export async function categoryIdOf(request: APIRequestContext, slug?: string): Promise<string> {
  const res = await request.get('/api/categories');
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; slug: string }[] };
  const category = slug === undefined ? items[0] : items.find((item) => item.slug === slug);
  if (!category) throw new Error(`the e2e shop has no category ${slug ?? ''}`);
  return category.id;
}

export interface CreatedPart {
  id: string;
  name: string;
  stock: number;
  minOrderQuantity: number;
}

/** What a test chooses of the part it adds; the rest is made up (a unique SKU, the first category). */
export interface NewPart {
  name: string;
  stock: number;
  minOrderQuantity?: number;
  priceCents?: number;
  /** A category's slug. */
  category?: string;
  crossReferences?: { brand: string; number: string }[];
  packSize?: number;
  priceTiers?: { minQuantity: number; unitPriceCents: number }[];
  /** A core deposit per unit, charged on a line of its own. */
  coreChargeCents?: number;
}

/** Adds a part as the admin would (its picture uploaded first). */
export async function createPart(admin: APIRequestContext, part: NewPart): Promise<CreatedPart> {
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
      sku: uniqueSku(),
      categoryId: await categoryIdOf(admin, part.category),
      ...(part.crossReferences ? { crossReferences: part.crossReferences } : {}),
      ...(part.packSize ? { packSize: part.packSize } : {}),
      ...(part.priceTiers ? { priceTiers: part.priceTiers } : {}),
      ...(part.coreChargeCents ? { coreChargeCents: part.coreChargeCents } : {}),
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
