import { crc32 } from 'node:zlib';

/**
 * What an uploaded file really is, read from its bytes: the name and the declared type are the client's
 * word and prove nothing. A file counts as an image only when its structure parses far enough to give
 * real dimensions, so a text file renamed to .png, a GIF or a cut-off upload is refused.
 */
export interface ImageContent {
  format: 'png' | 'jpeg';
  extension: 'png' | 'jpg';
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

export function detectImage(bytes: Uint8Array): ImageContent | null {
  return parsePng(bytes) ?? parseJpeg(bytes);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IHDR_LENGTH = 13;
/** PNG dimensions are at most 2^31 - 1. */
const PNG_MAX_DIMENSION = 0x7fffffff;

/**
 * Signature, then chunks (length, type, data, CRC) from IHDR to IEND, each inside the file. IHDR must come
 * first with a valid CRC and non-zero dimensions; at least one IDAT must carry pixels. Bytes after IEND
 * are ignored, as image viewers do.
 */
function parsePng(bytes: Uint8Array): ImageContent | null {
  if (!startsWith(bytes, PNG_SIGNATURE)) return null;
  const view = dataView(bytes);
  let offset = PNG_SIGNATURE.length;
  let size: { width: number; height: number } | null = null;
  let hasImageData = false;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = ascii(bytes, offset + 4, 4);
    const dataStart = offset + 8;
    const end = dataStart + length + 4;
    if (end > bytes.length) return null;
    if (size === null) {
      if (type !== 'IHDR' || length !== PNG_IHDR_LENGTH) return null;
      const stored = view.getUint32(dataStart + length);
      if (crc32(bytes.subarray(offset + 4, dataStart + length)) !== stored) return null;
      const width = view.getUint32(dataStart);
      const height = view.getUint32(dataStart + 4);
      if (!validDimension(width, PNG_MAX_DIMENSION) || !validDimension(height, PNG_MAX_DIMENSION))
        return null;
      size = { width, height };
    } else if (type === 'IDAT') {
      hasImageData = true;
    } else if (type === 'IEND') {
      return hasImageData ? { ...size, format: 'png', extension: 'png', contentType: 'image/png' } : null;
    }
    offset = end;
  }
  return null;
}

/** SOF0–SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are tables. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length field: TEM and the restart markers RST0–RST7. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const JPEG_SOS = 0xda;
const JPEG_EOI = 0xd9;

/**
 * SOI, then marker segments up to the first scan (SOS), one of which must be a frame header (SOFn) with
 * non-zero height and width. After the scan starts, the file must still end the image (EOI): inside
 * entropy-coded data a 0xFF byte is always stuffed, so FF D9 there is the real end, and a cut-off upload
 * has none.
 */
function parseJpeg(bytes: Uint8Array): ImageContent | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = dataView(bytes);
  let offset = 2;
  let size: { width: number; height: number } | null = null;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    // Any number of 0xFF fill bytes may precede a marker.
    while (offset + 1 < bytes.length && bytes[offset + 1] === 0xff) offset += 1;
    const marker = bytes[offset + 1]!;
    offset += 2;
    if (isStandalone(marker)) continue;
    if (marker === 0xd8 || marker === JPEG_EOI || marker === 0x00) return null;
    if (offset + 2 > bytes.length) return null;
    const length = view.getUint16(offset);
    if (length < 2 || offset + length > bytes.length) return null;
    if (isStartOfFrame(marker)) {
      // Frame header: precision (1), height (2), width (2), components (1), ...
      if (length < 8) return null;
      const height = view.getUint16(offset + 3);
      const width = view.getUint16(offset + 5);
      if (height === 0 || width === 0) return null;
      size = { width, height };
    }
    if (marker === JPEG_SOS) {
      if (!size || !endsImageAfter(bytes, offset + length)) return null;
      return { ...size, format: 'jpeg', extension: 'jpg', contentType: 'image/jpeg' };
    }
    offset += length;
  }
  return null;
}

function endsImageAfter(bytes: Uint8Array, start: number): boolean {
  for (let index = bytes.length - 2; index >= start; index -= 1)
    if (bytes[index] === 0xff && bytes[index + 1] === JPEG_EOI) return true;
  return false;
}

const validDimension = (value: number, max: number) => value > 0 && value <= max;

const dataView = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));
