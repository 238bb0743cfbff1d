import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a database out of reach: down, restarting, cut off, or no free connection', () => {
    for (const err of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is shutting down'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      // As knex passes it on: the query first (found by the load drill, answered 500 before).
      new Error('select "id" from "sessions" where "id" = $1 limit $2 - Connection terminated unexpectedly'),
      new Error('ROLLBACK - select "start_at" from "offperiods" - Connection terminated unexpectedly'),
      Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }),
      // localhost resolved to ::1 and 127.0.0.1, both refused.
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(true);
    }
  });

  it('leaves the errors of a request to the other answers', () => {
    for (const err of [
      withCode('23505'),
      withCode('23P01'),
      withCode('22P02'),
      withCode('40P01'),
      new Error('boom'),
      new Error('select "Connection terminated" from x - syntax error'),
      null,
      'text',
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });
});
