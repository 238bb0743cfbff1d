import type { ErrorBody } from '@school/shared/domain';

import { UNAUTHENTICATED_MESSAGE } from '@school/shared/domain';

export { UNAUTHENTICATED_MESSAGE };

/** The error envelope of every API error (docs/api.md, ARCHITECTURE §4). */
export type ApiErrorBody = ErrorBody;

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** Thrown by the API client for every non-2xx answer and for network failures (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body.code;
  }

  get fieldErrors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }

  get isUnauthenticated(): boolean {
    return this.status === 401;
  }

  /**
   * The session is over: a 401 whose message is "Unauthenticated." (spec part 1 §8: only that body
   * reloads the page). Other 401s are refusals with their own message, shown like any error.
   */
  get endsSession(): boolean {
    return this.status === 401 && this.body.message === UNAUTHENTICATED_MESSAGE;
  }

  get isValidation(): boolean {
    return this.status === 422;
  }

  /** First message of each field, the way a form shows it under the input. */
  firstFieldErrors(): Record<string, string> {
    const result: Record<string, string> = {};
    for (const [field, messages] of Object.entries(this.fieldErrors)) {
      if (messages.length > 0) result[field] = messages[0];
    }
    return result;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
