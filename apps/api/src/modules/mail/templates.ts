export type MailLang = 'es' | 'en';

export const MAIL_HEADER = 'Aguas de La Habana — Oficina Virtual';

interface TemplateText {
  subject: string;
  /** Paragraphs; `{{name}}` is replaced by the variable of that name. */
  paragraphs: string[];
  /** A button (HTML) / a line with the link (text); `url` names the variable holding it. */
  action?: { label: string; url: string };
}

type Template = Record<MailLang, TemplateText>;

const GREETING: Record<MailLang, string> = { es: 'Hola {{name}}:', en: 'Hello {{name}},' };
/**
 * The greeting of a mail to an address nobody has proven yet (sign-up, a new e-mail): whoever asked
 * typed the name, so it is not repeated to the address's owner.
 */
const PLAIN_GREETING: Record<MailLang, string> = { es: 'Hola:', en: 'Hello,' };
const FOOTER: Record<MailLang, string> = {
  es: 'Este mensaje fue enviado automáticamente por la Oficina Virtual de Aguas de La Habana. Si no lo esperaba, puede ignorarlo.',
  en: 'This message was sent automatically by the Aguas de La Habana Virtual Office. If you did not expect it, you can ignore it.',
};

export const MAIL_TEMPLATES = {
  'verify-signup': {
    es: {
      subject: 'Verifique su cuenta de la Oficina Virtual',
      paragraphs: [
        PLAIN_GREETING.es,
        'Gracias por registrarse en la Oficina Virtual. Para activar su cuenta confirme su correo electrónico con el enlace siguiente. El enlace caduca en 24 horas y solo puede usarse una vez.',
      ],
      action: { label: 'Verificar mi cuenta', url: 'link' },
    },
    en: {
      subject: 'Verify your Virtual Office account',
      paragraphs: [
        PLAIN_GREETING.en,
        'Thank you for signing up to the Virtual Office. To activate your account, confirm your e-mail address with the link below. The link expires in 24 hours and works only once.',
      ],
      action: { label: 'Verify my account', url: 'link' },
    },
  },
  'verify-email': {
    es: {
      subject: 'Confirme su nuevo correo electrónico',
      paragraphs: [
        PLAIN_GREETING.es,
        'Se solicitó cambiar el correo electrónico de su cuenta de la Oficina Virtual a esta dirección. Confírmelo con el enlace siguiente (caduca en 24 horas). Hasta entonces se mantiene el correo anterior.',
      ],
      action: { label: 'Confirmar correo electrónico', url: 'link' },
    },
    en: {
      subject: 'Confirm your new e-mail address',
      paragraphs: [
        PLAIN_GREETING.en,
        'A change of the e-mail address of your Virtual Office account to this address was requested. Confirm it with the link below (it expires in 24 hours). Until then the previous address stays in use.',
      ],
      action: { label: 'Confirm e-mail address', url: 'link' },
    },
  },
  'password-reset': {
    es: {
      subject: 'Recuperación de contraseña',
      paragraphs: [
        GREETING.es,
        'Recibimos una solicitud para restablecer la contraseña de su cuenta. Use el enlace siguiente para elegir una nueva; caduca en 1 hora y solo puede usarse una vez. Si no lo solicitó, ignore este mensaje: su contraseña no cambia.',
      ],
      action: { label: 'Restablecer contraseña', url: 'link' },
    },
    en: {
      subject: 'Password recovery',
      paragraphs: [
        GREETING.en,
        'We received a request to reset the password of your account. Use the link below to choose a new one; it expires in 1 hour and works only once. If you did not ask for it, ignore this message: your password does not change.',
      ],
      action: { label: 'Reset password', url: 'link' },
    },
  },
  'password-changed': {
    es: {
      subject: 'Su contraseña fue cambiada',
      paragraphs: [
        GREETING.es,
        'La contraseña de su cuenta de la Oficina Virtual acaba de cambiar y se cerraron las demás sesiones. Si no fue usted, restablezca la contraseña de inmediato o contacte con su oficina comercial.',
      ],
    },
    en: {
      subject: 'Your password was changed',
      paragraphs: [
        GREETING.en,
        'The password of your Virtual Office account was just changed and your other sessions were ended. If it was not you, reset your password at once or contact your commercial office.',
      ],
    },
  },
  /**
   * A new invoice of one of the customer's codes (the commercial system's change feed), sent when
   * they asked for it in their profile: vars name, period, amount, cc, invoiceNumber, link.
   */
  'invoice-issued': {
    es: {
      subject: 'Nueva factura de {{period}}: {{amount}}',
      paragraphs: [
        GREETING.es,
        'Nueva factura de {{period}}: {{amount}}.',
        'Código de cliente {{cc}}, factura {{invoiceNumber}}. Puede consultarla y pagarla en la Oficina Virtual.',
        'Recibe este aviso porque lo pidió en su perfil; puede desactivarlo allí cuando quiera.',
      ],
      action: { label: 'Ver y pagar', url: 'link' },
    },
    en: {
      subject: 'New invoice for {{period}}: {{amount}}',
      paragraphs: [
        GREETING.en,
        'New invoice for {{period}}: {{amount}}.',
        'Client code {{cc}}, invoice {{invoiceNumber}}. You can see it and pay it in the Virtual Office.',
        'You receive this notice because you asked for it in your profile; you can switch it off there at any time.',
      ],
      action: { label: 'See and pay', url: 'link' },
    },
  },
  /**
   * The confirmation of a payment made without an account (issue 30), to the address the payer gave:
   * only our words and the payment's figures, nothing anyone typed. Vars amount, cc, operation, link.
   */
  'guest-payment-receipt': {
    es: {
      subject: 'Pago recibido: {{amount}}',
      paragraphs: [
        'Hola:',
        'Recibimos un pago de {{amount}} para el código de cliente {{cc}}. Operación {{operation}}.',
        'El comprobante puede descargarse desde el enlace de abajo.',
        'Recibe este mensaje porque se indicó esta dirección al pagar en la Oficina Virtual sin cuenta.',
      ],
      action: { label: 'Descargar el comprobante', url: 'link' },
    },
    en: {
      subject: 'Payment received: {{amount}}',
      paragraphs: [
        'Hello,',
        'We received a payment of {{amount}} for client code {{cc}}. Operation {{operation}}.',
        'The receipt can be downloaded from the link below.',
        'You receive this message because this address was given when paying in the Virtual Office without an account.',
      ],
      action: { label: 'Download the receipt', url: 'link' },
    },
  },
  /** Free text written by staff or by another module: vars subject, body (and optional name). */
  message: {
    es: { subject: '{{subject}}', paragraphs: ['{{body}}'] },
    en: { subject: '{{subject}}', paragraphs: ['{{body}}'] },
  },
} satisfies Record<string, Template>;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function fill(text: string, vars: Record<string, string>, template: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = vars[key];
    if (value === undefined) throw new Error(`Mail template ${template} needs the variable "${key}"`);
    return value;
  });
}

