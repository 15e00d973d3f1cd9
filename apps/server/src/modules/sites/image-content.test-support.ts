import { crc32, deflateSync } from 'node:zlib';

/**
 * Real, tiny image files built byte by byte for the upload, content and poster tests, so no binary
 * fixture has to be checked in and each test can say exactly what it sends.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A valid RGB PNG of `width` × `height` (a colour gradient). `extraChunks` go between IHDR and IDAT;
 * `padTo` adds a tEXt chunk that brings the file to exactly that many bytes.
 */
export function pngBytes(
  width = 4,
  height = 3,
  options: { padTo?: number; extraChunks?: Buffer[] } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then pixels
    for (let x = 0; x < width; x += 1) row.set([(x * 40) & 255, (y * 60) & 255, 128], 1 + x * 3);
    rows.push(row);
  }
  const parts = [
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    ...(options.extraChunks ?? []),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
  ];
  const end = pngChunk('IEND', Buffer.alloc(0));
  if (options.padTo !== undefined) {
    const base = parts.reduce((sum, part) => sum + part.length, 0) + end.length;
    const keyword = Buffer.from('Comment\0', 'latin1');
    const fill = options.padTo - base - 12 - keyword.length;
    if (fill < 0) throw new Error(`a padded PNG needs at least ${base + 12 + keyword.length} bytes`);
    parts.push(pngChunk('tEXt', Buffer.concat([keyword, Buffer.alloc(fill, 'x')])));
  }
  return Buffer.concat([...parts, end]);
}

/** A PNG chunk of any type, for tests that build odd files. */
export const pngChunkBytes = pngChunk;

function jpegSegment(marker: number, data: number[]): number[] {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 255, ...data];
}

/**
 * A valid baseline greyscale JPEG of `width` × `height`: every 8×8 block is flat mid-grey (DC difference
 * 0, then end-of-block), with one-code Huffman tables, so any decoder reads it.
 */
export function jpegBytes(width = 16, height = 8): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = '00'.repeat(blocks); // DC code '0' (difference 0) and AC code '0' (EOB) per block
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '1');
  const scan: number[] = [];
  for (let index = 0; index < padded.length; index += 8) {
    const byte = parseInt(padded.slice(index, index + 8), 2);
    scan.push(byte);
    if (byte === 0xff) scan.push(0x00); // byte stuffing
  }
  const oneCodeTable = (tableClass: number) => [
    (tableClass << 4) | 0,
    1,
    ...Array<number>(15).fill(0), // one code of length 1
    0x00, // its symbol: DC category 0 / AC end-of-block
  ];
  return Buffer.from([
    0xff,
    0xd8,
    ...jpegSegment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // APP0 JFIF
    ...jpegSegment(0xdb, [0x00, ...Array<number>(64).fill(1)]), // DQT
    ...jpegSegment(0xc0, [8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0]), // SOF0
    ...jpegSegment(0xc4, oneCodeTable(0)),
    ...jpegSegment(0xc4, oneCodeTable(1)),
    ...jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS
    ...scan,
    0xff,
    0xd9,
  ]);
}

/** A real 1 × 1 GIF89a. */
export const GIF_BYTES = Buffer.from(
  '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
  'hex',
);
