import * as copy from '#shared/copy';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';

const spies: { mockRestore: () => void }[] = [];

/** jsdom lays nothing out: each test says how wide the frame and its table are. */
function widths(frame: number, content: number) {
  spies.push(
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(frame),
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content),
  );
}

afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

const table = () =>
  render(
    <DataTable caption="Manage All Orders" columns={[{ label: 'Status', className: '' }]} cardsBelow="xl">
      <tr>
        <td>Paid</td>
      </tr>
    </DataTable>,
  );

describe('DataTable', () => {
  it('scrolls sideways inside its frame, a named region the keyboard can focus, when its columns are wider than it', () => {
    widths(900, 1180);
    table();
    const frame = screen.getByRole('region', { name: copy.common.scrollingTable('Manage All Orders') });
    expect(frame.className).toContain('overflow-x-auto');
    expect(frame.tabIndex).toBe(0);
    frame.focus();
    expect(document.activeElement).toBe(frame);
    expect(frame.contains(screen.getByRole('table', { name: 'Manage All Orders' }))).toBe(true);
  });

  it('is no region and takes no focus while everything fits, and becomes one once the window narrows', () => {
    widths(900, 900);
    table();
    const frame = screen.getByTestId('table-frame');
    expect(screen.queryByRole('region')).toBeNull();
    expect(frame.hasAttribute('tabindex')).toBe(false);
    widths(600, 900);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByRole('region', { name: copy.common.scrollingTable('Manage All Orders') })).toBe(frame);
    expect(frame.tabIndex).toBe(0);
  });
});
