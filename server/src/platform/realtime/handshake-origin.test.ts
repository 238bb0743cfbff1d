import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { isAllowedHandshakeOrigin } from './handshake-origin.js';

const request = (headers: http.IncomingHttpHeaders) => ({ headers }) as http.IncomingMessage;

describe('the handshake Origin rule', () => {
  const allowed = new Set(['https://school.example.org', 'app://staff']);

  it('lets through the listed origins in any case, this host’s own pages and requests without Origin', () => {
    for (const origin of [
      'https://school.example.org',
      'HTTPS://School.Example.org',
      'app://staff',
      undefined,
    ]) {
      expect(isAllowedHandshakeOrigin(request({ origin, host: 'api.internal:8080' }), allowed), origin).toBe(
        true,
      );
    }
    expect(
      isAllowedHandshakeOrigin(request({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }), allowed),
    ).toBe(true);
  });

  it('refuses any other origin, look-alikes, "null" and garbage', () => {
    for (const origin of [
      'https://evil.example',
      'https://school.example.org.evil.example',
      'http://school.example.org',
      'https://school.example.org:8443',
      'app://staff.evil',
      'null',
      '',
      'not a url',
    ]) {
      expect(isAllowedHandshakeOrigin(request({ origin, host: 'api.internal:8080' }), allowed), origin).toBe(
        false,
      );
    }
    // Same host name, another port: another origin.
    expect(
      isAllowedHandshakeOrigin(request({ origin: 'http://127.0.0.1:3001', host: '127.0.0.1:3000' }), allowed),
    ).toBe(false);
  });
});

describe('APP_ORIGINS', () => {
  it('holds APP_URL’s origin and the listed ones, normalised', () => {
    const config = loadConfig(
      {},
      { APP_URL: 'https://School.example.org/app/', APP_ORIGINS: ' http://localhost:5173/ ,app://other, ' },
    );
    expect(config.APP_ORIGINS).toEqual([
      'https://school.example.org',
      'http://localhost:5173',
      'app://other',
    ]);
  });

  it('stops the start-up on a value that is not an origin, naming the variable', () => {
    expect(() => loadConfig({}, { APP_ORIGINS: 'https://ok.example,school.example.org' })).toThrow(
      /APP_ORIGINS/,
    );
  });
});