/**
 * The subject, plain text and HTML of a mail. Every variable is HTML-escaped in the HTML part; a
 * missing `name` reads as a neutral greeting. Unknown templates or missing variables throw (a
 * programming error that the first test reaching it reveals).
 */
export function renderMail(
  template: string,
  lang: MailLang,
  vars: Record<string, string>,
): { subject: string; text: string; html: string } {
  const t = (MAIL_TEMPLATES as Record<string, Template>)[template]?.[lang === 'en' ? 'en' : 'es'];
  if (!t) throw new Error(`Unknown mail template ${template}`);
  const v = { ...vars, name: vars.name?.trim() || (lang === 'en' ? 'customer' : 'cliente') };
  const subject = fill(t.subject, v, template).replace(/[\r\n]+/g, ' ');
  const paragraphs = t.paragraphs.map((p) => fill(p, v, template));
  const url = t.action ? fill(`{{${t.action.url}}}`, v, template) : undefined;

  const text = [
    MAIL_HEADER,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(t.action && url ? [`${t.action.label}: ${url}`, ''] : []),
    '—',
    FOOTER[lang],
  ].join('\n');

  const e = escapeHtml;
  const body = paragraphs.map((p) => `<p>${e(p).replaceAll('\n', '<br>')}</p>`).join('\n');
  const button =
    t.action && url
      ? `<p><a href="${e(url)}" style="display:inline-block;padding:10px 18px;background:#0b5cab;color:#fff;text-decoration:none;border-radius:4px">${e(t.action.label)}</a></p>\n<p style="font-size:12px;color:#555">${e(url)}</p>`
      : '';
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;margin:0;padding:0">
<div style="background:#0b5cab;color:#fff;padding:14px 20px;font-size:18px;font-weight:bold">${e(MAIL_HEADER)}</div>
<div style="padding:20px">
${body}
${button}
<hr style="border:none;border-top:1px solid #ddd">
<p style="font-size:12px;color:#777">${e(FOOTER[lang])}</p>
</div></body></html>`;
  return { subject, text, html };
}
