import { describe, expect, it } from 'vitest';
import { DEFAULT_ICE_SERVERS, parseIceServers } from './chat-ice-servers.js';

describe('CHAT_ICE_SERVERS', () => {
  it('unset is the public STUN server; a JSON list of STUN and TURN servers is taken, urls as a list', () => {
    expect(parseIceServers(undefined)).toEqual(DEFAULT_ICE_SERVERS);
    expect(parseIceServers('  ')).toEqual(DEFAULT_ICE_SERVERS);
    expect(parseIceServers('[]')).toEqual([]);
    expect(
      parseIceServers(
        '[{"urls":"stun:stun.example.org:3478"},{"urls":["turn:t.example.org:3478?transport=tcp"],"username":"u","credential":"p"}]',
      ),
    ).toEqual([
      { urls: ['stun:stun.example.org:3478'] },
      { urls: ['turn:t.example.org:3478?transport=tcp'], username: 'u', credential: 'p' },
    ]);
  });

  it('a value that is not a list of ICE servers stops the start-up, naming the setting', () => {
    for (const bad of [
      'stun:x',
      '{"urls":"stun:x"}',
      '[{"urls":"http://x"}]',
      '[{"urls":[]}]',
      '[{"urls":"stun:x","secret":1}]',
    ]) {
      expect(() => parseIceServers(bad), bad).toThrow(/CHAT_ICE_SERVERS/);
    }
  });
});
