import type { Translation } from '../translation.types';

export const auth: Translation['auth'] = {
  login: {
    title: 'Login',
    email: 'Email',
    password: 'Password',
    remember: 'Remember me',
    submit: 'Log in',
    forgot: 'Forgot your password?',
  },
  forgot: {
    title: 'Forgot Password',
    hint: 'Enter your email and we will send you a password reset link.',
    submit: 'Send reset link',
    backToLogin: 'Back to login',
  },
  reset: {
    title: 'Reset Password',
    password: 'New password',
    passwordConfirmation: 'Confirm password',
    submit: 'Reset password',
  },
  change: {
    title: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    newPasswordConfirmation: 'Confirm new password',
    submit: 'Change password',
  },
  resetLinkSent: 'If this address is registered, we have emailed a password reset link to it.',
  passwordChanged: 'Password successfully changed',
  passwordReset: 'Your password has been reset and you are signed in.',
  loggedOut: 'You have been logged out.',
  resetMail: {
    subject: 'Password reset',
    text: 'To set a new password, open this link (valid for {{minutes}} minutes):\n{{link}}\n\nIf you did not ask for a password reset, ignore this message.',
  },
};
