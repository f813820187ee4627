import { AUTO_PASSWORD_LENGTH } from '../constants';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordSchema } from './rules';

// Look-alike characters (0/O, 1/l/I) are left out: the password is often read out or copied by hand.
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const ALL = LOWER + UPPER + DIGITS;

/** A uniform random index below `max`, by rejection sampling so no character is favoured. */
function randomIndex(max: number): number {
  const limit = Math.floor(0x100000000 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    if (buffer[0] < limit) return buffer[0] % max;
  }
}

const pick = (alphabet: string) => alphabet[randomIndex(alphabet.length)];

/** A random password with a lower-case letter, an upper-case letter and a digit that passes passwordSchema. */
export function generatePassword(length: number = AUTO_PASSWORD_LENGTH): string {
  if (!Number.isInteger(length) || length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    throw new RangeError(
      `Password length must be an integer from ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH}`,
    );
  }
  for (;;) {
    const chars = [pick(LOWER), pick(UPPER), pick(DIGITS)];
    while (chars.length < length) chars.push(pick(ALL));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomIndex(i + 1);
      [chars[i], chars[j]] = [chars[j], chars[i]];
    }
    const password = chars.join('');
    if (passwordSchema.safeParse(password).success) return password;
  }
}
