import { CONTRACT_LABELS } from '@ov/domain/contract-labels';
import { addTranslations } from '../../lib/i18n';
import en from './locales/en.json';
import es from './locales/es.json';

// Sector, procedure and status words are the domain's (the API's PDFs and e-mails say the same).
addTranslations(
  { contractRequests: { ...es.contractRequests, labels: CONTRACT_LABELS.es } },
  { contractRequests: { ...en.contractRequests, labels: CONTRACT_LABELS.en } },
);
