import type { Executor } from '../../db/client';
import { mailMessage } from '../notifications';

/** Tells the person an administrator cleared their second factors (fixed text, both languages). */
export function mailFactorsReset(
  ex: Executor,
  person: { email: string; firstName: string; language: string | null },
) {
  return mailMessage(ex, {
    to: person.email,
    lang: person.language,
    name: person.firstName,
    kind: 'second-factors-reset',
    texts: {
      es: {
        subject: 'Se restablecieron sus segundos factores',
        body:
          'Un superadministrador quitó las llaves de acceso y la aplicación de autenticación de su cuenta de la Oficina Virtual, y cerró sus sesiones.\n\n' +
          'La próxima vez que inicie sesión se le pedirá configurar un segundo factor nuevo.\n\n' +
          'Si no lo solicitó, comuníquese con su oficina comercial.',
      },
      en: {
        subject: 'Your second factors were reset',
        body:
          'A super administrator removed the passkeys and the authenticator app of your Virtual Office account, and ended your sessions.\n\n' +
          'The next time you sign in you will be asked to set up a new second factor.\n\n' +
          'If you did not ask for this, please contact your commercial office.',
      },
    },
  });
}
