/**
 * How the calendar hears of changes: the socket is being opened, is live, or refused (the page
 * then refreshes on a timer). Lives here so the toolbar (used by the calendar and the transfer
 * view) does not import the calendar feature.
 */
export type RealtimeStatus = 'connecting' | 'live' | 'polling';
