import autocannon from 'autocannon';
import { bookingBody } from '../../src/server/testing/booking';
import type { LoadResult } from './load';

const DEMO_ADMIN = { email: 'admin@gearhouse.example', password: 'admin-demo-1' };
const DEMO_CUSTOMER = { email: 'customer@gearhouse.example', password: 'customer-demo-1' };

/** Signs a demo account in as the web app does, and answers its session cookie. */
async function signIn(url: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`sign-in of ${account.email} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Books a demo part over and over as the demo customer (`POST /api/orders`, 10 connections): each
 * answer is a real order — the stock taken in a transaction, the order written, its mail sent. The
 * admin first raises the part's stock so that the run never runs out.
 */
export async function measureOrders(
  url: string,
  label: string,
  { connections = 10, seconds = 8, warmupSeconds = 2 } = {},
): Promise<LoadResult> {
  const admin = await signIn(url, DEMO_ADMIN);
  const customer = await signIn(url, DEMO_CUSTOMER);
  const list = (await (await fetch(`${url}/api/parts?limit=1`)).json()) as { items: { id: string; minOrderQuantity: number }[] };
  const part = list.items[0];
  if (!part) throw new Error('the demo catalogue is empty');
  const restock = async () => {
    const res = await fetch(`${url}/api/parts/${part.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: admin, origin: url },
      body: JSON.stringify({ stock: 1_000_000 }),
    });
    if (!res.ok) throw new Error(`restocking answered ${res.status}: ${await res.text()}`);
  };
  const options = {
    url: `${url}/api/orders`,
    connections,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', cookie: customer, origin: url },
    body: JSON.stringify(bookingBody(part)),
  };
  await restock();
  await autocannon({ ...options, duration: warmupSeconds });
  await restock();
  const result = await autocannon({ ...options, duration: seconds });
  return {
    label,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
