/**
 * The envelope every IPC call answers with. Handlers never throw across IPC: Electron would
 * flatten a thrown error into a string ("Error invoking remote method …"), losing its code.
 */

export type IpcErrorCode =
  /** The payload failed the channel's zod schema. */
  | 'invalid_input'
  /** The calling frame is not our app origin (or the dev server). */
  | 'untrusted_sender'
  /** Unknown channel, file token or upload id. */
  | 'not_found'
  /** The file could not be read or probed. */
  | 'file_unreadable'
  /** The server could not be reached or the transfer broke off. */
  | 'network_error'
  /** The upload was cancelled by the user. */
  | 'cancelled'
  /** The server answered with an error status (an export the user may not make). */
  | 'server_refused'
  /** Writing a file to disk failed. */
  | 'write_failed'
  | 'internal';

export interface IpcIssue {
  path: string;
  message: string;
}

export interface IpcError {
  code: IpcErrorCode;
  message: string;
  issues?: IpcIssue[];
}

export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

export const ipcOk = <T>(data: T): IpcResult<T> => ({ ok: true, data });

export const ipcFail = (code: IpcErrorCode, message: string, issues?: IpcIssue[]): IpcResult<never> => ({
  ok: false,
  error: issues ? { code, message, issues } : { code, message },
});

/** A typed failure a handler may throw; the registry turns it into an `ipcFail` envelope. */
export class IpcHandlerError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'IpcHandlerError';
  }
}
