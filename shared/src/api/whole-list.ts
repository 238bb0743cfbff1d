import { FULL_LIST_CAP, type ListResponse } from '@school/shared/domain';

/** A list answer; `meta` tells whether the server cut it. */
export type ListAnswer<T> = Pick<ListResponse<T>, 'data'> & { meta?: Pick<ListResponse<T>['meta'], 'total'> };

/**
 * A calendar-style full list read whole. Without page or perpage the server answers at most
 * FULL_LIST_CAP rows in the resource's default order, and says in `meta.total` how many match.
 * A busy teacher's calendar can have more: 60 days back plus every lesson already planned ahead.
 * The default order of studies is newest start first, so the cut drops the oldest rows. While an
 * answer is cut, the same call is made again for rows whose `field` is at or before the oldest
 * value received (`filterDatesEnd`, inclusive: rows at that instant come twice and are kept once).
 * The rows come back in the server's order.
 */
export async function fetchWholeList<T extends { id: number }>(
  fetchList: (filterDatesEnd: Readonly<Record<string, string>> | undefined) => Promise<ListAnswer<T>>,
  field: keyof T & string,
): Promise<T[]> {
  const rows: T[] = [];
  const seen = new Set<number>();
  let answer = await fetchList(undefined);
  for (;;) {
    let added = 0;
    for (const row of answer.data) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
      added += 1;
    }
    const cut = answer.meta !== undefined && answer.meta.total > answer.data.length;
    // Nothing new: every row left shares one instant with more rows than the cap (a guard, not a case).
    if (!cut || added === 0) return rows;
    answer = await fetchList({ [field]: oldestOf(answer.data, field) });
  }
}

function oldestOf<T>(rows: readonly T[], field: keyof T): string {
  let oldest = String(rows[0][field]);
  for (const row of rows) {
    const value = String(row[field]);
    if (Date.parse(value) < Date.parse(oldest)) oldest = value;
  }
  return oldest;
}

/** Ids in runs the server accepts in one any-of filter (`filter[id]=1|2|…`). */
export function idChunks(ids: readonly number[], size = FULL_LIST_CAP): number[][] {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}
