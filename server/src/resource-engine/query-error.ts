import { AppError } from '../platform/http/app-error.js';

/** 400 `bad_query` naming the offending query parameter (never SQL, never a stack). */
export function badQuery(parameter: string): AppError {
  return new AppError(400, 'bad_query', 'resources.bad_query', { parameter: truncate(parameter) });
}

/** 403 naming the relation, field or filter the signed-in user may not use. */
export function forbiddenQuery(parameter: string): AppError {
  return new AppError(403, 'forbidden', 'resources.forbidden_parameter', { parameter: truncate(parameter) });
}

/** A parameter is echoed back in the message: keep hostile input short. */
function truncate(parameter: string): string {
  return parameter.length > 80 ? `${parameter.slice(0, 77)}...` : parameter;
}
