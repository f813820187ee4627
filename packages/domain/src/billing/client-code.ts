/**
 * Client codes (design §2): an opaque string of digits whose shape is configuration. The API reads the
 * pattern from CLIENT_CODE_PATTERN; this default is used only when the variable is unset.
 */
export const DEFAULT_CLIENT_CODE_PATTERN = '^\\d{8,15}$';

/** Compiles a configured pattern, anchoring it so a partial match never passes. */
export function clientCodeMatcher(pattern: string = DEFAULT_CLIENT_CODE_PATTERN): RegExp {
  const source = pattern.trim();
  const anchored = `${source.startsWith('^') ? '' : '^'}${source}${source.endsWith('$') ? '' : '$'}`;
  return new RegExp(anchored);
}

/**
 * A pattern an administrator may set (settings): it compiles, is at most 60 characters, matches whole
 * codes (`^…$`), and repeats no group or back-reference, so no code can make it backtrack for long.
 */
export function isSafeClientCodePattern(pattern: string): boolean {
  const source = pattern.trim();
  if (!source || source.length > 60 || !source.startsWith('^') || !source.endsWith('$')) return false;
  if (/\)\s*[*+?{]|\\[1-9k]/.test(source)) return false;
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** Whitespace and the separators people type ('123 456-789') are not part of the code. */
export function normalizeClientCode(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function isValidClientCode(input: string, pattern: string | RegExp = DEFAULT_CLIENT_CODE_PATTERN) {
  const re = typeof pattern === 'string' ? clientCodeMatcher(pattern) : pattern;
  return re.test(normalizeClientCode(input));
}

/** 'María Pérez González' → 'M*** P*** G***': what someone who does not own the code may see. */
export function maskHolderName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}***`)
    .join(' ');
}
