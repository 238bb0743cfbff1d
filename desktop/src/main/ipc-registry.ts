import type { z } from 'zod';
import type { IpcChannelName } from '../common/ipc-channels';
import { IpcHandlerError, ipcFail, ipcOk, type IpcIssue, type IpcResult } from '../common/ipc-result';
import { ipcContract, type IpcInput, type IpcOutput } from '../common/ipc-schemas';

/**
 * The thin layer between ipcMain and the handlers. Handlers are plain functions of validated
 * input; this layer checks who is calling, validates the payload with the channel's zod schema
 * and turns every outcome (including a thrown error) into an IpcResult envelope.
 */

/** What a handler may know about its caller (a subset of IpcMainInvokeEvent, easy to fake). */
export interface IpcCaller {
  /** The calling frame's URL; null when the frame is already gone. */
  frameUrl: string | null;
  /** Pushes an event to the calling renderer (webContents.send). */
  send(channel: string, payload: unknown): void;
  /** The raw Electron event for adapters that need the sender's session; handlers should not. */
  native?: unknown;
}

export type IpcHandler<C extends IpcChannelName> = (
  input: IpcInput<C>,
  caller: IpcCaller,
) => IpcOutput<C> | Promise<IpcOutput<C>>;

export type IpcHandlers = { [C in IpcChannelName]: IpcHandler<C> };

/** The shape of Electron's IpcMainInvokeEvent this layer reads (structural, so tests pass fakes). */
export interface InvokeEventLike {
  senderFrame?: { url: string } | null;
  sender?: { send(channel: string, ...args: unknown[]): void; isDestroyed?(): boolean };
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler?(channel: string): void;
}

export interface IpcRegistryOptions {
  handlers: IpcHandlers;
  /** True only for frames of our own origin (app://staff or the dev server). */
  isTrustedSender: (frameUrl: string) => boolean;
  /** Unexpected errors are logged in main, never shown to the renderer verbatim. */
  logError?: (channel: string, error: unknown) => void;
}

export function callerFromEvent(event: InvokeEventLike): IpcCaller {
  return {
    frameUrl: event.senderFrame?.url ?? null,
    send: (channel, payload) => {
      if (event.sender && !event.sender.isDestroyed?.()) event.sender.send(channel, payload);
    },
    native: event,
  };
}

function issuesOf(error: z.ZodError): IpcIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** One IPC call from start to envelope; what registerIpcHandlers wires to ipcMain.handle. */
export async function dispatchIpcCall(
  options: IpcRegistryOptions,
  channel: string,
  event: InvokeEventLike,
  rawInput: unknown,
): Promise<IpcResult<unknown>> {
  const caller = callerFromEvent(event);
  if (!caller.frameUrl || !options.isTrustedSender(caller.frameUrl)) {
    return ipcFail('untrusted_sender', 'IPC call from an untrusted frame');
  }
  if (!Object.hasOwn(ipcContract, channel)) return ipcFail('not_found', `unknown channel ${channel}`);
  const name = channel as IpcChannelName;
  const parsed = ipcContract[name].input.safeParse(rawInput);
  if (!parsed.success) return ipcFail('invalid_input', 'invalid IPC payload', issuesOf(parsed.error));
  try {
    const handler = options.handlers[name] as (input: unknown, caller: IpcCaller) => unknown;
    return ipcOk(await handler(parsed.data, caller));
  } catch (error) {
    if (error instanceof IpcHandlerError) return ipcFail(error.code, error.message);
    options.logError?.(name, error);
    return ipcFail('internal', 'unexpected error in the main process');
  }
}

/** Registers every channel of the contract; a channel without a handler is a type error. */
export function registerIpcHandlers(ipcMain: IpcMainLike, options: IpcRegistryOptions): () => void {
  const channels = Object.keys(ipcContract) as IpcChannelName[];
  for (const channel of channels) {
    ipcMain.handle(channel, (event, input) => dispatchIpcCall(options, channel, event, input));
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler?.(channel));
}
