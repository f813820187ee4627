import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import '../i18n';
import { fieldWords, moduleWords, sectionWords, valueWords } from './trace-words';

// What the API writes (grep of writeTrace/pendingTrace callers: module, section and the fields of before/after).
const MODULES = [
  'users',
  'security',
  'access-requests',
  'account',
  'billing',
  'payments',
  'contract-requests',
  'commercial-offices',
  'faqs',
  'mail',
  'settings',
];
const SECTIONS = [
  'admin',
  'roles',
  'password-reset',
  'requests',
  'permissions',
  'profile',
  'signup',
  'email',
  'verification',
  'password',
  'settings',
  'client-codes',
  'payment-requests',
  'faqs',
  'offices',
  'residential',
  'state',
  'estate_big_client',
];
const FIELDS = [
  'email',
  'username',
  'firstName',
  'lastName',
  'phone',
  'clientType',
  'municipality',
  'address',
  'status',
  'gender',
  'birthDate',
  'country',
  'nationalId',
  'changePasswordRequired',
  'roles',
  'pendingEmail',
  'version',
  'avatar',
  'avatarOriginal',
  'verified',
  'clientCode',
  'cc',
  'userId',
  'passwordChanged',
  'sessionsRevoked',
  'passwordReset',
  'password',
  'order',
  'name',
  'description',
  'permissions',
  'users',
  'roleGranted',
  'accessRequest',
  'role',
  'justification',
  'reason',
  'resultCode',
  'amountCents',
  'method',
  'gatewayRef',
  'refundReason',
  'paymentsEnabled',
  'enzonaEnabled',
  'transfermovilEnabled',
  'signupEnabled',
  'advanceMinCents',
  'advanceBonusPercent',
  'pendingTimeoutMinutes',
  'agreementMinDownPercent',
  'agreementMaxInstalments',
  'agreementMinInstalmentCents',
  'agreement',
  'procedureType',
  'sector',
  'requestId',
  'fullName',
  'street',
  'policy',
  'answer',
  'annulReason',
  'newClientCode',
  'hydrometerNumber',
  'boss',
  'province',
  'hours',
  'hoursEn',
  'published',
  'questionEs',
  'answerEs',
];

describe('traces in words', () => {
  afterAll(() => i18next.changeLanguage('es'));

  it.each(['es', 'en'])('every module, section and field the API writes has a name in %s', async (lang) => {
    await i18next.changeLanguage(lang);
    for (const m of MODULES) expect(i18next.exists(`traces.modules.${m}`), m).toBe(true);
    for (const s of SECTIONS) expect(i18next.exists(`traces.sections.${s}`), s).toBe(true);
    for (const f of FIELDS) expect(i18next.exists(`traces.fieldNames.${f}`), f).toBe(true);
  });

  it('shows values in words: statuses, money, municipalities, roles, yes/no, dates', async () => {
    await i18next.changeLanguage('es');
    const t = i18next.t;
    expect(valueWords(t, 'es', 'users', 'status', 'LOCK')).toBe('Bloqueado');
    expect(valueWords(t, 'es', 'contract-requests', 'status', 'PENDING')).toBe('En trámite');
    expect(valueWords(t, 'es', 'payments', 'amountCents', 860)).toBe('$8.60');
    expect(valueWords(t, 'es', 'payments', 'method', 'TRANSFERMOVIL')).toBe('Transfermóvil');
    expect(valueWords(t, 'es', 'users', 'roles', ['USER', 'COMMERCIAL_SPECIALIST'])).toBe(
      'Cliente, Especialista comercial',
    );
    expect(valueWords(t, 'es', 'users', 'verified', true)).toBe('Sí');
    expect(valueWords(t, 'es', 'users', 'email', 'ana.p@example.cu')).toBe('ana.p@example.cu');
    expect(valueWords(t, 'es', 'users', 'address', { line: 'Calle 23', municipality: 2 })).toMatch(
      /^Dirección: Calle 23\nMunicipio: \S/,
    );
    expect(valueWords(t, 'es', 'users', 'birthDate', '1990-05-17')).not.toContain('1990-05-17');
    expect(moduleWords(t, 'settings')).toBe('Configuración');
    await i18next.changeLanguage('en');
    expect(valueWords(i18next.t, 'en', 'users', 'status', 'LOCK')).toBe('Blocked');
    expect(valueWords(i18next.t, 'en', 'users', 'verified', false)).toBe('No');
    expect(sectionWords(i18next.t, 'payment-requests')).toBe('Payments');
    expect(fieldWords(i18next.t, 'sessionsRevoked')).toBe('Sessions ended');
    // A code the catalogue does not know still reads as words, never as camelCase.
    expect(fieldWords(i18next.t, 'someNewField')).toBe('Some new field');
  });
});
