import type { Translation } from '../translation.types';

/** The chat prototype (spec part 2 §2, §4, §8). */
export const chat: Translation['chat'] = {
  title: 'Chat',
  staffOnly: 'The chat is for school staff only.',
  room: 'Room',
  join: 'Join the room',
  members: 'In the room',
  nobody: 'Nobody else is here.',
  empty: 'No messages yet.',
  placeholder: 'Message (Ctrl+Enter sends)',
  send: 'Send',
  call: 'Call',
  answer: 'Answer',
  hangUp: 'Hang up',
  remoteVideo: 'The other side',
  localVideo: 'You',
  connection: { connecting: 'Connecting…', joined: 'Connected', offline: 'No connection' },
  status: { available: 'Available', busy: 'In a call', away: 'Away' },
  phase: {
    idle: 'No call',
    calling: 'Calling {{name}}…',
    'offer-received': 'Incoming call: {{name}}',
    connected: 'In a call with {{name}}',
  },
  errorTitle: 'Chat error',
  errors: {
    peerConnection: 'Cannot create RTCPeerConnection',
    remoteDescription: 'Cannot set the remote description',
    offer: 'Cannot create the offer',
    answer: 'Cannot create the answer',
    media: 'No access to the camera or microphone',
    refused: 'The server refused the chat',
    rateLimited: 'Too many messages, wait a little',
    sendFailed: 'The message was not sent',
  },
};
