/** How this project launches Debian's chromium (browsers are not downloaded here). The benchmarks measure the browser readers run. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests run Debian's chromium-headless-shell: the same Chromium build, Blink and V8, without the desktop
 * browser around it, which is what Playwright itself runs for headless tests. On a 2-core machine the browser pass
 * took 155 s with it against 290 s with the full browser in one sitting (handbook/testing.md).
 */
export const TEST_CHROMIUM_PATH = process.env.TEST_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
