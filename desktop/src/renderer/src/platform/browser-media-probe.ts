/** What a <video> element can tell about a local file without uploading it. */
export interface BrowserMediaInfo {
  durationSeconds: number | null;
  /** null when the browser cannot decode the container (AVI, WMV… in Chromium). */
  hasVideo: boolean | null;
}

/**
 * Loads only the metadata of the file through an object URL. A decodable file with a zero
 * frame size is audio only; an undecodable one is unknown (not "not a video").
 */
export function probeWithVideoElement(file: Blob, timeoutMs = 10_000): Promise<BrowserMediaInfo> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const finish = (info: BrowserMediaInfo) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(info);
    };
    video.preload = 'metadata';
    video.muted = true;
    video.addEventListener('loadedmetadata', () =>
      finish({
        durationSeconds: Number.isFinite(video.duration) ? video.duration : null,
        hasVideo: video.videoWidth > 0 && video.videoHeight > 0,
      }),
    );
    video.addEventListener('error', () => finish({ durationSeconds: null, hasVideo: null }));
    // Declared before any event can fire: they only start once src is set below.
    const timer = setTimeout(() => finish({ durationSeconds: null, hasVideo: null }), timeoutMs);
    video.src = url;
  });
}
