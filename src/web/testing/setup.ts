import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '../lib/toast';
import { failOnUnexpectedCalls } from './fake-api';

/**
 * Every component test (the `web` project in vitest.config.ts): toasts are recorded instead of shown,
 * the page is emptied after each test, and `fetch` is given back.
 */
beforeEach(() => {
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.mocked(toast.success).mockRestore();
  vi.mocked(toast.error).mockRestore();
  vi.unstubAllGlobals();
  failOnUnexpectedCalls();
});
