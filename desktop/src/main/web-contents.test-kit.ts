/**
 * A stand-in for Electron's WebContents as the guards use it: the listeners they add by event
 * name, and the window-open handler, to be called as Electron would.
 */
export function fakeContents() {
  const listeners = new Map<string, (...args: any[]) => void>();
  let openHandler: ((details: { url: string }) => unknown) | undefined;
  const contents = {
    on: (name: string, listener: (...args: any[]) => void) => void listeners.set(name, listener),
    setWindowOpenHandler: (handler: (details: { url: string }) => unknown) => void (openHandler = handler),
  };
  return { contents, listeners, open: (url: string) => openHandler?.({ url }) };
}
