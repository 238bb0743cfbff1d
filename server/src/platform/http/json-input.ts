/**
 * JSON request bodies. JSON.parse itself takes any nesting, but much of what reads the value
 * afterwards recurses (Number([[…]]) in a schema's coercion, String()): 5000 nested arrays in a
 * field were a stack overflow and a 500, found by the fuzz drill. No call of the API nests
 * anywhere near this deep.
 */
export const MAX_JSON_DEPTH = 32;

export class JsonInputError extends Error {
  constructor(readonly reason: 'syntax' | 'too_deep') {
    super(`JSON input: ${reason}`);
    this.name = 'JsonInputError';
  }
}

/** Parses client JSON; throws JsonInputError when it is not JSON or nests deeper than MAX_JSON_DEPTH. */
export function parseJsonInput(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JsonInputError('syntax');
  }
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) throw new JsonInputError('too_deep');
  return value;
}

/** Without recursion, so that the check cannot overflow the stack it protects. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
