/**
 * Debian's Chromium, as every browser run here launches it (the e2e suite, the two-instance layout test, the
 * guest page's Lighthouse bench): no browser can be downloaded on these machines, and a headless run needs no
 * sandbox, GPU, QUIC or Google's background services.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
