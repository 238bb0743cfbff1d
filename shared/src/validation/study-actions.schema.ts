import { z } from 'zod';
import { ROLE_IDS } from '../domain/roles';
import { MESSENGER_TYPES } from '../domain/vocabularies';
import { id, numeric, text } from './coercion';
import { oneOf } from './laravel-rules';
import { TEXT_MAX } from './text-limits';

/** Bodies of the explicit commands around a study and a user (part 1 §7, part 2 §7). */

export const studyMessageSchema = z.object({
  study_id: id(),
  content: text.required(z.string().max(TEXT_MAX.note)),
});
export type StudyMessageInput = z.output<typeof studyMessageSchema>;

export const notifySchema = z.object({
  type_id: id(),
  study_id: id(),
});
export type NotifyInput = z.output<typeof notifySchema>;

export const messengerTokenSchema = z.object({
  token_type: text.required(oneOf(MESSENGER_TYPES)),
});
export type MessengerTokenInput = z.output<typeof messengerTokenSchema>;

export const roleSwitchSchema = z.object({
  role_id: numeric.required(oneOf(ROLE_IDS)),
});
export type RoleSwitchInput = z.output<typeof roleSwitchSchema>;
