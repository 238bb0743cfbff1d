import fs from 'node:fs';
import iconv from 'iconv-lite';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export type TextEncodingName = 'utf8' | 'win1251';

/**
 * The encoding of a text file, read in chunks (bounded memory): UTF-8 when every byte sequence
 * is valid UTF-8, else Windows-1251. Also whether it starts with a UTF-8 BOM.
 */
export async function detectFileEncoding(
  path: string,
): Promise<{ encoding: TextEncodingName; bom: boolean }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bom: boolean | null = null;
  try {
    for await (const chunk of fs.createReadStream(path, { highWaterMark: 1 << 20 })) {
      const bytes = chunk as Buffer;
      bom ??= bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      decoder.decode(bytes, { stream: true });
    }
    decoder.decode();
    return { encoding: 'utf8', bom: bom ?? false };
  } catch {
    return { encoding: 'win1251', bom: false };
  }
}

/**
 * Text of a CSV as Excel saves it: UTF-8 (with or without a BOM) when the bytes are valid UTF-8,
 * else Windows-1251 (Excel's "CSV" in Ukrainian and Russian Windows). Cyrillic in cp1251 is almost
 * never valid UTF-8, so the rule needs no statistics.
 */
export function decodeText(bytes: Buffer): string {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  try {
    return utf8.decode(body);
  } catch {
    return iconv.decode(body, 'win1251');
  }
}

const DELIMITERS = [';', ',', '\t'] as const;

/** The one of `;`, `,` and tab that splits the first line most (outside quotes); `,` when none does. */
export function detectDelimiter(text: string): string {
  const end = text.search(/\r?\n/);
  const line = end < 0 ? text : text.slice(0, end);
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  let most = 0;
  for (const [d, n] of counts) {
    if (n > most) {
      best = d;
      most = n;
    }
  }
  return best;
}
