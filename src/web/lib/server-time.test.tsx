import { dehydrate, hydrate, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DealPrice } from '../components/deal-price';
import { settingsQueryOptions } from '../features/settings/api/get-settings';
import { Countdown, useTimeLeft } from '../features/settings/components/countdown';
import { fakeSettings } from '../testing/fixtures';
import type { Clock } from './clock';
import { createQueryClient } from './query-client';
import { ServerTimeContext, useServerTimeUntilHydrated } from './server-time';

const RENDERED_AT = Date.parse('2026-06-15T12:00:00.000Z');
const ENDS_AT = '2026-06-15T12:00:30.000Z';
/** The browser hydrates the page a minute after the server rendered it: the deal has ended meanwhile. */
const browserClock: Clock = () => RENDERED_AT + 60_000;

function DealCountdown({ clock }: { clock: Clock }) {
  return <Countdown remaining={useTimeLeft(ENDS_AT, clock)} />;
}

function Shown({ clock }: { clock: Clock }) {
  return <p>{useServerTimeUntilHydrated(clock())}</p>;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** A query cache holding the shop's settings, as the shell's loader leaves it: the shop prices in `currency`. */
function cacheWithSettings(currency: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(settingsQueryOptions().queryKey, fakeSettings({ currency }));
  return queryClient;
}

/**
 * Renders `page` as the server does at RENDERED_AT, from a cache with the shop's settings (in
 * `currency`), then hydrates that markup as the browser does, from the data the server sent: answers
 * the hydration errors React reported, and the page once hydrated.
 */
async function hydrateServerPage(
  page: (clock: Clock) => ReactNode,
  currency = 'USD',
): Promise<{ errors: unknown[]; container: HTMLElement }> {
  const container = document.createElement('div');
  document.body.append(container);
  const server = cacheWithSettings(currency);
  container.innerHTML = renderToString(
    <QueryClientProvider client={server}>
      <ServerTimeContext value={RENDERED_AT}>{page(() => RENDERED_AT)}</ServerTimeContext>
    </QueryClientProvider>,
  );
  const browser = createQueryClient();
  hydrate(browser, dehydrate(server));
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <QueryClientProvider client={browser}>
        <ServerTimeContext value={RENDERED_AT}>{page(browserClock)}</ServerTimeContext>
      </QueryClientProvider>,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  return { errors, container };
}

describe('a page rendered on the server, hydrated after a flash deal ended', () => {
  it('hydrates the countdown for the server’s moment, then says the deal ended', async () => {
    const { errors, container } = await hydrateServerPage((clock) => <DealCountdown clock={clock} />);
    expect(errors).toEqual([]);
    expect(container.querySelector('[role="timer"]')).toBeNull();
    expect(container.textContent).toContain('Deal ended');
  });

  it('hydrates the deal price for the server’s moment, then shows the part’s own price alone', async () => {
    const deal = { percent: 25, endsAt: ENDS_AT };
    const { errors, container } = await hydrateServerPage((clock) => <DealPrice priceCents={4890} deal={deal} clock={clock} />);
    expect(errors).toEqual([]);
    expect(container.querySelector('[data-testid="was-price"]')).toBeNull();
    expect(container.textContent).toBe('$48.90');
  });

  it('writes the price in the shop’s currency on the server and in the browser alike', async () => {
    const deal = { percent: 25, endsAt: ENDS_AT };
    const { errors, container } = await hydrateServerPage(
      (clock) => <DealPrice priceCents={4890} deal={deal} clock={clock} />,
      'EUR',
    );
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('€48.90');
  });

  it('renders the server’s time until hydrated, then the time now', async () => {
    const { errors, container } = await hydrateServerPage((clock) => <Shown clock={clock} />);
    expect(errors).toEqual([]);
    expect(container.textContent).toBe(String(browserClock()));
  });
});

describe('a page the browser renders itself', () => {
  it('shows the time now at once', () => {
    const container = document.createElement('div');
    document.body.append(container);
    act(() => {
      root = createRoot(container);
      root.render(
        <QueryClientProvider client={cacheWithSettings('GBP')}>
          <ServerTimeContext value={RENDERED_AT}>
            <DealPrice priceCents={4890} deal={{ percent: 25, endsAt: ENDS_AT }} clock={browserClock} />
          </ServerTimeContext>
        </QueryClientProvider>,
      );
    });
    expect(container.textContent).toBe('£48.90');
  });
});
