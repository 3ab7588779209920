/**
 * `crypto-js` as the theme's ApiExplorer/storage-utils sees it (through an alias
 * scoped to that file, src/api-reference/vendor-aliases.ts): only SHA-1, the one function it
 * calls (`CryptoJS.SHA1(message).toString()`, to name stored credentials). The
 * whole library (every cipher and hash, ~60 KB gzip) would otherwise load with
 * the Redux store of every operation page.
 */
import SHA1 from 'crypto-js/sha1';

export default { SHA1 };
