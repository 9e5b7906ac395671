import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders a piece of the web app as the app does: the app's own query client (fresh for each test,
 * with its toast-on-failure cache) and a router at `path`.
 */
export function renderWithApp(
  ui: ReactElement,
  { path = '/' }: { path?: string } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** The text a control's aria-describedby points at while it is marked invalid; undefined when it is valid. */
export function fieldErrorOf(control: HTMLElement): string | undefined {
  if (control.getAttribute('aria-invalid') !== 'true') return undefined;
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** The control is marked invalid and announces exactly `message` as its description. */
export function expectFieldError(control: HTMLElement, message: string): void {
  expect(control.getAttribute('aria-invalid'), `aria-invalid of ${control.outerHTML}`).toBe('true');
  expect(fieldErrorOf(control)).toBe(message);
}

/** The control is not marked invalid (its error, if it had one, is gone). */
export function expectNoFieldError(control: HTMLElement): void {
  expect(control.getAttribute('aria-invalid'), `aria-invalid of ${control.outerHTML}`).toBeNull();
}

/** jsdom has no object URLs; the photo inputs make one for their preview. */
export function stubObjectUrls(): void {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
}

/** A small picture file for the photo inputs. */
export function pictureFile(name = 'photo.png'): File {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}
