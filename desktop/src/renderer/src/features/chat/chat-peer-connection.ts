import type { ChatErrorKey } from './chat-prototype.types';

/** A failure of one WebRTC step, named for its toast. */
export class ChatStepError extends Error {
  constructor(readonly key: ChatErrorKey) {
    super(key);
  }
}

async function step<T>(key: ChatErrorKey, run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch {
    throw new ChatStepError(key);
  }
}

export interface PeerCallbacks {
  onCandidate(candidate: RTCIceCandidateInit): void;
  onRemoteStream(stream: MediaStream): void;
  onConnected(): void;
  onFailed(): void;
}

/**
 * One side of a video call: camera and microphone in, the peer's stream out. ICE candidates
 * that arrive before the remote description (the callee has not pressed Answer yet) wait.
 */
export function createPeer(iceServers: RTCIceServer[], callbacks: PeerCallbacks) {
  let pc: RTCPeerConnection;
  try {
    pc = new RTCPeerConnection({ iceServers });
  } catch {
    throw new ChatStepError('peerConnection');
  }
  let local: MediaStream | null = null;
  const pending: RTCIceCandidateInit[] = [];
  const remote = new MediaStream();

  pc.onicecandidate = (event) => {
    if (event.candidate) callbacks.onCandidate(event.candidate.toJSON());
  };
  pc.ontrack = (event) => {
    remote.addTrack(event.track);
    callbacks.onRemoteStream(remote);
  };
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === 'connected') callbacks.onConnected();
    if (pc.connectionState === 'failed') callbacks.onFailed();
  };

  const flush = async () => {
    for (const c of pending.splice(0)) await pc.addIceCandidate(c).catch(() => undefined);
  };

  return {
    async startMedia(): Promise<MediaStream> {
      local = await step('media', () => navigator.mediaDevices.getUserMedia({ video: true, audio: true }));
      for (const track of local.getTracks()) pc.addTrack(track, local);
      return local;
    },
    async offer(): Promise<RTCSessionDescriptionInit> {
      const offer = await step('offer', () => pc.createOffer());
      await step('offer', () => pc.setLocalDescription(offer));
      return { type: offer.type, sdp: offer.sdp };
    },
    async answer(offer: RTCSessionDescriptionInit): Promise<RTCSessionDescriptionInit> {
      await step('remoteDescription', () => pc.setRemoteDescription(offer));
      await flush();
      const answer = await step('answer', () => pc.createAnswer());
      await step('answer', () => pc.setLocalDescription(answer));
      return { type: answer.type, sdp: answer.sdp };
    },
    async accept(answer: RTCSessionDescriptionInit): Promise<void> {
      await step('remoteDescription', () => pc.setRemoteDescription(answer));
      await flush();
    },
    async addCandidate(candidate: RTCIceCandidateInit): Promise<void> {
      if (!pc.remoteDescription) pending.push(candidate);
      else await pc.addIceCandidate(candidate).catch(() => undefined);
    },
    close() {
      for (const track of local?.getTracks() ?? []) track.stop();
      pc.close();
    },
  };
}

export type ChatPeer = ReturnType<typeof createPeer>;
