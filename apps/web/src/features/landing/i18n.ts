import { addTranslations } from '../../lib/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

addTranslations(es, en);
