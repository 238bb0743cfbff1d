/**
 * A study's chat was marked read by the signed-in user (the panel showed its newest message). The
 * calendars of the app listen: the study's "new message" notice is the server's
 * `hasUnreadMessages` for the reader, which no socket event announces, so they load it again.
 */
type Listener = (studyId: number) => void;

const listeners = new Set<Listener>();

export function announceChatRead(studyId: number): void {
  for (const listener of listeners) listener(studyId);
}

/** Returns the unsubscribe. */
export function onChatRead(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
