/**
 * Debian's Chromium, as the e2e suite and the page-weight benchmark drive it (Playwright's own browser
 * download is not used). The flags keep it from reaching for the network at start.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
