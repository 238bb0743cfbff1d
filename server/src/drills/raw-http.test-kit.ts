import http from 'node:http';

export interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
  ms: number;
}

/**
 * One request exactly as given (method, path with its raw query, headers, body bytes) on a
 * connection of its own, as a hostile client would send it; the answer read whole as text.
 */
export function sendRaw(
  base: string,
  method: string,
  pathAndQuery: string,
  headers: Record<string, string>,
  body: Buffer,
  timeoutMs = 60_000,
): Promise<RawAnswer> {
  const url = new URL(base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method,
      path: pathAndQuery,
      headers: body.length ? { ...headers, 'Content-Length': String(body.length) } : headers,
      agent: false,
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
    });
    req.end(body.length ? body : undefined);
  });
}
