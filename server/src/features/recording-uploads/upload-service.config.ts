/** Addresses of the recordings upload service (config: UPLOADER_PORT, UPLOADER_URL). */
export interface UploaderAddressConfig {
  APP_URL: string;
  UPLOADER_PORT: number;
  UPLOADER_URL?: string;
}

/**
 * Where clients post uploads (without `/upload`): UPLOADER_URL, else APP_URL's scheme and host
 * name with the service's port (`port`: the one it really listens on, for UPLOADER_PORT=0).
 */
export function uploaderPublicUrl(config: UploaderAddressConfig, port = config.UPLOADER_PORT): string {
  if (config.UPLOADER_URL) return config.UPLOADER_URL.replace(/\/+$/, '');
  const app = new URL(config.APP_URL);
  return `${app.protocol}//${app.hostname}:${port}`;
}
