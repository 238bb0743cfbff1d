import Router from '@koa/router';
import { studyReminderSettingsSchema } from '@school/shared/validation';
import { validateBody } from '../../platform/http/validate.js';
import { authOf } from '../../platform/security/session-guard.js';
import type { StudyRemindersService } from './study-reminders.service.js';

/**
 * GET /api/study-reminder-settings → { data: { offsets_minutes, digest_enabled, digest_time } };
 * PATCH (or POST with _method=patch) the same path with any of those fields. Administrator only
 * (403 before the body is read); 422 with field errors.
 */
export function studyRemindersRoutes(service: StudyRemindersService): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/study-reminder-settings', async (ctx) => {
    ctx.body = { data: await service.settings(authOf(ctx)) };
  });
  router.patch('/study-reminder-settings', async (ctx) => {
    const auth = authOf(ctx);
    service.assertAdministrator(auth);
    const input = validateBody(ctx, studyReminderSettingsSchema);
    ctx.body = { data: await service.updateSettings(auth, input) };
  });
  return router;
}
