import type { Knex } from 'knex';
import type { FeatureModule } from '../feature-module.js';
import { createIcalFeedRepository } from './ical-feed.repository.js';
import { icalFeedRoutes, icalPublicRoutes } from './ical-feed.routes.js';
import { createIcalFeedService, type IcalFeedService } from './ical-feed.service.js';

export interface IcalFeedsModuleDeps {
  knex: Knex;
  /** config.APP_URL: the feed URL handed out must be reachable from outside. */
  appUrl: string;
}

/** A user's iCal feed: issued and revoked under /api, fetched signed out at /ical/<token>.ics. */
export function createIcalFeedsModule(deps: IcalFeedsModuleDeps): FeatureModule<{ feeds: IcalFeedService }> {
  const feeds = createIcalFeedService({ repo: createIcalFeedRepository(deps.knex), appUrl: deps.appUrl });
  return {
    name: 'ical-feeds',
    services: { feeds },
    routes: [
      { stage: 'feeds', router: icalPublicRoutes(feeds) },
      { stage: 'commands', router: icalFeedRoutes(feeds) },
    ],
  };
}
