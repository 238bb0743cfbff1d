import { ROLE, inRoleGroup } from '@school/shared/domain';
import { readsThroughChildren } from '@school/shared/permissions';
import { i18nFor } from '@school/shared/i18n';
import { fullName, givenNames } from '@school/shared/rules';
import { newToken, sha256 } from '../../platform/security/secrets.js';
import { buildCalendar, type IcalEvent } from './ical-format.js';
import type { FeedParticipantRow, FeedStudyRow, IcalFeedRepository } from './ical-feed.repository.js';

const DAY_MS = 86_400_000;
const PAST_DAYS = 60;
const FUTURE_DAYS = 180;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export interface IcalFeedServiceDeps {
  repo: IcalFeedRepository;
  /** Public base URL of the server: the feed URL must work from Google's servers and phones. */
  appUrl: string;
  now?: () => Date;
}

/**
 * Private calendar feeds (RFC 5545) so lessons show up in Google Calendar or a phone's calendar.
 * The URL is the credential: a 256-bit token shown once, stored only as SHA-256; rotating or
 * revoking it cuts off every calendar app that had it.
 */
export function createIcalFeedService(deps: IcalFeedServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const base = deps.appUrl.replace(/\/+$/, '');

  return {
    /** Creates the user's feed, or replaces it (the old URL stops working). */
    async issue(userId: number): Promise<{ url: string }> {
      const token = newToken();
      await deps.repo.rotate(userId, sha256(token));
      return { url: `${base}/ical/${token}.ics` };
    },

    async revoke(userId: number): Promise<void> {
      await deps.repo.revoke(userId);
    },

    /** Whether a feed is live; the URL itself cannot be shown again. */
    async status(userId: number): Promise<{ active: boolean; created_at: Date | null }> {
      const live = await deps.repo.liveFeedOf(userId);
      return { active: Boolean(live), created_at: live?.created_at ?? null };
    },

    /** The calendar text for a token, or null for an unknown, revoked or malformed one. */
    async render(token: string): Promise<string | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const owner = await deps.repo.ownerOf(sha256(token));
      if (!owner) return null;
      // A parent's calendar is their children's lessons (and any they take part in themselves).
      const childIds = readsThroughChildren(owner.role_id) ? await deps.repo.childIdsOf(owner.id) : [];
      const viewerIds = [owner.id, ...childIds];
      const at = now().getTime();
      const studies = await deps.repo.studiesOf(
        viewerIds,
        new Date(at - PAST_DAYS * DAY_MS),
        new Date(at + FUTURE_DAYS * DAY_MS),
      );
      const participants = await deps.repo.participantsOf(studies.map((s) => s.id));
      const byStudy = new Map<number, FeedParticipantRow[]>();
      for (const p of participants) byStudy.set(p.study_id, [...(byStudy.get(p.study_id) ?? []), p]);
      const events = studies.map((s) =>
        toEvent(s, byStudy.get(s.id) ?? [], new Set(viewerIds), new Set(childIds)),
      );
      return buildCalendar({
        prodId: '-//School Platform//Calendar Feed//EN',
        name: `${i18nFor('uk').t('app.name')}: ${fullName(owner)}`,
        refreshInterval: 'PT1H',
        events,
      });
    },
  };
}

/**
 * "Type: names". Whoever teaches sees the students' full names; students and parents see the
 * teachers by first name and patronymic (as in the app, spec part 1 §2), parents also which
 * child; anyone else (a Manager's reserved slot) sees everybody else.
 */
function toEvent(
  study: FeedStudyRow,
  people: FeedParticipantRow[],
  viewers: Set<number>,
  children: Set<number>,
): IcalEvent {
  const mine = people.filter((p) => viewers.has(p.user_id));
  const others = people.filter((p) => !viewers.has(p.user_id));
  let names: string;
  if (mine.some((p) => inRoleGroup('teaching', p.role_id))) {
    names = others
      .filter((p) => p.role_id === ROLE.Student)
      .map(fullName)
      .join(', ');
  } else if (mine.some((p) => p.role_id === ROLE.Student)) {
    names = others
      .filter((p) => inRoleGroup('teaching', p.role_id))
      .map(givenNames)
      .join(', ');
    const kids = mine.filter((p) => children.has(p.user_id)).map((p) => p.firstname);
    if (kids.length) names = `${names} (${kids.join(', ')})`;
  } else {
    names = others.map(fullName).join(', ');
  }
  const type = study.type_name ?? '';
  const updated = new Date(Math.max(study.updated_at.getTime(), study.created_at.getTime()));
  return {
    uid: `study-${study.id}@school`,
    start: study.start,
    end: study.end,
    summary: [type, names.trim()].filter(Boolean).join(': '),
    // Seconds since creation at the last update: grows with every saved change (a move included),
    // which is all SEQUENCE has to do, and needs no counter column.
    sequence: Math.max(0, Math.floor((updated.getTime() - study.created_at.getTime()) / 1000)),
    lastModified: updated,
  };
}

export type IcalFeedService = ReturnType<typeof createIcalFeedService>;
