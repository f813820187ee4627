import { AppError } from '@ov/domain';
import sharp from 'sharp';

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
 * Re-encodes an upload: orientation applied, metadata (EXIF, GPS, ICC comments) dropped, webp at most
 * 1024 px, plus a 128 px square thumbnail. Anything that is not a decodable image → 472.
 */
export async function reencodeImage(input: Buffer): Promise<{ image: Buffer; thumb: Buffer }> {
  if (!sniffImage(input)) throw new AppError('BADREQUESTERROR', 472);
  try {
    const base = () =>
      sharp(input, { failOn: 'error', limitInputPixels: 50_000_000, animated: false }).rotate();
    const image = await base()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const thumb = await base()
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
    return { image, thumb };
  } catch {
    throw new AppError('BADREQUESTERROR', 472);
  }
}
