import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import type { ShopInfo } from '#shared/schemas/content';
import { type FakeApi, fakeApi, ok } from '../../testing/fake-api';
import { renderWithApp } from '../../testing/render-with-app';
import LoginPage from './login';
import SignupPage from './signup';

let api: FakeApi;

const shop: ShopInfo = {
  demoMode: false,
  googleSignIn: false,
  paymentsTestMode: false,
  verifiedEmailRequired: false,
  demoAccounts: [],
  social: {},
};

const customer = {
  user: {
    id: 'u-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    emailVerified: true,
    image: null,
    role: 'customer',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  isAdmin: false,
};

/** Wherever the page sent the browser. */
function Landed() {
  const location = useLocation();
  return <output data-testid="landed">{`${location.pathname}${location.search}`}</output>;
}

function render(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup" element={<SignupPage />} />
      <Route path="*" element={<Landed />} />
    </Routes>,
    { path },
  );
}
const landed = async () => (await screen.findByTestId('landed')).textContent;

async function signUp(path: string) {
  render(path);
  fireEvent.change(await screen.findByLabelText(copy.fields.name), { target: { value: customer.user.name } });
  fireEvent.change(screen.getByLabelText(copy.fields.email), { target: { value: customer.user.email } });
  fireEvent.change(screen.getByLabelText(copy.fields.password), { target: { value: 'engine-1843' } });
  fireEvent.click(screen.getByRole('button', { name: copy.auth.signUpSubmit }));
}

async function signIn(path: string) {
  render(path);
  fireEvent.change(await screen.findByLabelText(copy.fields.email), { target: { value: customer.user.email } });
  fireEvent.change(screen.getByLabelText(copy.fields.password), { target: { value: 'engine-1843' } });
  fireEvent.click(screen.getByRole('button', { name: copy.auth.loginSubmit }));
}

/** Addresses that would take the person to another site, or run a script, if followed. */
const FOREIGN = ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/\t/evil.example'];

beforeEach(() => {
  api = fakeApi();
  api.on('GET /api/shop', ok(shop));
  // A visitor, until the form's success asks again.
  api.on('GET /api/auth/get-session', ok(null), ok({ session: { id: 's-1' } }));
  api.on('GET /api/me', ok(customer));
  api.on('POST /api/auth/sign-up/email', ok({ token: null }));
  api.on('POST /api/auth/sign-in/email', ok({ redirect: false }));
});

describe('signing up', () => {
  it('goes back to the page the person came from', async () => {
    await signUp('/signup?next=%2Fcart');
    expect(await landed()).toBe('/cart');
  });

  it('goes back to a part with its query', async () => {
    await signUp(`/signup?next=${encodeURIComponent('/part/p-1?from=share')}`);
    expect(await landed()).toBe('/part/p-1?from=share');
  });

  it('lands on the shop’s home without a page to go back to', async () => {
    await signUp('/signup');
    expect(await landed()).toBe('/');
  });

  for (const next of FOREIGN) {
    it(`lands on the shop’s home, never on ${JSON.stringify(next)}`, async () => {
      await signUp(`/signup?next=${encodeURIComponent(next)}`);
      expect(await landed()).toBe('/');
    });
  }

  it('keeps the page to go back to on its way to signing in instead', async () => {
    render('/signup?next=%2Fcart');
    const login = await screen.findByRole('link', { name: copy.auth.loginLink });
    expect(login.getAttribute('href')).toBe('/login?next=%2Fcart');
  });
});

describe('signing in', () => {
  it('goes back to the page the person came from', async () => {
    await signIn('/login?next=%2Fpart%2Fp-1');
    expect(await landed()).toBe('/part/p-1');
  });

  it('never sends a customer back to an admin page', async () => {
    await signIn('/login?next=%2Fdashboard%2Foverview');
    expect(await landed()).toBe('/');
  });

  for (const next of FOREIGN) {
    it(`lands on the shop’s home, never on ${JSON.stringify(next)}`, async () => {
      await signIn(`/login?next=${encodeURIComponent(next)}`);
      expect(await landed()).toBe('/');
    });
  }

  it('keeps the page to go back to on its way to signing up instead', async () => {
    render('/login?next=%2Fcart');
    const signUpLink = await screen.findByRole('link', { name: copy.auth.createAccount });
    expect(signUpLink.getAttribute('href')).toBe('/signup?next=%2Fcart');
  });
});
