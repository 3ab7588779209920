/** How this project launches Debian's chromium (browsers are not downloaded here). The benchmarks measure the browser readers run. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser tests run Debian's chromium-headless-shell: the same Chromium build, Blink and V8, without the desktop
 * browser around it, which is what Playwright itself runs for headless tests, and the browser pass takes about half
 * the time it took with the full browser (measured: bench/HISTORY.md).
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

/**
 * The browser tests' launch: CHROMIUM_ARGS, and V8 without its optimising compilers (Maglev and TurboFan; the
 * interpreter and Sparkplug's baseline code run everything). A test's page lives a few seconds, and on 2 cores that the
 * two workers already saturate, compiling its hot functions again costs more than the faster code returns (measured:
 * bench/HISTORY.md). What a page does is the same; only how fast V8 runs it differs, and the benchmarks, which measure
 * speed, launch with CHROMIUM_ARGS alone.
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--max-opt=1'];
