import type { Lang } from '../../lib/language';

/** Success answers of the account flows, in the caller's language (errors use the catalogue). */
const MESSAGES = {
  signedUp: {
    es: 'Su cuenta fue creada. Le enviamos un correo electrónico para verificarla: espere hasta 15 minutos a que llegue y, si pasado ese tiempo no lo encuentra, revise la carpeta de correo no deseado (spam).',
    en: 'Your account was created. We sent you an e-mail to verify it: allow up to 15 minutes for it to arrive and, if you still cannot find it after that, check your spam folder.',
  },
  verified: {
    es: 'Su cuenta fue verificada. Ya puede iniciar sesión.',
    en: 'Your account is verified. You can sign in now.',
  },
  codeAssociated: {
    es: 'El código de cliente {cc} quedó asociado a su cuenta.',
    en: 'Client code {cc} is now associated with your account.',
  },
  codeNotAssociated: {
    es: 'El código de cliente {cc} no se pudo asociar porque ya está asociado a otra cuenta. Si es suyo, diríjase a su oficina comercial.',
    en: 'Client code {cc} could not be associated because it is already associated with another account. If it is yours, go to your commercial office.',
  },
  resent: {
    es: 'Si existe una cuenta pendiente de verificar con ese correo, le enviamos un nuevo enlace. Espere hasta 15 minutos y revise también la carpeta de spam.',
    en: 'If an account waiting for verification exists with that e-mail, we sent a new link. Allow up to 15 minutes and check your spam folder too.',
  },
  forgot: {
    es: 'Si existe una cuenta con ese correo, le enviamos un enlace para restablecer la contraseña. Caduca en 1 hora.',
    en: 'If an account exists with that e-mail, we sent a link to reset the password. It expires in 1 hour.',
  },
  passwordReset: {
    es: 'Su contraseña fue cambiada. Inicie sesión con la nueva contraseña.',
    en: 'Your password was changed. Sign in with the new password.',
  },
  emailChanged: {
    es: 'Su correo electrónico fue actualizado.',
    en: 'Your e-mail address was updated.',
  },
} as const;

export type AccountMessage = keyof typeof MESSAGES;

export const accountMessage = (key: AccountMessage, lang: Lang) => MESSAGES[key][lang];
