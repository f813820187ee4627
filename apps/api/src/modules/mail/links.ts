/**
 * Mails carry links to our own site only (PUBLIC_URL). Text that someone else typed and that goes into
 * a mail body (a staff answer on a contract request) passes through `keepOwnLinks`: anything a mail
 * client would turn into a link — `https://…`, `//host`, `www.…`, a bare host name such as
 * `example.com/path` or an address `x@example.com` — is replaced by a placeholder unless it points at
 * our own host.
 */
const LINKISH =
  /(?:[a-z][a-z0-9+.-]*:\/\/|\/\/|www\.)[^\s<>"]+|[^\s<>"@]+@[^\s<>"]+\.[a-z]{2,}[^\s<>"]*|\b(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:\/[^\s<>"]*)?/giu;

const PLACEHOLDER = { es: '[enlace omitido]', en: '[link removed]' } as const;

/** The host of our public address (lower case), e.g. `oficinavirtual.aguasdelahabana.cu`. */
function ownHost(publicUrl: string): string | null {
  try {
    return new URL(publicUrl).host.toLowerCase();
  } catch {
    return null;
  }
}

/** The text with every link that is not ours replaced by a placeholder in the mail's language. */
export function keepOwnLinks(text: string, publicUrl: string, lang: 'es' | 'en'): string {
  const own = ownHost(publicUrl);
  return text.replace(LINKISH, (match) => {
    if (own && /^https?:\/\//i.test(match)) {
      try {
        if (new URL(match).host.toLowerCase() === own) return match;
      } catch {
        // not a URL at all: replaced below
      }
    }
    return PLACEHOLDER[lang];
  });
}

/** Every link-like piece of a text (for tests and checks): what `keepOwnLinks` looks at. */
export function linksIn(text: string): string[] {
  return text.match(LINKISH) ?? [];
}
