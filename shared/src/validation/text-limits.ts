import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../domain/constants';

/**
 * The longest text each kind of input takes. Every string a body carries has one (issue 10.5: a
 * 100,000-character email and password were stored): the database columns are unbounded `text`,
 * a giant password costs a hash, and a giant name breaks every page that shows it.
 * Study comments, date-change comments and report subjects keep their own constants.
 */
export const TEXT_MAX = {
  /** One-line inputs: names, meeting links, document fields, tokens. */
  line: 255,
  email: 255,
  password: 255,
  /** Digits of a phone number (E.164 has at most 15). */
  phone: 20,
  /** Multi-line notes and chat messages. */
  note: 5000,
  /** A study report's text (at least 170 characters, spec part 2). */
  report: 10000,
} as const;

export const lineString = () => z.string().max(TEXT_MAX.line);
export const emailString = () => z.email().max(TEXT_MAX.email);
/** A password being set: the minimum applies only to new ones. */
export const newPasswordString = () => z.string().min(PASSWORD_MIN_LENGTH).max(TEXT_MAX.password);
/** A password being checked (sign-in, current password). */
export const passwordString = () => z.string().max(TEXT_MAX.password);
