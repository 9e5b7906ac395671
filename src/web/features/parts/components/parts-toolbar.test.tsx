import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as copy from '#shared/copy';
import { renderWithApp } from '../../../testing/render-with-app';
import { PartsToolbar } from './parts-toolbar';

describe('PartsToolbar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const render = () => {
    const onSearch = vi.fn<(q: string, how: 'typed' | 'submitted') => void>();
    renderWithApp(<PartsToolbar q="" sort="newest" onSearch={onSearch} onSortChange={() => {}} />);
    return onSearch;
  };

  it('applies typed text after a pause', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onSearch = render();
    fireEvent.change(screen.getByLabelText(copy.part.searchLabel), { target: { value: 'brake ' } });
    expect(onSearch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(onSearch.mock.calls).toEqual([['brake', 'typed']]);
  });

  it('applies a submitted search once, as submitted, even when the pause ends before the page follows', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onSearch = render();
    const box = screen.getByLabelText(copy.part.searchLabel);
    fireEvent.change(box, { target: { value: 'brake' } });
    fireEvent.submit(box.closest('form')!);
    // The page has not passed the new search back yet (`q` is still empty): the typing's timer would fire.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(onSearch.mock.calls).toEqual([['brake', 'submitted']]);
  });
});
