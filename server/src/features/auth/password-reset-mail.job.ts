import { defineJob } from '../../platform/jobs/job-queue.js';
import { translatorFor } from '../../platform/i18n/request-i18n.js';
import type { MailTransport } from '../../platform/mail/mail-transport.js';
import { newToken, sha256 } from '../../platform/security/secrets.js';
import type { AuthRepository } from './auth.repository.js';
import type { PasswordResetRepository } from './password-reset.repository.js';

export const RESET_TOKEN_MINUTES = 60;

/** The address as typed and the language of the request that asked for the link. */
export interface ResetMailPayload {
  email: string;
  lang: string;
}

/**
 * `POST /password/email` only counts the request and queues this job, for known and unknown
 * addresses alike: whether the account exists is decided here, after the answer, so neither the
 * answer nor its timing tells (issue 27 point 3).
 */
export const passwordResetMailJob = defineJob<ResetMailPayload>('password-reset-mail');

export function createResetMailSender(d: {
  users: AuthRepository;
  resets: PasswordResetRepository;
  mail: MailTransport;
  appUrl: string;
}) {
  return async function sendResetMail({ email, lang }: ResetMailPayload): Promise<void> {
    const user = await d.users.findUserByEmail(email);
    if (!user || !user.active || !user.email) return;
    const token = newToken();
    // A retry after a failed send mails a fresh link and voids the one that never arrived.
    await d.resets.replace(user.email, sha256(token));
    const link = `${d.appUrl}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
    const t = translatorFor(lang);
    await d.mail.send({
      to: user.email,
      subject: t('auth.resetMail.subject'),
      text: t('auth.resetMail.text', { link, minutes: RESET_TOKEN_MINUTES }),
    });
  };
}
