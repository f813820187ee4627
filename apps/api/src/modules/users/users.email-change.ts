import { BASE_PATH } from '@ov/domain';
import type { Executor } from '../../db/client';
import { enqueueMail, renderMail } from '../mail';
import { mailMessage } from '../notifications';
import type { UserRow } from './users.repository';

/**
 * Issues the single-use link an e-mail change is confirmed with: auth's link tokens, handed in by
 * the container (users does not import the modules built on it).
 */
export interface EmailLinkIssuer {
  issue(ex: Executor, input: { userId: string; purpose: 'VERIFY_EMAIL'; email: string }): Promise<string>;
}

/**
 * An administrator's change of someone's e-mail goes through the same confirmation as the owner's
 * own change (the VERIFY_EMAIL link of auth's link tokens): the new address must confirm it, and
 * the current one is told, so an e-mail change can never be the first step of an account takeover.
 */
export async function requestEmailChange(
  ex: Executor,
  {
    user,
    newEmail,
    publicUrl,
    links,
  }: { user: UserRow; newEmail: string; publicUrl: string; links: EmailLinkIssuer },
) {
  const lang = user.language === 'en' ? 'en' : 'es';
  const token = await links.issue(ex, { userId: user.id, purpose: 'VERIFY_EMAIL', email: newEmail });
  const link = `${publicUrl}${BASE_PATH}/verify-email?token=${encodeURIComponent(token)}`;
  await enqueueMail(ex, {
    to: newEmail,
    kind: 'verify-email',
    ...renderMail('verify-email', lang, { name: user.firstName ?? '', link }),
  });
  await mailMessage(ex, {
    to: user.email,
    lang,
    name: user.firstName,
    kind: 'email-change-announced',
    texts: {
      es: {
        subject: 'Se solicitó cambiar el correo de su cuenta',
        body: `Un administrador solicitó cambiar el correo electrónico de su cuenta de la Oficina Virtual a ${newEmail}. El cambio solo se aplicará cuando se confirme desde esa dirección; hasta entonces usted sigue entrando con este correo.\n\nSi no lo esperaba, comuníquese con su oficina comercial.`,
      },
      en: {
        subject: 'A change of your account e-mail was requested',
        body: `An administrator asked to change the e-mail address of your Virtual Office account to ${newEmail}. The change applies only once it is confirmed from that address; until then you keep signing in with this one.\n\nIf you did not expect this, contact your commercial office.`,
      },
    },
  });
}
