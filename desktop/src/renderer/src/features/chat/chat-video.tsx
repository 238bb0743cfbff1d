import { useEffect, useRef } from 'react';

/** A <video> showing a MediaStream (srcObject cannot be set as a React prop). */
export function ChatVideo({
  stream,
  muted,
  small,
  testId,
  label,
}: {
  stream: MediaStream | null;
  muted?: boolean;
  small?: boolean;
  testId: string;
  label: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || video.srcObject === stream) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  return (
    <figure className={`chat-page__video${small ? ' chat-page__video--small' : ''}`}>
      <video ref={ref} autoPlay playsInline muted={muted} data-testid={testId} />
      <figcaption>{label}</figcaption>
    </figure>
  );
}
