import { describe, expect, it } from 'vitest';
import { ApiError } from '@school/shared/api';
import { RECORDING_MAX_BYTES } from '@school/shared/domain';
import { rowProblemText, saveErrorMessage, uploadAnswerError } from './recordings-messages';

const texts: Record<string, string> = {
  'recordings.file_too_large': 'Too large, max {{maxSize}}',
  'recordingsUi.megabytes': '{{count}} MB',
  'recordingUploads.duplicate_file': 'Service: duplicate',
  'recordings.file_duplicate': 'Duplicate name',
  'errorUnknown.toastTitle': 'Error',
  'errorUnknown.toastMessage': 'Unknown error',
};
const t = (key: string, params?: Record<string, unknown>) =>
  (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params?.[name] ?? ''));

describe('recordings messages', () => {
  it('shows the size limit in megabytes', () => {
    expect(
      rowProblemText({ key: 'recordings.file_too_large', params: { maxSize: RECORDING_MAX_BYTES } }, t),
    ).toBe('Too large, max 1024 MB');
  });

  it('translates the upload service codes, the API codes, and falls back to the message', () => {
    expect(
      saveErrorMessage(uploadAnswerError(409, { code: 'duplicate_file', message: 'server text' }), t),
    ).toBe('Service: duplicate');
    expect(
      saveErrorMessage(uploadAnswerError(422, { code: 'recordings.file_duplicate', message: 'x' }), t),
    ).toBe('Duplicate name');
    expect(
      saveErrorMessage(
        uploadAnswerError(422, { message: 'x', errors: { 'parts.0.file_name': ['Name taken'] } }),
        t,
      ),
    ).toBe('Name taken');
    expect(saveErrorMessage(uploadAnswerError(500, { code: 'other', message: 'As said' }), t)).toBe(
      'As said',
    );
    // A service code this client has no text for yet: the service's own (translated) message.
    expect(
      saveErrorMessage(
        uploadAnswerError(401, { code: 'user_validation_failed', message: 'Sign in again' }),
        t,
      ),
    ).toBe('Sign in again');
    expect(saveErrorMessage(uploadAnswerError(502, '<html>bad gateway</html>'), t)).toBe(
      '<html>bad gateway</html>',
    );
    expect(saveErrorMessage(new ApiError(401, { message: 'Unauthenticated.' }), t)).toBeNull();
    expect(saveErrorMessage(new Error('boom'), t)).toBe('Unknown error');
  });
});
