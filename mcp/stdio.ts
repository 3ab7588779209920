/**
 * stdio with a size limit. The SDK's stdio transport buffers a message until
 * its newline, and past 10 MB it closes, which ends the process without a word.
 * Here stdin first passes through a line reader that keeps at most `maxBytes`
 * of a line: a longer message is let through unread (never parsed, never
 * kept), and its sender gets a JSON-RPC error that gives its size and the
 * limit, under the message's own id (found by a scan that keeps a few bytes),
 * so the client's call fails at once and the next one is served.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const NEWLINE = 0x0a;

type RequestId = string | number;

/**
 * Finds the top-level `"id"` of a JSON object as its bytes go by, keeping only
 * the current key and the id's own bytes: a 10 MB message costs no memory.
 */
class IdScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private expectKey = false;
  private readingKey = false;
  private key: number[] = [];
  private lastKey = '';
  private readingId = false;
  private idBytes: number[] = [];
  id: RequestId | undefined;

  feed(bytes: Uint8Array): void {
    for (const c of bytes) this.step(c);
  }

  private keep(list: number[], c: number, max: number): void {
    if (list.length < max) list.push(c);
  }

  private step(c: number): void {
    if (this.inString) {
      if (this.readingKey) this.keep(this.key, c, 8);
      if (this.readingId) this.keep(this.idBytes, c, 256);
      if (this.escaped) this.escaped = false;
      else if (c === 0x5c /* \ */) this.escaped = true;
      else if (c === 0x22 /* " */) {
        this.inString = false;
        if (this.readingKey) {
          this.readingKey = false;
          this.lastKey = Buffer.from(this.key.slice(0, -1)).toString('latin1');
        }
      }
      return;
    }
    switch (c) {
      case 0x22 /* " */:
        this.inString = true;
        if (this.depth === 1 && this.expectKey) {
          this.expectKey = false;
          this.readingKey = true;
          this.key = [];
        }
        if (this.readingId) this.idBytes.push(c);
        return;
      case 0x7b /* { */:
      case 0x5b /* [ */:
        this.readingId = false; // an object or array is no id
        this.depth += 1;
        if (this.depth === 1 && c === 0x7b) this.expectKey = true;
        return;
      case 0x7d /* } */:
      case 0x5d /* ] */:
        if (this.depth === 1) this.endId();
        this.depth -= 1;
        return;
      case 0x2c /* , */:
        if (this.depth === 1) {
          this.endId();
          this.expectKey = true;
        }
        return;
      case 0x3a /* : */:
        if (this.depth === 1 && this.lastKey === 'id') {
          this.readingId = true;
          this.idBytes = [];
        }
        this.lastKey = '';
        return;
      default:
        if (this.readingId) this.keep(this.idBytes, c, 256);
    }
  }

  private endId(): void {
    if (!this.readingId) return;
    this.readingId = false;
    try {
      const value: unknown = JSON.parse(Buffer.from(this.idBytes).toString('utf8'));
      if (typeof value === 'string' || typeof value === 'number') this.id = value;
    } catch {
      /* not an id a response can carry */
    }
  }
}

type Refused = { bytes: number; id: RequestId | undefined };

/** Whether a line is JSON; a blank line is neither JSON nor an error (it is dropped). */
function parses(line: Buffer): boolean {
  try {
    JSON.parse(line.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Passes stdin on line by line (each with its newline), and lets a line longer
 * than `maxBytes` go by unread: `onRefused` gets its size and id instead.
 */
class LineLimiter extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** While a line over the limit goes by: its bytes so far and its id scan. */
  private skipping: { bytes: number; scanner: IdScanner } | undefined;

  constructor(
    private readonly maxBytes: number,
    private readonly onRefused: (refused: Refused) => void,
    /** A line that is not JSON: the SDK's transport would drop it without an answer. */
    private readonly onMalformed: (line: Buffer) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline < 0 ? chunk.length : newline;
      const piece = chunk.subarray(start, end);
      if (this.skipping) {
        this.skipping.bytes += piece.length;
        this.skipping.scanner.feed(piece);
      } else if (this.pendingBytes + piece.length > this.maxBytes) {
        const scanner = new IdScanner();
        for (const kept of this.pending) scanner.feed(kept);
        scanner.feed(piece);
        this.skipping = { bytes: this.pendingBytes + piece.length, scanner };
        this.pending = [];
        this.pendingBytes = 0;
      } else {
        this.pending.push(Buffer.from(piece));
        this.pendingBytes += piece.length;
      }
      if (newline < 0) break;
      if (this.skipping) {
        this.onRefused({ bytes: this.skipping.bytes, id: this.skipping.scanner.id });
        this.skipping = undefined;
      } else {
        const line = Buffer.concat(this.pending);
        this.pending = [];
        this.pendingBytes = 0;
        const text = line.toString('utf8').trim();
        if (text && parses(line)) this.push(Buffer.concat([line, Buffer.from([NEWLINE])]));
        else if (text) this.onMalformed(line);
      }
      start = newline + 1;
    }
    done();
  }
}

/** The JSON-RPC error a refused message gets. */
function tooLargeMessage(bytes: number, maxBytes: number): string {
  return `Request too large: the message is ${bytes} bytes, and this server reads at most ${maxBytes} bytes per message; it was refused unread. Send smaller arguments.`;
}

/** The SDK's stdio transport over stdin read through a LineLimiter, and stdout. */
export function limitedStdioTransport(maxBytes: number): StdioServerTransport {
  const lines = new LineLimiter(
    maxBytes,
    ({ bytes, id }) => {
      const message = tooLargeMessage(bytes, maxBytes);
      console.error(`docs MCP server: ${message}`);
      // A notification (no id) gets no answer, by JSON-RPC's rules.
      if (id !== undefined) void transport.send({ jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidRequest, message } });
    },
    (line) => {
      // JSON-RPC 2.0: a message that is not JSON gets a Parse error (-32700) with a null id (its id cannot be read).
      const message = `Parse error: the message is not JSON (${line.length} bytes). Send one JSON-RPC message per line.`;
      console.error(`docs MCP server: ${message}`);
      void transport.send({ jsonrpc: '2.0', id: null, error: { code: ErrorCode.ParseError, message } } as unknown as JSONRPCMessage);
    },
  );
  process.stdin.pipe(lines);
  const transport = new StdioServerTransport(lines, process.stdout);
  return transport;
}
