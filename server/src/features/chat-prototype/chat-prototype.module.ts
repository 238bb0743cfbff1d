import type { AppConfig } from '../../config.js';
import type { FeatureModule } from '../feature-module.js';
import { parseIceServers } from './chat-ice-servers.js';
import { chatPrototypeChannel } from './chat-prototype.channel.js';

/**
 * The chat prototype (spec part 2 §2): no HTTP routes, only socket handlers; the STUN/TURN servers
 * come from the configuration (CHAT_ICE_SERVERS) and reach the client with the joinRoom answer.
 */
export function createChatPrototypeModule(deps: {
  config: Pick<AppConfig, 'CHAT_ICE_SERVERS'>;
}): FeatureModule {
  return {
    name: 'chat-prototype',
    channels: [chatPrototypeChannel(parseIceServers(deps.config.CHAT_ICE_SERVERS))],
  };
}
