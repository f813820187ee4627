import { AppError } from '@ov/domain';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { ThrottledError } from '../../lib/throttle';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_SIDE = 1024;
export const THUMB_SIDE = 128;

/** The format told by the first bytes, whatever the name or the declared type say. */
export function sniffImage(b: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 6 && ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/**
 * Re-encodes run two at a time per process; up to eight more wait their turn and beyond that the
 * upload is refused with 429 and a short Retry-After. A decoded image costs up to ~200 MB (a 50 MP
 * photo), so a burst of large uploads must queue rather than all decode at once.
 */
export const REENCODE_CONCURRENCY = 2;
export const REENCODE_QUEUE = 8;
const reencodeSlots = pLimit(REENCODE_CONCURRENCY);

/** How many re-encodes run and wait now (for tests and the health of the process). */
export const reencodeLoad = () => ({
  active: reencodeSlots.activeCount,
  waiting: reencodeSlots.pendingCount,
});

/**
 * Re-encodes an upload: orientation applied, metadata (EXIF, GPS, ICC comments) dropped, webp at most
 * 1024 px, plus a 128 px square thumbnail, both from one decode. Anything that is not a decodable
 * image → 472.
 */
export async function reencodeImage(input: Buffer): Promise<{ image: Buffer; thumb: Buffer }> {
  if (!sniffImage(input)) throw new AppError('BADREQUESTERROR', 472);
  if (reencodeSlots.pendingCount >= REENCODE_QUEUE) throw new ThrottledError(5);
  return reencodeSlots(async () => {
    try {
      const base = sharp(input, { failOn: 'error', limitInputPixels: 50_000_000, animated: false }).rotate();
      const [image, thumb] = await Promise.all([
        base
          .clone()
          .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer(),
        base.clone().resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
      ]);
      return { image, thumb };
    } catch {
      throw new AppError('BADREQUESTERROR', 472);
    }
  });
}

export const DOCUMENT_MAX_SIDE = 2400;

/**
 * A photo of a document (identity card, property title): orientation applied, metadata dropped, webp
 * at most 2400 px so the text stays legible. JPEG, PNG or WebP only; anything else → 478.
 */
export async function reencodeDocumentImage(input: Buffer): Promise<Buffer> {
  const kind = sniffImage(input);
  if (!kind || kind === 'gif') throw new AppError('BADREQUESTERROR', 478);
  if (reencodeSlots.pendingCount >= REENCODE_QUEUE) throw new ThrottledError(5);
  return reencodeSlots(async () => {
    try {
      return await sharp(input, { failOn: 'error', limitInputPixels: 50_000_000, animated: false })
        .rotate()
        .resize(DOCUMENT_MAX_SIDE, DOCUMENT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer();
    } catch {
      throw new AppError('BADREQUESTERROR', 478);
    }
  });
}

/** A PDF by its content: the `%PDF-` signature first and an end-of-file marker in its last kilobyte. */
export function isPdf(b: Buffer): boolean {
  return (
    b.length > 64 &&
    b.subarray(0, 5).toString('latin1') === '%PDF-' &&
    b.subarray(Math.max(0, b.length - 1024)).includes('%%EOF')
  );
}
