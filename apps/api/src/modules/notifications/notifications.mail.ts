import type { Executor } from '../../db/client';
import { enqueueMail, renderMail } from '../mail';

type Lang = 'es' | 'en';

/** A short message in the recipient's language, through the mail outbox (same transaction). */
export async function mailMessage(
  ex: Executor,
  m: {
    to: string;
    lang?: string | null;
    name?: string | null;
    kind: string;
    texts: Record<Lang, { subject: string; body: string }>;
  },
) {
  const lang: Lang = m.lang === 'en' ? 'en' : 'es';
  const t = m.texts[lang];
  const greeting = m.name ? (lang === 'en' ? `Hello ${m.name},` : `Hola ${m.name}:`) : '';
  const body = greeting ? `${greeting}\n\n${t.body}` : t.body;
  const rendered = renderMail('message', lang, { subject: t.subject, body, name: m.name ?? '' });
  await enqueueMail(ex, { to: m.to, ...rendered, kind: m.kind });
}
