import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '../lib/toast';
import { failOnUnexpectedCalls } from './fake-api';

/**
 * Every component test (the `web` project in vitest.config.ts): toasts are recorded instead of shown,
 * modal dialogs open and close, the page is emptied after each test, and `fetch` is given back.
 */

// findBy and waitFor wait up to 5 s, not 1: on a busy two-core machine a page's lazy chunk (a form's
// checks, the categories) can take longer than a second to load, and a passing test waits no longer.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no modal dialogs: opening and closing one sets its `open` attribute.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.open = false;
};

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
