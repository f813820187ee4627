import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { STORAGE_KEYS, storage } from './storage-keys';

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function setLanguage(language: Language): void {
  void i18next.changeLanguage(language);
}

i18next.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  storage.set(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
});

const initialLanguage = storedLanguage();
document.documentElement.lang = initialLanguage;

void i18next.use(initReactI18next).init({
  resources: { es: { translation: es }, en: { translation: en } },
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export default i18next;

/**
 * Features bring their own strings with their lazy chunk (keeps the landing page small and lets
 * features be written side by side): `src/features/<x>/i18n.ts` calls this once with its es/en JSON,
 * whose top-level key is the feature's name.
 */
export function addTranslations(es: Record<string, unknown>, en: Record<string, unknown>): void {
  i18next.addResourceBundle('es', 'translation', es, true, true);
  i18next.addResourceBundle('en', 'translation', en, true, true);
}
