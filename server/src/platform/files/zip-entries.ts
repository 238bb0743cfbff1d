/**
 * Entry names of a ZIP (also .docx/.xlsx/.odt, which are ZIPs) from its central directory, the
 * index at its end, without unpacking anything; null when it is not a readable ZIP. ZIP64 archives
 * are refused: no school document or homework needs one. Names are UTF-8 when the entry says so,
 * else Latin-1 (the format's old default).
 */
export function zipEntryNames(bytes: Buffer): string[] | null {
  // End of central directory: 22 bytes plus a comment of at most 65,535, at the end.
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return null;
  if (cdOffset + cdSize > bytes.length) return null;
  const names: string[] = [];
  let at = cdOffset;
  const end = cdOffset + cdSize;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== 0x02014b50) return null;
    const utf8 = (bytes.readUInt16LE(at + 8) & 0x0800) !== 0;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > end) return null;
    names.push(bytes.subarray(at + 46, at + 46 + nameLength).toString(utf8 ? 'utf8' : 'latin1'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
