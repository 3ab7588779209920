/**
 * The origins the site is served from: its public address (brand.siteUrl), and
 * any copy on the reader's own machine (`npm start`, `npm run serve`, the
 * tests' servers), which listens on a loopback address, on any port. A web page
 * elsewhere has neither. The local sandbox lets these origins call it from the
 * browser (the API explorer); the MCP server sends to a sandbox on this machine
 * only. Node and browser alike: no API of either.
 */
import { brand } from './brand';

/** Whether a URL's host is this machine (127.0.0.0/8, localhost or ::1). */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Whether an `Origin` (`https://docs.crypto-payments.example`, `http://127.0.0.1:3000`) is one the site is served from. */
export function isSiteOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  return url.origin === new URL(brand.siteUrl).origin || (/^https?:$/.test(url.protocol) && isLoopback(url));
}
