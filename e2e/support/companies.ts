import { type APIRequestContext, expect } from '@playwright/test';
import { adminApi } from './catalogue-api';
import { unique } from './session';

/** An address in Michigan, whose sales tax the demo's tax table holds. */
export const DETROIT = { line1: '12 Piston Road', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' };

/**
 * `request`'s customer applies for a trade account named `<name> <unique>` and a shop admin approves
 * it, both through the API: the customer is then its admin.
 */
export async function approvedCompany(request: APIRequestContext, baseURL: string | undefined, name: string): Promise<void> {
  const headers = { origin: baseURL ?? '' };
  const applied = await request.post('/api/companies', {
    headers,
    data: {
      name: `${name} ${unique()}`,
      billingAddress: DETROIT,
      deliveryAddress: { label: 'Main workshop', phone: '+1 555-010-2030', address: DETROIT },
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const admin = await adminApi(baseURL);
  const approved = await admin.patch(`/api/companies/${(await applied.json()).id as string}`, {
    headers,
    data: { status: 'active' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.dispose();
}
