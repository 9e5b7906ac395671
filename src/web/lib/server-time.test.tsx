import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DealPrice } from '../components/deal-price';
import { Countdown, useTimeLeft } from '../features/settings/components/countdown';
import type { Clock } from './clock';
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

/**
 * Renders `page` as the server does at RENDERED_AT, then hydrates that markup as the browser does:
 * answers the hydration errors React reported, and the page once hydrated.
 */
async function hydrateServerPage(page: (clock: Clock) => ReactNode): Promise<{ errors: unknown[]; container: HTMLElement }> {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<ServerTimeContext value={RENDERED_AT}>{page(() => RENDERED_AT)}</ServerTimeContext>);
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <ServerTimeContext value={RENDERED_AT}>{page(browserClock)}</ServerTimeContext>, {
      onRecoverableError: (error) => errors.push(error),
    });
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
        <ServerTimeContext value={RENDERED_AT}>
          <DealPrice priceCents={4890} deal={{ percent: 25, endsAt: ENDS_AT }} clock={browserClock} />
        </ServerTimeContext>,
      );
    });
    expect(container.textContent).toBe('$48.90');
  });
});
