import { AppError } from '../platform/http/app-error.js';

/** 400 `bad_query` naming the offending query parameter (never SQL, never a stack). */
export function badQuery(parameter: string): AppError {
  return new AppError(400, 'bad_query', 'resources.bad_query', { parameter: safeParameter(parameter) });
}

/** 403 naming the relation, field or filter the signed-in user may not use. */
export function forbiddenQuery(parameter: string): AppError {
  return new AppError(403, 'forbidden', 'resources.forbidden_parameter', {
    parameter: safeParameter(parameter),
  });
}

const PLAIN = /^[\w.:,|%-]*$/;

/**
 * A parameter is echoed back in the message: only the parts that are plain names (`filter[id]`,
 * `with[]=users.classes`) are; anything else the client wrote in a key or value (quotes, spaces,
 * SQL, markup) becomes `…`, and the whole stays short.
 */
export function safeParameter(parameter: string): string {
  const plain = parameter
    .replace(/\[([^\]]*)\]/g, (whole, inner: string) => (PLAIN.test(inner) ? whole : '[…]'))
    .replace(/=(.*)$/s, (whole, value: string) => (PLAIN.test(value) ? whole : '=…'));
  const head = plain.replace(/[^\w[\]=.:,|%…-]/g, '…');
  return head.length > 80 ? `${head.slice(0, 77)}...` : head;
}
