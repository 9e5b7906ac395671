import { beforeAll, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { signInAs, type TestAccount } from '../../testing/accounts';
import { testApi } from '../../testing/api';
import { insertCompany } from '../../testing/companies';
import { describeOnEachEngine, type TestContext } from '../../testing/test-app';

const BERLIN = { line1: 'Kolbenstraße 4', city: 'Berlin', postalCode: '10115', country: 'DE' };
const DETROIT = { line1: '12 Piston Road', city: 'Detroit', region: 'MI', postalCode: '48207', country: 'US' };

const application = (fields: Record<string, unknown> = {}) => ({
  name: 'Kolben Werkstatt GmbH',
  vatId: 'DE 123.456.788',
  billingAddress: BERLIN,
  deliveryAddress: { label: 'Main workshop', phone: '+49 30 1234567', address: BERLIN },
  ...fields,
});

async function mailsTo(ctx: TestContext, email: string, kind: string) {
  return ctx.database.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).where('kind', '=', kind).execute();
}

describeOnEachEngine('applying for a trade account', (ctx) => {
  const api = testApi(ctx);
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signInAs(ctx.app, ctx.database.db, 'admin');
  });

  it('makes the applicant the company admin of an applied company, and shows it to them', async () => {
    const applicant = await signInAs(ctx.app, ctx.database.db, 'customer');
    const res = await api.as(applicant).post('/api/companies', application());
    expect(res.status, res.body).toBe(201);
    expect(res.json).toEqual({ id: expect.any(String), status: 'applied' });

    const mine = await api.as(applicant).get('/api/me/company');
    expect(mine.status, mine.body).toBe(200);
    expect(mine.json).toEqual({
      id: res.json.id,
      name: 'Kolben Werkstatt GmbH',
      vatId: 'DE123456788',
      taxExempt: false,
      taxExemptReason: null,
      billingAddress: BERLIN,
      paymentTerms: 'card',
      creditLimitCents: 0,
      discountPercent: 0,
      status: 'applied',
      declineReason: null,
      createdAt: ctx.clock.now().toISOString(),
      deliveryAddresses: [{ id: expect.any(String), label: 'Main workshop', phone: '+49 30 1234567', address: BERLIN }],
      members: [
        { userId: applicant.id, name: applicant.name, email: applicant.email, role: 'company_admin', orderLimitCents: null },
      ],
      invitations: [],
      balanceCents: 0,
      creditLeftCents: 0,
    });
  });

  it('takes a company outside the EU without a VAT ID', async () => {
    const applicant = await signInAs(ctx.app, ctx.database.db, 'customer');
    const res = await api.as(applicant).post('/api/companies', application({ vatId: undefined, billingAddress: DETROIT }));
    expect(res.status, res.body).toBe(201);
    expect((await api.as(applicant).get('/api/me/company')).json).toMatchObject({ vatId: null, billingAddress: DETROIT });
  });

  it('refuses a second company for someone already in one', async () => {
    const applicant = await signInAs(ctx.app, ctx.database.db, 'customer');
    expect((await api.as(applicant).post('/api/companies', application())).status).toBe(201);
    const again = await api.as(applicant).post('/api/companies', application({ name: 'Second Garage' }));
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe(copy.companies.alreadyMember);
    const count = await ctx.database.db
      .selectFrom('company_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', applicant.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('takes one of two applications sent at once, and refuses the other with 409', async () => {
    const applicant = await signInAs(ctx.app, ctx.database.db, 'customer');
    const answers = await Promise.all([
      api.as(applicant).post('/api/companies', application({ name: 'Twin One' })),
      api.as(applicant).post('/api/companies', application({ name: 'Twin Two' })),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
  });

  it.each([
    ['a VAT ID of the wrong form', { vatId: 'DE12345' }, 'vatId'],
    ['a VAT ID whose check digit is wrong', { vatId: 'DE123456789' }, 'vatId'],
    ['a VAT ID for a company outside the EU', { billingAddress: DETROIT }, 'vatId'],
    ['a billing address without a city', { billingAddress: { ...BERLIN, city: '' } }, 'billingAddress.city'],
    [
      'a US billing address without a state',
      { vatId: undefined, billingAddress: { ...DETROIT, region: undefined } },
      'billingAddress.region',
    ],
    [
      'a delivery address with a bad phone',
      { deliveryAddress: { label: 'Site', phone: 'call me', address: BERLIN } },
      'deliveryAddress.phone',
    ],
    [
      'a delivery address in an unknown country',
      { deliveryAddress: { label: 'Site', phone: '+49 30 1234567', address: { ...BERLIN, country: 'XX' } } },
      'deliveryAddress.address.country',
    ],
    ['no name', { name: '  ' }, 'name'],
  ])('refuses %s, naming the field', async (_, fields, field) => {
    const applicant = await signInAs(ctx.app, ctx.database.db, 'customer');
    const res = await api.as(applicant).post('/api/companies', application(fields));
    expect(res.status, res.body).toBe(400);
    expect(Object.keys(res.json.errors)).toContain(field);
    expect((await api.as(applicant).get('/api/me/company')).status).toBe(404);
  });

  it('refuses a visitor (401) and a shop admin (403)', async () => {
    expect((await api.anonymous.post('/api/companies', application())).status).toBe(401);
    expect((await api.as(admin).post('/api/companies', application())).status).toBe(403);
  });

  it('answers 404 to someone in no company, 401 to a visitor', async () => {
    const loner = await signInAs(ctx.app, ctx.database.db, 'customer');
    const res = await api.as(loner).get('/api/me/company');
    expect(res.status).toBe(404);
    expect(res.json.detail).toBe(copy.companies.noCompany);
    expect((await api.anonymous.get('/api/me/company')).status).toBe(401);
  });

  it('shows each member only their own company', async () => {
    const a = await signInAs(ctx.app, ctx.database.db, 'customer');
    const b = await signInAs(ctx.app, ctx.database.db, 'customer');
    const idA = (await api.as(a).post('/api/companies', application({ name: 'Company A' }))).json.id;
    const idB = (await api.as(b).post('/api/companies', application({ name: 'Company B' }))).json.id;
    const seenByA = (await api.as(a).get('/api/me/company')).json;
    const seenByB = (await api.as(b).get('/api/me/company')).json;
    expect([seenByA.id, seenByA.name]).toEqual([idA, 'Company A']);
    expect([seenByB.id, seenByB.name]).toEqual([idB, 'Company B']);
    expect(seenByA.members.map((m: { userId: string }) => m.userId)).toEqual([a.id]);
  });
});

describeOnEachEngine("the shop admins' review of applications", (ctx) => {
  const api = testApi(ctx);
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await signInAs(ctx.app, ctx.database.db, 'admin');
    customer = await signInAs(ctx.app, ctx.database.db, 'customer');
  });

  async function applied(name = 'Fleet Services Ltd') {
    const applicant = await signInAs(ctx.app, ctx.database.db, 'customer');
    ctx.clock.advance(1000);
    const res = await api.as(applicant).post('/api/companies', application({ name }));
    expect(res.status, res.body).toBe(201);
    return { applicant, id: res.json.id as string };
  }

  it('lists companies newest first, filtered by status and paged', async () => {
    const first = await applied('First Garage');
    const second = await applied('Second Garage');
    const all = await api.as(admin).get('/api/companies?limit=2');
    expect(all.status, all.body).toBe(200);
    expect(all.json.items.map((c: { id: string }) => c.id)).toEqual([second.id, first.id]);
    expect(all.json).toMatchObject({ page: 1, limit: 2 });
    await api.as(admin).patch(`/api/companies/${first.id}`, { status: 'active' });
    const active = await api.as(admin).get('/api/companies?status=active');
    expect(active.json.items.map((c: { id: string }) => c.id)).toEqual([first.id]);
    expect(active.json.total).toBe(1);
    expect((await api.as(admin).get('/api/companies?status=closed')).status).toBe(400);
  });

  it('approves with terms, and mails the applicant once', async () => {
    const { applicant, id } = await applied();
    const res = await api.as(admin).patch(`/api/companies/${id}`, {
      status: 'active',
      paymentTerms: 'net30',
      creditLimitCents: 500_000,
      discountPercent: 12,
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({
      id,
      status: 'active',
      paymentTerms: 'net30',
      creditLimitCents: 500_000,
      discountPercent: 12,
    });
    // Approving again changes nothing and mails nothing more.
    expect((await api.as(admin).patch(`/api/companies/${id}`, { status: 'active' })).status).toBe(200);
    const mails = await mailsTo(ctx, applicant.email, 'company-approved');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(copy.companies.approvedSubject('Fleet Services Ltd'));
    expect((await api.as(applicant).get('/api/me/company')).json).toMatchObject({ status: 'active', paymentTerms: 'net30' });

    // On hold and back mail nobody.
    expect((await api.as(admin).patch(`/api/companies/${id}`, { status: 'on_hold' })).json.status).toBe('on_hold');
    expect((await api.as(admin).patch(`/api/companies/${id}`, { status: 'active' })).json.status).toBe('active');
    expect(await mailsTo(ctx, applicant.email, 'company-approved')).toHaveLength(1);
  });

  it('declines with a reason the applicant is mailed once, who may then apply again', async () => {
    const { applicant, id } = await applied('Rusty Bolts');
    const noReason = await api.as(admin).patch(`/api/companies/${id}`, { status: 'declined' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors).toEqual({ declineReason: copy.companies.declineReasonRequired });

    const res = await api
      .as(admin)
      .patch(`/api/companies/${id}`, { status: 'declined', declineReason: 'No trade register entry' });
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ status: 'declined', declineReason: 'No trade register entry' });
    const mails = await mailsTo(ctx, applicant.email, 'company-declined');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(copy.companies.declinedReason('No trade register entry'));
    expect((await api.as(applicant).get('/api/me/company')).json).toMatchObject({ id, status: 'declined' });

    // Declined is final; a declined applicant applies anew.
    expect((await api.as(admin).patch(`/api/companies/${id}`, { status: 'active' })).status).toBe(409);
    const again = await api.as(applicant).post('/api/companies', application({ name: 'Rusty Bolts Ltd' }));
    expect(again.status, again.body).toBe(201);
    expect((await api.as(applicant).get('/api/me/company')).json).toMatchObject({ id: again.json.id, status: 'applied' });
    expect(await mailsTo(ctx, applicant.email, 'company-declined')).toHaveLength(1);
  });

  it('refuses to put an application on hold', async () => {
    const { id } = await applied();
    expect((await api.as(admin).patch(`/api/companies/${id}`, { status: 'on_hold' })).status).toBe(409);
  });

  it('records a tax exemption only with its reason', async () => {
    const { id } = await applied();
    const without = await api.as(admin).patch(`/api/companies/${id}`, { taxExempt: true });
    expect(without.status).toBe(400);
    expect(Object.keys(without.json.errors)).toEqual(['taxExemptReason']);
    const res = await api.as(admin).patch(`/api/companies/${id}`, { taxExempt: true, taxExemptReason: 'Resale certificate 42' });
    expect(res.json).toMatchObject({ taxExempt: true, taxExemptReason: 'Resale certificate 42' });
    const cleared = await api.as(admin).patch(`/api/companies/${id}`, { taxExempt: false });
    expect(cleared.json).toMatchObject({ taxExempt: false, taxExemptReason: null });
  });

  it.each([
    [{ discountPercent: 51 }, 'discountPercent'],
    [{ discountPercent: 2.5 }, 'discountPercent'],
    [{ creditLimitCents: -1 }, 'creditLimitCents'],
    [{ paymentTerms: 'net90' }, 'paymentTerms'],
    [{ status: 'applied' }, 'status'],
    [{ declineReason: '' }, 'declineReason'],
  ])('refuses %j, naming the field', async (body, field) => {
    const { id } = await applied();
    const res = await api.as(admin).patch(`/api/companies/${id}`, body);
    expect(res.status, res.body).toBe(400);
    expect(Object.keys(res.json.errors)).toEqual([field]);
  });

  it('answers 404 for a company that does not exist', async () => {
    expect((await api.as(admin).patch('/api/companies/nope', { status: 'active' })).status).toBe(404);
  });

  it('is for shop admins only', async () => {
    const { id } = await applied();
    expect((await api.as(customer).get('/api/companies')).status).toBe(403);
    expect((await api.as(customer).patch(`/api/companies/${id}`, { status: 'active' })).status).toBe(403);
    expect((await api.anonymous.get('/api/companies')).status).toBe(401);
    expect((await api.anonymous.patch(`/api/companies/${id}`, { status: 'active' })).status).toBe(401);
  });
});

describeOnEachEngine('the companies tables', (ctx) => {
  it('keep a user in one company at most, whatever the code does', async () => {
    const user = await signInAs(ctx.app, ctx.database.db, 'customer');
    await insertCompany(ctx.database.db, { memberIds: [user.id] });
    await expect(insertCompany(ctx.database.db, { memberIds: [user.id] })).rejects.toThrow();
  });

  it('keep the discount from 0 to 50 and the terms and status to their names', async () => {
    await expect(insertCompany(ctx.database.db, { discount_percent: 51 })).rejects.toThrow();
    await expect(insertCompany(ctx.database.db, { credit_limit_cents: -1 })).rejects.toThrow();
    await expect(insertCompany(ctx.database.db, { status: 'closed' as 'active' })).rejects.toThrow();
    await expect(insertCompany(ctx.database.db, { payment_terms: 'net90' as 'net60' })).rejects.toThrow();
  });
});
