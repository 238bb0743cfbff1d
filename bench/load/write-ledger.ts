/**
 * Every write the drill sends and how the server answered it, to prove afterwards that no
 * acknowledged write was lost. A write to one value (a study's comment, a study's start) is sent
 * one at a time per value, so their order is known; appended rows (chat messages) are each unique.
 *
 *   acked    a 2xx: the server said it committed; it must be in the database.
 *   refused  a 4xx: the server said it did not write; it must not have an effect.
 *   unknown  a 5xx, a reset or a timeout: it may or may not have committed (a commit whose
 *            answer was lost), so the database may hold it or not.
 */
export type WriteOutcome = 'acked' | 'refused' | 'unknown';

export function outcomeOf(status: number): WriteOutcome {
  if (status >= 200 && status < 300) return 'acked';
  if (status >= 400 && status < 500) return 'refused';
  return 'unknown';
}

interface Write {
  value: string;
  outcome: WriteOutcome;
}

export interface LedgerVerdict {
  checked: number;
  acked: number;
  unknown: number;
  /** Keys whose stored value is older than their last acknowledged write, or never written. */
  lost: Array<{ key: string; stored: string | null; expected: string[] }>;
}

export class WriteLedger {
  private readonly busy = new Set<string>();
  private readonly writes = new Map<string, { initial: string | null; list: Write[] }>();
  private readonly appended = new Map<string, WriteOutcome>();
  private readonly tallies = new Map<string, Record<WriteOutcome, number>>();

  /** Writes whose rows the drill cannot name (a notify's outbox row): counted by outcome. */
  tally(kind: string, outcome: WriteOutcome): void {
    const t = this.tallies.get(kind) ?? { acked: 0, refused: 0, unknown: 0 };
    t[outcome]++;
    this.tallies.set(kind, t);
  }

  tallyOf(kind: string): Record<WriteOutcome, number> {
    return this.tallies.get(kind) ?? { acked: 0, refused: 0, unknown: 0 };
  }

  /** Takes the key for one write; false while another write of it is in flight. */
  lock(key: string, initial: string | null): boolean {
    if (this.busy.has(key)) return false;
    this.busy.add(key);
    if (!this.writes.has(key)) this.writes.set(key, { initial, list: [] });
    return true;
  }

  /** Records the answer of the write that holds the key, and frees it. */
  settle(key: string, value: string, outcome: WriteOutcome): void {
    this.writes.get(key)?.list.push({ value, outcome });
    this.busy.delete(key);
  }

  /** Frees the key when nothing was sent after all. */
  release(key: string): void {
    this.busy.delete(key);
  }

  /** The value the database should hold now as far as the drill knows (the last acknowledged one). */
  current(key: string): string | null | undefined {
    const entry = this.writes.get(key);
    if (!entry) return undefined;
    const acked = entry.list.filter((w) => w.outcome === 'acked');
    return acked.length ? acked[acked.length - 1].value : entry.initial;
  }

  /** A unique appended row (its content is its identity). */
  append(content: string, outcome: WriteOutcome): void {
    this.appended.set(content, outcome);
  }

  keys(): string[] {
    return [...this.writes.keys()];
  }

  /**
   * The stored value must be the last acknowledged one, or one sent after it whose answer was
   * lost; a key never acknowledged may also still hold its initial value.
   */
  verifyValues(prefix: string, stored: ReadonlyMap<string, string | null>): LedgerVerdict {
    const verdict: LedgerVerdict = { checked: 0, acked: 0, unknown: 0, lost: [] };
    for (const [key, { initial, list }] of this.writes) {
      if (list.length === 0 || !key.startsWith(prefix)) continue;
      verdict.checked++;
      verdict.acked += list.filter((w) => w.outcome === 'acked').length;
      verdict.unknown += list.filter((w) => w.outcome === 'unknown').length;
      const lastAcked = list.map((w) => w.outcome).lastIndexOf('acked');
      const allowed = [lastAcked >= 0 ? list[lastAcked].value : initial];
      for (const w of list.slice(lastAcked + 1)) if (w.outcome === 'unknown') allowed.push(w.value);
      const value = stored.get(key) ?? null;
      if (!allowed.includes(value))
        verdict.lost.push({ key, stored: value, expected: allowed.filter((v): v is string => v !== null) });
    }
    return verdict;
  }

  /** Every acknowledged appended row must be stored. */
  verifyAppended(stored: ReadonlySet<string>): LedgerVerdict {
    const verdict: LedgerVerdict = { checked: this.appended.size, acked: 0, unknown: 0, lost: [] };
    for (const [content, outcome] of this.appended) {
      if (outcome === 'unknown') verdict.unknown++;
      if (outcome !== 'acked') continue;
      verdict.acked++;
      if (!stored.has(content)) verdict.lost.push({ key: content, stored: null, expected: [content] });
    }
    return verdict;
  }

  appendedContents(): string[] {
    return [...this.appended.keys()];
  }
}
