import { describe, expect, it } from 'vitest';
import { ApiError } from '@school/shared/api';
import { describeNotifyFailure } from './notify-outcome.mapper';

const t = (key: string) => `<${key}>`;

describe('notify failures', () => {
  it('says plainly that reminders are not available yet while nothing can send (no job queue)', () => {
    const answer = new ApiError(409, {
      message: 'Надсилання повідомлень у месенджери ще не підключено.',
      code: 'messenger_unavailable',
    });
    expect(describeNotifyFailure(answer, t)).toEqual({
      kind: 'failed',
      title: '<notify.failed>',
      reason: '<calendarUi.notify.unavailable>',
      unavailable: true,
    });
    expect(describeNotifyFailure(new ApiError(503, { message: 'Service Unavailable' }), t)).toMatchObject({
      unavailable: true,
    });
  });

  it('gives the server’s reason for any other refusal, under the part 2 failure title', () => {
    const notConnected = new ApiError(409, {
      message: 'Учень не підключив бота.',
      code: 'messenger_not_connected',
    });
    expect(describeNotifyFailure(notConnected, t)).toEqual({
      kind: 'failed',
      title: '<notify.failed>',
      reason: 'Учень не підключив бота.',
      unavailable: false,
    });
    const over = new ApiError(422, {
      message: 'invalid',
      errors: { study_id: ['Нагадати можна лише під час заняття.'] },
    });
    expect(describeNotifyFailure(over, t)).toMatchObject({
      reason: 'Нагадати можна лише під час заняття.',
      unavailable: false,
    });
    expect(describeNotifyFailure(new ApiError(502, { message: '' }), t)).toMatchObject({
      reason: '<notify.failed>',
    });
  });

  it('reloads on Unauthenticated. and names a network failure as such', () => {
    expect(describeNotifyFailure(new ApiError(401, { message: 'Unauthenticated.' }), t)).toEqual({
      kind: 'reload',
    });
    expect(describeNotifyFailure(new ApiError(0, { message: 'Failed to fetch' }), t)).toMatchObject({
      reason: '<calendarUi.notify.network>',
    });
    expect(describeNotifyFailure(new TypeError('boom'), t)).toMatchObject({
      reason: '<calendarUi.notify.network>',
    });
  });
});
