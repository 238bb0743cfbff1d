import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { translatorFor } from '../i18n/request-i18n.js';

/**
 * Requests Node's HTTP parser refuses before the app sees them (a request line or headers over
 * `maxHeaderSize`, a malformed request line or header): Node's default answer is a bare status
 * with no body. This answers them in the spec's error envelope like every other refusal. Their
 * headers were never parsed, so the message is in the school's language (uk).
 */
type Key = 'errors.headers_too_large' | 'errors.request_timeout' | 'errors.bad_request';
const REFUSALS: Record<string, { status: number; reason: string; code: string; key: Key }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'headers_too_large',
    key: 'errors.headers_too_large',
  },
  // Headers or a whole request that did not arrive in time (headersTimeout, requestTimeout).
  HPE_HEADER_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'request_timeout',
    key: 'errors.request_timeout',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'request_timeout',
    key: 'errors.request_timeout',
  },
};
const MALFORMED = {
  status: 400,
  reason: 'Bad Request',
  code: 'bad_request',
  key: 'errors.bad_request',
} as const;

/** Room for the query language's own limit (16 KiB of query, docs/resource-api.md) and a session cookie. */
export const MAX_HEADER_BYTES = 32 * 1024;

export function answerClientErrors(server: http.Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection that timed out or already closed has nobody to answer.
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const refusal = REFUSALS[err.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify({ message: translatorFor('uk')(refusal.key), code: refusal.code });
    socket.end(
      `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
