import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signedInAdmin, signedInCustomer, signIn, signUp, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertCompany } from '../../testing/companies';
import { describeOnEachEngine } from '../../testing/test-app';
import { storeImage } from '../uploads';

describeOnEachEngine('profile and users admin API', (ctx) => {
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await signedInAdmin(ctx);
    customer = await signedInCustomer(ctx);
  });

  const api = testApi(ctx);
  const me = (cookie: string) => api.as(cookie).get('/api/me');

  async function ownUpload(): Promise<string> {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    return (await storeImage(ctx.storage, png)).url;
  }

  it('tells an admin apart at /api/me', async () => {
    expect((await me(admin.cookie)).json).toMatchObject({ user: { role: 'admin', email: admin.email }, isAdmin: true });
    expect((await me(customer.cookie)).json).toMatchObject({ user: { role: 'customer' }, isAdmin: false });
  });

  it("names a member's company, their role and its status at /api/me, and null for someone in none", async () => {
    const member = await signedInCustomer(ctx);
    const company = await insertCompany(ctx.database.db, { memberIds: [member.id], status: 'active' });
    expect((await me(member.cookie)).json).toMatchObject({
      company: { id: company.id, role: 'company_admin', status: 'active' },
    });
    expect((await me(customer.cookie)).json).toMatchObject({ company: null });
  });

  it('changes the display name and photo, the photo only from our uploads', async () => {
    const account = await signUp(ctx.app);
    const url = await ownUpload();
    const res = await api.as(account).patch('/api/me', { name: '  Casey Jones ', image: url });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ name: 'Casey Jones', image: url });
    expect((await me(account.cookie)).json.user).toMatchObject({ name: 'Casey Jones', image: url });

    for (const image of ['https://evil.example/me.png', '/uploads/ffffffffffffffffffffffffffffffff.webp', '/etc/passwd']) {
      const refused = await api.as(account).patch('/api/me', { image });
      expect(refused.status).toBe(400);
      expect(refused.json.errors).toEqual({ image: copy.users.imageNotUploaded });
    }
    const removed = await api.as(account).patch('/api/me', { image: null });
    expect(removed.json.user.image).toBeNull();
  });

  it('refuses a blank display name with the form message', async () => {
    const res = await api.as(customer).patch('/api/me', { name: '   ' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ name: copy.validation.nameRequired });
  });

  it.each([{ role: 'admin' }, { name: 'Sneaky', role: 'admin' }, { email: 'someone-else@example.com' }, { emailVerified: true }])(
    'refuses %j on PATCH /api/me and changes nothing',
    async (payload) => {
      const account = await signUp(ctx.app, { name: 'Plain Customer' });
      const res = await api.as(account).patch('/api/me', payload);
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('validation_failed');
      expect((await me(account.cookie)).json).toMatchObject({
        user: { name: 'Plain Customer', role: 'customer', email: account.email, emailVerified: false },
        isAdmin: false,
      });
    },
  );

  it('answers PATCH /api/me with 401 when signed out', async () => {
    expect((await api.anonymous.patch('/api/me', { name: 'x' })).status).toBe(401);
  });

  it.each([
    ['GET', '/api/users'],
    ['PATCH', '/api/users/some-id'],
    ['DELETE', '/api/users/some-id'],
  ] as const)('answers %s %s with 401 signed out and 403 for a customer', async (method, url) => {
    const payload = method === 'PATCH' ? { role: 'admin' } : undefined;
    const anonymous = await api.anonymous.request(method, url, payload);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(anonymous.json.code).toBe('unauthenticated');
    const forbidden = await api.as(customer).request(method, url, payload);
    expect(forbidden.status).toBe(403);
    expect(forbidden.json).toMatchObject({ code: 'forbidden', detail: copy.auth.adminOnly });
  });

  it('lists users newest first with exactly the public fields, and searches name and email', async () => {
    const listed = await signUp(ctx.app, { name: 'Zelda Listable' });
    const res = await api.as(admin).get('/api/users?limit=100');
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.items[0]).toEqual({
      id: listed.id,
      name: 'Zelda Listable',
      email: listed.email,
      image: null,
      role: 'customer',
      createdAt: expect.any(String),
      vatId: null,
      taxExemptReason: null,
    });
    expect(res.body).not.toMatch(/password|token|session|scrypt/i);
    expect(res.body).not.toContain(admin.cookie.split('=')[1]?.split('.')[0]);

    const byName = (await api.as(admin).get('/api/users?q=zELDA')).json;
    expect(byName.items.map((u: { id: string }) => u.id)).toEqual([listed.id]);
    const byEmail = (await api.as(admin).get(`/api/users?q=${encodeURIComponent(listed.email.slice(0, 12))}`)).json;
    expect(byEmail.items.map((u: { id: string }) => u.id)).toEqual([listed.id]);
    expect((await api.as(admin).get('/api/users?q=%25')).json.total).toBe(0);

    const paged = (await api.as(admin).get('/api/users?limit=1&page=2')).json;
    expect(paged).toMatchObject({ page: 2, limit: 1, total: body.total });
    expect(paged.items[0].id).toBe(body.items[1].id);
  });

  it('keeps a VAT ID the customer gives on their profile, normalised, and clears it when asked', async () => {
    const account = await signUp(ctx.app);
    expect((await me(account.cookie)).json.vatId).toBeNull();
    const saved = await api.as(account).patch('/api/me', { vatId: ' fr 40 303-265.045 ' });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.vatId).toBe('FR40303265045');
    expect((await me(account.cookie)).json).toMatchObject({ vatId: 'FR40303265045', user: { email: account.email } });
    // Changing the name keeps it.
    expect((await api.as(account).patch('/api/me', { name: 'Société Pièces' })).json.vatId).toBe('FR40303265045');
    const stored = await ctx.database.db
      .selectFrom('users')
      .select('vat_id')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored.vat_id).toBe('FR40303265045');
    expect((await api.as(account).patch('/api/me', { vatId: '' })).json.vatId).toBeNull();
    expect((await api.as(account).patch('/api/me', { vatId: 'DE136695976' })).json.vatId).toBe('DE136695976');
    expect((await api.as(account).patch('/api/me', { vatId: null })).json.vatId).toBeNull();
  });

  it.each([
    ['US123456789', 'US is not an EU member state: only companies in the EU have an EU VAT ID.'],
    ['123456789', copy.profile.vatIdPrefix],
    ['DE12345678', 'A VAT ID from Germany is DE and 9 digits, like DE136695976.'],
    ['DE123456789', expect.stringContaining('its check digits do not match')],
    ['x'.repeat(41), copy.profile.vatIdInvalid],
  ])('refuses the VAT ID %s under vatId, with why, and keeps the one stored', async (vatId, message) => {
    const account = await signUp(ctx.app);
    await api.as(account).patch('/api/me', { vatId: 'DE136695976' });
    const res = await api.as(account).patch('/api/me', { vatId });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'validation_failed', errors: { vatId: message } });
    expect((await me(account.cookie)).json.vatId).toBe('DE136695976');
  });

  it('lets an admin make a customer tax exempt with a reason and end it; a customer cannot set their own', async () => {
    const buyer = await signUp(ctx.app);
    const exempt = await api.as(admin).patch(`/api/users/${buyer.id}`, { taxExemptReason: '  Resale certificate CA-12345 ' });
    expect(exempt.status, exempt.body).toBe(200);
    expect(exempt.json).toMatchObject({ id: buyer.id, role: 'customer', taxExemptReason: 'Resale certificate CA-12345' });
    const listed = (await api.as(admin).get(`/api/users?q=${encodeURIComponent(buyer.email)}`)).json.items[0];
    expect(listed).toMatchObject({ id: buyer.id, taxExemptReason: 'Resale certificate CA-12345', vatId: null });
    // The buyer reads it (their pages price with it) but cannot change it.
    expect((await api.as(buyer).get('/api/me')).json).toMatchObject({ taxExemptReason: 'Resale certificate CA-12345' });

    // Not through the profile, and not through the admin route.
    const own = await api.as(buyer).patch('/api/me', { taxExemptReason: 'I say so' });
    expect(own.status).toBe(400);
    expect((await api.as(buyer).patch(`/api/users/${buyer.id}`, { taxExemptReason: 'I say so' })).status).toBe(403);
    expect((await api.as(buyer).patch(`/api/users/${buyer.id}`, { taxExemptReason: null })).status).toBe(403);

    for (const taxExemptReason of ['   ', 'x'.repeat(201), 12]) {
      const refused = await api.as(admin).patch(`/api/users/${buyer.id}`, { taxExemptReason });
      expect(refused.status).toBe(400);
      expect(refused.json.errors).toEqual({ taxExemptReason: copy.users.taxExemptReasonInvalid });
    }
    expect((await api.as(admin).patch(`/api/users/${buyer.id}`, {})).status).toBe(400);
    expect((await api.as(admin).patch('/api/users/no-such-user', { taxExemptReason: 'Resale' })).status).toBe(404);

    const ended = await api.as(admin).patch(`/api/users/${buyer.id}`, { taxExemptReason: null });
    expect(ended.json.taxExemptReason).toBeNull();
    const stored = await ctx.database.db
      .selectFrom('users')
      .select('tax_exempt_reason')
      .where('id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(stored.tax_exempt_reason).toBeNull();
  });

  it('makes a customer admin and back, taking effect on their next request', async () => {
    const target = await signUp(ctx.app);
    const promoted = await api.as(admin).patch(`/api/users/${target.id}`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.json).toMatchObject({ id: target.id, role: 'admin' });
    expect((await me(target.cookie)).json.isAdmin).toBe(true);
    expect((await api.as(target).get('/api/users')).status).toBe(200);

    const demoted = await api.as(admin).patch(`/api/users/${target.id}`, { role: 'customer' });
    expect(demoted.json.role).toBe('customer');
    expect((await api.as(target).get('/api/users')).status).toBe(403);
  });

  it('lets an admin demote another admin; two admins demoting each other at once leave one of them admin', async () => {
    for (let round = 0; round < 3; round += 1) {
      const first = await signedInAdmin(ctx);
      const second = await signedInAdmin(ctx);
      const answers = await Promise.all([
        api.as(first).patch(`/api/users/${second.id}`, { role: 'customer' }),
        api.as(second).patch(`/api/users/${first.id}`, { role: 'customer' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
      const roles = await ctx.database.db.selectFrom('users').select('role').where('id', 'in', [first.id, second.id]).execute();
      expect(roles.map((r) => r.role).sort()).toEqual(['admin', 'customer']);
    }
  });

  it('refuses an admin changing their own role', async () => {
    const res = await api.as(admin).patch(`/api/users/${admin.id}`, { role: 'customer' });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'business_rule', detail: copy.users.cannotChangeOwnRole });
    expect((await me(admin.cookie)).json.isAdmin).toBe(true);
  });

  it('refuses unknown roles, extra fields and unknown users', async () => {
    expect((await api.as(admin).patch(`/api/users/${customer.id}`, { role: 'owner' })).status).toBe(400);
    expect((await api.as(admin).patch(`/api/users/${customer.id}`, { role: 'customer', name: 'x' })).status).toBe(400);
    const missing = await api.as(admin).patch('/api/users/no-such-user', { role: 'admin' });
    expect(missing.status).toBe(404);
    expect(missing.json.detail).toBe(copy.users.notFound);
    expect((await api.as(admin).delete('/api/users/no-such-user')).status).toBe(404);
  });

  it('removes a user with all their sessions at once: their next request is anonymous', async () => {
    const target = await signUp(ctx.app);
    const secondSession = await signIn(ctx.app, target.email, target.password);
    expect((await me(secondSession)).status).toBe(200);

    const res = await api.as(admin).delete(`/api/users/${target.id}`);
    expect(res.status).toBe(204);

    for (const cookie of [target.cookie, secondSession]) expect((await me(cookie)).status).toBe(401);
    const { db } = ctx.database;
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', target.id).execute()).toEqual([]);
    expect(await db.selectFrom('accounts').select('id').where('user_id', '=', target.id).execute()).toEqual([]);
    expect(await db.selectFrom('users').select('id').where('id', '=', target.id).execute()).toEqual([]);
    await expect(signIn(ctx.app, target.email, target.password)).rejects.toThrow(/401/);
  });

  it('refuses an admin removing themselves', async () => {
    const res = await api.as(admin).delete(`/api/users/${admin.id}`);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'business_rule', detail: copy.users.cannotRemoveSelf });
    expect((await me(admin.cookie)).status).toBe(200);
  });
});
