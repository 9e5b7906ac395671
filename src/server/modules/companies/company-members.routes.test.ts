import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signInAs, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertCompany } from '../../testing/companies';
import { describeOnEachEngine, type TestContext } from '../../testing/test-app';
import { firstLink } from '../mail';

const m = copy.companyMembers;
const BERLIN = { line1: 'Kolbenstraße 4', city: 'Berlin', postalCode: '10115', country: 'DE' };
const DETROIT = { line1: '12 Piston Road', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' };
const DAY_MS = 24 * 60 * 60 * 1000;

async function invitationMails(ctx: TestContext, email: string) {
  return ctx.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', email)
    .where('kind', '=', 'company-invitation')
    .orderBy('id')
    .execute();
}

/** The token in the last invitation mailed to the address: the path's last segment of its link. */
async function mailedToken(ctx: TestContext, email: string): Promise<string> {
  const mails = await invitationMails(ctx, email);
  const link = new URL(firstLink(mails.at(-1)!.text) ?? '');
  expect(link.pathname).toMatch(/^\/invitations\/[A-Za-z0-9_-]{43}$/);
  return link.pathname.split('/').at(-1)!;
}

describeOnEachEngine("a company's colleagues and invitations", (ctx) => {
  const api = testApi(ctx);
  const db = () => ctx.database.db;
  let shopAdmin: TestAccount;

  beforeAll(async () => {
    shopAdmin = await signInAs(ctx.app, db(), 'admin');
  });

  /** An active company whose company admin is a fresh customer. */
  async function activeCompany(name = 'Kolben Werkstatt GmbH') {
    const admin = await signInAs(ctx.app, db(), 'customer');
    const company = await insertCompany(db(), { memberIds: [admin.id], status: 'active', name });
    return { admin, company };
  }

  async function invite(admin: TestAccount, email: string, role: 'buyer' | 'company_admin' = 'buyer') {
    const res = await api.as(admin).post('/api/me/company/invitations', { email, role });
    expect(res.status, res.body).toBe(201);
    return res.json as { id: string; email: string; role: string; expiresAt: string };
  }

  /** A colleague who joined `admin`'s company as `role`. */
  async function colleague(admin: TestAccount, role: 'buyer' | 'company_admin' = 'buyer') {
    const person = await signInAs(ctx.app, db(), 'customer');
    await invite(admin, person.email, role);
    const res = await api.as(person).post(`/api/invitations/${await mailedToken(ctx, person.email)}/accept`);
    expect(res.status, res.body).toBe(200);
    return person;
  }

  it('mails a single-use link whose token is stored only as a hash, and shows it to the company admins', async () => {
    const { admin, company } = await activeCompany();
    const invited = await invite(admin, '  New.Colleague@Example.com ', 'buyer');
    expect(invited).toEqual({
      id: expect.any(String),
      email: 'new.colleague@example.com',
      role: 'buyer',
      expiresAt: new Date(ctx.clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    const mails = await invitationMails(ctx, 'new.colleague@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(m.inviteSubject('Kolben Werkstatt GmbH'));
    const token = await mailedToken(ctx, 'new.colleague@example.com');
    expect(firstLink(mails[0]!.text)).toMatch(/^https?:\/\/[^/]+\/invitations\//);
    const row = await db().selectFrom('company_invitations').selectAll().where('id', '=', invited.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({ company_id: company.id, invited_by: admin.id, accepted_at: null });

    const mine = await api.as(admin).get('/api/me/company');
    expect(mine.json.invitations).toEqual([invited]);
    const preview = await api.anonymous.get(`/api/invitations/${token}`);
    expect(preview.status, preview.body).toBe(200);
    expect(preview.json).toEqual({
      companyName: 'Kolben Werkstatt GmbH',
      email: 'new.colleague@example.com',
      role: 'buyer',
      expiresAt: invited.expiresAt,
    });
    expect(preview.headers['cache-control']).toBe('no-store');
  });

  it('lets the invitee join once, with the invited address, and answers the company', async () => {
    const { admin, company } = await activeCompany();
    const person = await signInAs(ctx.app, db(), 'customer');
    const stranger = await signInAs(ctx.app, db(), 'customer');
    await invite(admin, person.email.toUpperCase(), 'company_admin');
    const token = await mailedToken(ctx, person.email.toLowerCase());

    expect((await api.anonymous.post(`/api/invitations/${token}/accept`)).status).toBe(401);
    const wrong = await api.as(stranger).post(`/api/invitations/${token}/accept`);
    expect(wrong.status).toBe(403);
    expect(wrong.json.detail).toBe(m.invitationForOther(person.email.toLowerCase()));
    expect((await api.as(shopAdmin).post(`/api/invitations/${token}/accept`)).status).toBe(403);

    const joined = await api.as(person).post(`/api/invitations/${token}/accept`);
    expect(joined.status, joined.body).toBe(200);
    expect(joined.json.id).toBe(company.id);
    expect(joined.json.members).toContainEqual({
      userId: person.id,
      name: person.name,
      email: person.email,
      role: 'company_admin',
      orderLimitCents: null,
    });
    const again = await api.as(person).post(`/api/invitations/${token}/accept`);
    expect(again.status).toBe(410);
    expect(again.json.detail).toBe(m.invitationUsed);
    const preview = await api.anonymous.get(`/api/invitations/${token}`);
    expect([preview.status, preview.json.detail]).toEqual([410, m.invitationUsed]);
    expect((await api.as(admin).get('/api/me/company')).json.invitations).toEqual([]);
  });

  it('takes one of two accepts sent at once; the other is refused and the person is a member once', async () => {
    const { admin } = await activeCompany();
    const person = await signInAs(ctx.app, db(), 'customer');
    await invite(admin, person.email);
    const token = await mailedToken(ctx, person.email);
    const answers = await Promise.all([
      api.as(person).post(`/api/invitations/${token}/accept`),
      api.as(person).post(`/api/invitations/${token}/accept`),
    ]);
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 410]).toContain(statuses[1]);
    const rows = await db().selectFrom('company_members').selectAll().where('user_id', '=', person.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an expired link with 410 saying so, and an unknown one with 404', async () => {
    const { admin } = await activeCompany();
    const person = await signInAs(ctx.app, db(), 'customer');
    const invited = await invite(admin, person.email);
    const token = await mailedToken(ctx, person.email);
    ctx.clock.advance(7 * DAY_MS + 1000);
    const res = await api.as(person).post(`/api/invitations/${token}/accept`);
    expect(res.status).toBe(410);
    expect(res.json.detail).toBe(m.invitationExpired(invited.expiresAt.slice(0, 10)));
    expect((await api.anonymous.get(`/api/invitations/${token}`)).status).toBe(410);
    expect((await api.as(admin).get('/api/me/company')).json.invitations).toEqual([]);
    const unknown = await api.anonymous.get('/api/invitations/not-a-real-token');
    expect([unknown.status, unknown.json.detail]).toEqual([404, m.invitationNotFound]);
    expect((await api.as(person).get('/api/me/company')).status).toBe(404);
  });

  it('replaces a waiting invitation when the address is invited again, and withdraws one', async () => {
    const { admin } = await activeCompany();
    const person = await signInAs(ctx.app, db(), 'customer');
    await invite(admin, person.email, 'buyer');
    const first = await mailedToken(ctx, person.email);
    const second = await invite(admin, person.email, 'company_admin');
    expect((await api.anonymous.get(`/api/invitations/${first}`)).status).toBe(404);
    const token = await mailedToken(ctx, person.email);
    expect((await api.anonymous.get(`/api/invitations/${token}`)).json.role).toBe('company_admin');
    expect((await api.as(admin).get('/api/me/company')).json.invitations).toEqual([second]);

    const other = await activeCompany('Other Garage');
    expect((await api.as(other.admin).delete(`/api/me/company/invitations/${second.id}`)).status).toBe(404);
    expect((await api.as(admin).delete(`/api/me/company/invitations/${second.id}`)).status).toBe(204);
    expect((await api.anonymous.get(`/api/invitations/${token}`)).status).toBe(404);
    expect((await api.as(admin).delete(`/api/me/company/invitations/${second.id}`)).status).toBe(404);
  });

  it('refuses bad input, a colleague already in, a buyer, and a company not active', async () => {
    const { admin } = await activeCompany();
    const bad = await api.as(admin).post('/api/me/company/invitations', { email: 'not an address', role: 'owner' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['email', 'role']);
    const dup = await api.as(admin).post('/api/me/company/invitations', { email: admin.email, role: 'buyer' });
    expect([dup.status, dup.json.detail]).toEqual([409, m.alreadyColleague(admin.email)]);
    const buyer = await colleague(admin, 'buyer');
    const byBuyer = await api.as(buyer).post('/api/me/company/invitations', { email: 'x@example.com', role: 'buyer' });
    expect([byBuyer.status, byBuyer.json.detail]).toEqual([403, m.adminOnly]);
    expect((await api.as(buyer).get('/api/me/company')).json.invitations).toBeUndefined();

    const applicant = await signInAs(ctx.app, db(), 'customer');
    await insertCompany(db(), { memberIds: [applicant.id] });
    const early = await api.as(applicant).post('/api/me/company/invitations', { email: 'x@example.com', role: 'buyer' });
    expect([early.status, early.json.detail]).toEqual([409, m.notActive]);
    const loner = await signInAs(ctx.app, db(), 'customer');
    expect((await api.as(loner).post('/api/me/company/invitations', { email: 'x@example.com', role: 'buyer' })).status).toBe(404);
  });

  it('refuses to let someone already in a company join another (409)', async () => {
    const { admin } = await activeCompany();
    const other = await activeCompany('Other Garage');
    await invite(admin, other.admin.email);
    const res = await api.as(other.admin).post(`/api/invitations/${await mailedToken(ctx, other.admin.email)}/accept`);
    expect([res.status, res.json.detail]).toEqual([409, m.alreadyInCompany]);
  });

  it("changes a member's role and order limit, and keeps the last company admin", async () => {
    const { admin } = await activeCompany();
    const buyer = await colleague(admin);
    const limited = await api.as(admin).patch(`/api/me/company/members/${buyer.id}`, { orderLimitCents: 50_000 });
    expect(limited.status, limited.body).toBe(200);
    expect(limited.json).toEqual({
      userId: buyer.id,
      name: buyer.name,
      email: buyer.email,
      role: 'buyer',
      orderLimitCents: 50_000,
    });
    const unlimited = await api.as(admin).patch(`/api/me/company/members/${buyer.id}`, { orderLimitCents: null });
    expect(unlimited.json.orderLimitCents).toBeNull();
    for (const body of [{ orderLimitCents: -1 }, { orderLimitCents: 1.5 }, { orderLimitCents: '100' }, { role: 'owner' }, {}]) {
      const res = await api.as(admin).patch(`/api/me/company/members/${buyer.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api.as(buyer).patch(`/api/me/company/members/${admin.id}`, { role: 'buyer' })).status).toBe(403);

    const last = await api.as(admin).patch(`/api/me/company/members/${admin.id}`, { role: 'buyer' });
    expect([last.status, last.json.detail]).toEqual([409, m.lastAdmin]);
    expect((await api.as(admin).patch(`/api/me/company/members/${buyer.id}`, { role: 'company_admin' })).json.role).toBe(
      'company_admin',
    );
    expect((await api.as(admin).patch(`/api/me/company/members/${admin.id}`, { role: 'buyer' })).status).toBe(200);
    const other = await activeCompany('Other Garage');
    expect((await api.as(other.admin).patch(`/api/me/company/members/${buyer.id}`, { role: 'buyer' })).status).toBe(404);
  });

  it('of two company admins demoting each other at once, leaves one', async () => {
    const { admin, company } = await activeCompany();
    const second = await colleague(admin, 'company_admin');
    const answers = await Promise.all([
      api.as(admin).patch(`/api/me/company/members/${second.id}`, { role: 'buyer' }),
      api.as(second).patch(`/api/me/company/members/${admin.id}`, { role: 'buyer' }),
    ]);
    // The second finds itself a buyer already (403), or the other the last company admin (409).
    const [taken, refused] = answers.map((res) => res.status).sort();
    expect(taken).toBe(200);
    expect([403, 409]).toContain(refused);
    const admins = await db()
      .selectFrom('company_members')
      .select('user_id')
      .where('company_id', '=', company.id)
      .where('role', '=', 'company_admin')
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('removes a member, lets a buyer leave, and never the last company admin', async () => {
    const { admin } = await activeCompany();
    const buyer = await colleague(admin);
    const leaver = await colleague(admin);
    expect((await api.as(buyer).delete(`/api/me/company/members/${leaver.id}`)).status).toBe(403);
    expect((await api.as(leaver).delete(`/api/me/company/members/${leaver.id}`)).status).toBe(204);
    expect((await api.as(leaver).get('/api/me/company')).status).toBe(404);
    const other = await activeCompany('Other Garage');
    expect((await api.as(other.admin).delete(`/api/me/company/members/${buyer.id}`)).status).toBe(404);
    expect((await api.as(admin).delete(`/api/me/company/members/${buyer.id}`)).status).toBe(204);
    expect((await api.as(admin).delete(`/api/me/company/members/${buyer.id}`)).status).toBe(404);
    const last = await api.as(admin).delete(`/api/me/company/members/${admin.id}`);
    expect([last.status, last.json.detail]).toEqual([409, m.lastAdmin]);
    expect((await api.as(admin).get('/api/me/company')).json.members.map((one: { userId: string }) => one.userId)).toEqual([
      admin.id,
    ]);
  });
});

describeOnEachEngine("a company's delivery addresses", (ctx) => {
  const api = testApi(ctx);
  const db = () => ctx.database.db;
  const site = (fields: Record<string, unknown> = {}) => ({
    label: 'Depot',
    phone: '+1 313 555 0100',
    address: DETROIT,
    ...fields,
  });

  async function activeCompany() {
    const admin = await signInAs(ctx.app, db(), 'customer');
    const company = await insertCompany(db(), { memberIds: [admin.id], status: 'active' });
    return { admin, company };
  }

  it('adds, changes and deletes an address, never the last', async () => {
    const { admin } = await activeCompany();
    const added = await api.as(admin).post('/api/me/company/addresses', site());
    expect(added.status, added.body).toBe(201);
    expect(added.json).toEqual({ id: expect.any(String), ...site() });
    const changed = await api
      .as(admin)
      .patch(`/api/me/company/addresses/${added.json.id}`, { label: 'North depot', address: BERLIN });
    expect(changed.status, changed.body).toBe(200);
    expect(changed.json).toEqual({ id: added.json.id, label: 'North depot', phone: '+1 313 555 0100', address: BERLIN });
    const sites = (await api.as(admin).get('/api/me/company')).json.deliveryAddresses;
    expect(sites).toHaveLength(2);
    expect(sites).toContainEqual(changed.json);
    const first = sites.find((one: { id: string }) => one.id !== added.json.id);

    expect((await api.as(admin).delete(`/api/me/company/addresses/${first.id}`)).status).toBe(204);
    const last = await api.as(admin).delete(`/api/me/company/addresses/${added.json.id}`);
    expect([last.status, last.json.detail]).toEqual([409, m.lastAddress]);
    expect((await api.as(admin).get('/api/me/company')).json.deliveryAddresses).toEqual([changed.json]);
  });

  it('names the bad field, and refuses a country the shop does not deliver to', async () => {
    const { admin } = await activeCompany();
    const bad = await api
      .as(admin)
      .post('/api/me/company/addresses', site({ label: ' ', phone: 'call me', address: { ...DETROIT, region: undefined } }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['address.region', 'label', 'phone']);
    expect((await api.as(admin).patch(`/api/me/company/addresses/x`, {})).status).toBe(400);

    const shopAdmin = await signInAs(ctx.app, db(), 'admin');
    const only = await api
      .as(shopAdmin)
      .patch('/api/settings', { flashDealEndsAt: '2026-01-01T00:00:00.000Z', deliverTo: ['US'] });
    expect(only.status, only.body).toBe(200);
    try {
      const abroad = await api.as(admin).post('/api/me/company/addresses', site({ address: BERLIN }));
      expect(abroad.status).toBe(400);
      expect(abroad.json.errors).toEqual({ 'address.country': copy.address.notDeliveredTo('Germany') });
      const id = (await api.as(admin).get('/api/me/company')).json.deliveryAddresses[0].id;
      expect((await api.as(admin).patch(`/api/me/company/addresses/${id}`, { address: BERLIN })).status).toBe(400);
    } finally {
      await api.as(shopAdmin).patch('/api/settings', { flashDealEndsAt: '2026-01-01T00:00:00.000Z', deliverTo: [] });
    }
  });

  it("answers 404 for another company's address and 403 to a buyer", async () => {
    const { admin } = await activeCompany();
    const other = await activeCompany();
    const theirs = (await api.as(other.admin).get('/api/me/company')).json.deliveryAddresses[0].id;
    expect((await api.as(admin).patch(`/api/me/company/addresses/${theirs}`, { label: 'Mine now' })).status).toBe(404);
    expect((await api.as(admin).delete(`/api/me/company/addresses/${theirs}`)).status).toBe(404);
    const buyer = await signInAs(ctx.app, db(), 'customer');
    await db()
      .insertInto('company_members')
      .values({
        company_id: (await api.as(admin).get('/api/me/company')).json.id,
        user_id: buyer.id,
        role: 'buyer',
        order_limit_cents: null,
        joined_at: '2026-06-15T12:00:00.000Z',
      })
      .execute();
    const res = await api.as(buyer).post('/api/me/company/addresses', site());
    expect([res.status, res.json.detail]).toEqual([403, m.adminOnly]);
  });
});
