import { DAMAGE_REPORT_LIMITS } from '@fairway/domain';
import { HttpError } from '../../lib/errors';

/**
 * What a phone's camera or gallery sends: JPEG, PNG, WebP and HEIC (when this build of libvips decodes it).
 * Everything else sharp could read is refused too: SVG is a document with scripts and entities, not a
 * photo, and GIF, TIFF and the rest are no camera's output.
 */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/**
 * Decoding a photo takes about 3 bytes of memory per pixel: 100 megapixels (a 200 MP sensor's binned
 * output and every ordinary phone camera fit) bounds what one upload may cost the server.
 */
const MAX_INPUT_PIXELS = 100_000_000;
const JPEG_QUALITY = 82;

export const photoNotAnImage = () =>
  new HttpError(400, 'The photo is not an image we can read', 'photoNotAnImage');
export const photoTooLarge = () =>
  new HttpError(
    413,
    `The photo must not be larger than ${DAMAGE_REPORT_LIMITS.photoMaxBytes / (1024 * 1024)} MB`,
    'photoTooLarge',
  );

/**
 * A guest's photo as it is stored: decoded, turned upright by its EXIF orientation, shrunk to fit inside
 * DAMAGE_REPORT_LIMITS.photoMaxSide (never enlarged) and written anew as a baseline JPEG. The new file
 * carries no metadata at all — sharp keeps none unless asked — so the phone's GPS position, camera serial
 * and time never leave the upload, and nothing the guest sent survives but pixels.
 */
export async function reencodePhoto(bytes: Buffer): Promise<Buffer> {
  // Loaded on first use: sharp and libvips cost ~16 MB of RSS in every server that never receives a photo
  // (docs/performance.md, issue 22 memory). Outside the try: a failed load is a 500, not a bad photo.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (!format || !PHOTO_FORMATS.has(format)) throw photoNotAnImage();
    const side = DAMAGE_REPORT_LIMITS.photoMaxSide;
    return await image
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // sharp's errors (unsupported format, truncated data, too many pixels) all mean: not a photo we take.
    throw photoNotAnImage();
  }
}
