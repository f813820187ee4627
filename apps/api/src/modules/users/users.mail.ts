import type { Executor } from '../../db/client';
import { mailMessage } from '../notifications';
import type { UserRow } from './users.repository';

/** The password an administrator generated (account created, or reset with auto-generate). */
export function mailTemporaryPassword(ex: Executor, u: UserRow, password: string, created: boolean) {
  return mailMessage(ex, {
    to: u.email,
    lang: u.language,
    name: u.firstName,
    kind: created ? 'admin-account-created' : 'admin-password-reset',
    texts: {
      es: {
        subject: created ? 'Su cuenta de la Oficina Virtual' : 'Su contraseña fue restablecida',
        body: `${
          created
            ? 'Un administrador creó su cuenta en la Oficina Virtual de Aguas de La Habana.'
            : 'Un administrador restableció la contraseña de su cuenta de la Oficina Virtual.'
        }\n\nUsuario: ${u.email}\nContraseña temporal: ${password}${
          u.changePasswordRequired ? '\n\nAl entrar se le pedirá que la cambie.' : ''
        }`,
      },
      en: {
        subject: created ? 'Your Virtual Office account' : 'Your password was reset',
        body: `${
          created
            ? 'An administrator created your account at the Aguas de La Habana Virtual Office.'
            : 'An administrator reset the password of your Virtual Office account.'
        }\n\nUser: ${u.email}\nTemporary password: ${password}${
          u.changePasswordRequired ? '\n\nYou will be asked to change it when you sign in.' : ''
        }`,
      },
    },
  });
}
