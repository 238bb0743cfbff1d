import { ROLE } from '@school/shared/domain';

/** What the rule needs to know about a new chat message and its study. */
export interface MessageNoticeFacts {
  /** The signed-in user. */
  viewerId: number;
  viewerRoleId: number;
  /** Who wrote the message. */
  authorId: number;
  /** Every participant of the study. */
  participantIds: readonly number[];
  /** Participants who take part as the study's teacher (Teacher or Methodologist by pivot role). */
  teacherIds: readonly number[];
}

/**
 * Issue #17 point 5: a message from someone else in a study the signed-in user teaches — as its
 * teacher participant, or as a Teacher who takes part in it at all. Never one's own message, and
 * never a study the user only looks at (staff browsing someone else's calendar).
 */
export function shouldNotifyOfMessage(facts: MessageNoticeFacts): boolean {
  if (facts.authorId === facts.viewerId) return false;
  if (facts.teacherIds.includes(facts.viewerId)) return true;
  return facts.viewerRoleId === ROLE.Teacher && facts.participantIds.includes(facts.viewerId);
}

export const NOTICE_BODY_MAX = 100;

/** The notification's body: the message's first 100 characters, whitespace collapsed. */
export function noticeBody(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > NOTICE_BODY_MAX ? `${flat.slice(0, NOTICE_BODY_MAX - 1)}…` : flat;
}
