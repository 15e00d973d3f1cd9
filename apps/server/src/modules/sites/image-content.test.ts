import { describe, expect, it } from 'vitest';
import { detectImage } from './image-content';
import { GIF_BYTES, jpegBytes, pngBytes, pngChunkBytes } from './image-content.test-support';

describe('detectImage', () => {
  it('reads a PNG and its size', () => {
    expect(detectImage(pngBytes(5, 7))).toEqual({
      format: 'png',
      extension: 'png',
      contentType: 'image/png',
      width: 5,
      height: 7,
    });
  });

  it('reads a JPEG and its size from the frame header', () => {
    expect(detectImage(jpegBytes(20, 9))).toEqual({
      format: 'jpeg',
      extension: 'jpg',
      contentType: 'image/jpeg',
      width: 20,
      height: 9,
    });
  });

  it('accepts a PNG with ancillary chunks and bytes after IEND', () => {
    const padded = pngBytes(2, 2, { padTo: 5000 });
    expect(padded.length).toBe(5000);
    expect(detectImage(padded)?.format).toBe('png');
    expect(detectImage(Buffer.concat([pngBytes(), Buffer.from('trailer')]))?.format).toBe('png');
  });

  it('accepts a JPEG with fill bytes before a marker', () => {
    const jpeg = jpegBytes();
    // 0xFF fill bytes may precede any marker: put two before the APP0 marker that follows SOI.
    const filled = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xff]), jpeg.subarray(2)]);
    expect(detectImage(filled)?.format).toBe('jpeg');
  });

  it('refuses a GIF, text and empty input', () => {
    expect(detectImage(GIF_BYTES)).toBeNull();
    expect(detectImage(Buffer.from('this is not an image, whatever its name says'))).toBeNull();
    expect(detectImage(Buffer.alloc(0))).toBeNull();
  });

  it('judges by content, not name: PNG bytes are a PNG even if the upload says logo.jpg', () => {
    // Only bytes reach detectImage; the caller names the stored file after what it finds.
    expect(detectImage(pngBytes())?.extension).toBe('png');
  });

  it('refuses a PNG cut off anywhere before IEND', () => {
    const png = pngBytes(8, 8);
    for (const length of [8, 20, 33, 40, png.length - 12, png.length - 1])
      expect(detectImage(png.subarray(0, length)), `cut at ${length}`).toBeNull();
  });

  it('refuses a PNG signature without a valid IHDR', () => {
    const png = pngBytes();
    const signature = png.subarray(0, 8);
    expect(detectImage(signature)).toBeNull();
    const corrupted = Buffer.from(png);
    corrupted[20] = corrupted[20]! ^ 0xff; // inside IHDR: the CRC no longer matches
    expect(detectImage(corrupted)).toBeNull();
    const notFirst = Buffer.concat([signature, pngChunkBytes('tEXt', Buffer.from('a\0b')), png.subarray(8)]);
    expect(detectImage(notFirst)).toBeNull();
  });

  it('refuses a PNG of zero width or height, or without image data', () => {
    expect(detectImage(pngBytes(0, 3))).toBeNull();
    expect(detectImage(pngBytes(3, 0))).toBeNull();
    const png = pngBytes();
    const ihdrEnd = 8 + 25;
    const withoutData = Buffer.concat([png.subarray(0, ihdrEnd), png.subarray(png.length - 12)]);
    expect(detectImage(withoutData)).toBeNull();
  });

  it('refuses a JPEG cut off before its frame header or before the end of the image', () => {
    const jpeg = jpegBytes();
    for (const length of [2, 3, 10, 100, jpeg.length - 2, jpeg.length - 1])
      expect(detectImage(jpeg.subarray(0, length)), `cut at ${length}`).toBeNull();
  });

  it('refuses a JPEG of zero size or whose scan comes before any frame header', () => {
    expect(detectImage(jpegBytes(0, 8))).toBeNull();
    expect(detectImage(jpegBytes(8, 0))).toBeNull();
    expect(detectImage(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0x00, 0xff, 0xd9]))).toBeNull();
    expect(detectImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });
});
