/** What every NOTIFY payload parser starts from: a JSON object, or null for anything else. */
export function parseNotifyObject(payload: string | undefined): Record<string, unknown> | null {
  if (!payload) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
}

export const isPositiveId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
