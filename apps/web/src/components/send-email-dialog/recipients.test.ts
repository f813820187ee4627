import { emailMessageSchema } from '@ov/domain/validation/forms';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import { addressOptions, emailOption, toRecipients, userOption } from './recipients';

describe('e-mail recipients (spec §5)', () => {
  it('offers the four domain completions once the text has an @', () => {
    expect(addressOptions('ana')).toEqual([]);
    expect(addressOptions('ana@').map((o) => o.label)).toEqual([
      'ana@gmail.com',
      'ana@yahoo.com',
      'ana@outlook.com',
      'ana@protonmail.com',
    ]);
    expect(addressOptions('ana@g').map((o) => o.label)).toEqual(['ana@gmail.com']);
  });

  it('keeps a complete typed address as an option too', () => {
    expect(addressOptions('Ana@Nauta.cu').map((o) => o.label)).toEqual(['ana@nauta.cu']);
  });

  it('sends a chosen user as _id and a typed address as email, valid for the API', () => {
    const to = toRecipients([
      userOption('1b4e28ba-2fa1-11d2-883f-0016d3cca427', 'Ana').value,
      emailOption('x@gmail.com').value,
    ]);
    expect(to).toEqual([{ _id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' }, { email: 'x@gmail.com' }]);
    expect(emailMessageSchema.safeParse({ to, subject: 'Hola', body: 'Texto' }).success).toBe(true);
  });

  it('has the same strings in Spanish and English', () => {
    expect(Object.keys(en.sendEmail).sort()).toEqual(Object.keys(es.sendEmail).sort());
  });
});
