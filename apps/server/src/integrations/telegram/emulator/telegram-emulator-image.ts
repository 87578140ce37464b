export type ImageInfo = { width: number; height: number; contentType: 'image/png' | 'image/jpeg' | 'image/gif' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function jpegInfo(bytes: Buffer): ImageInfo | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // SOF0–SOF15 carry the size; C4, C8 and CC share the range but are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7), contentType: 'image/jpeg' };
    }
    const hasNoLength = marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);
    at += hasNoLength ? 2 : 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

/**
 * The size of a PNG, JPEG or GIF from its header. Telegram would refuse anything else; the emulator
 * takes it with a made-up size, so tests may upload any bytes, and the chat page does not show it.
 */
export function imageInfoOf(bytes: Buffer): ImageInfo | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), contentType: 'image/png' };
  }
  if (bytes.length >= 10 && bytes.subarray(0, 4).toString('latin1') === 'GIF8') {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8), contentType: 'image/gif' };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegInfo(bytes);
  return null;
}
