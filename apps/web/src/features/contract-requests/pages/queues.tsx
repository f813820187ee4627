import '../i18n';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../lib/urls';
import { QueuePage } from './queue-page';

/** The queues of spec §2: one list page, narrowed differently (a customer's own: my-requests-page). */
export function StateQueue() {
  const { t } = useTranslation();
  return (
    <QueuePage
      sector="STATE"
      basePath={PATHS.contractRequestState}
      title={t('menu.contractRequestState')}
      tableId="cr-state"
    />
  );
}

export function BigClientQueue() {
  const { t } = useTranslation();
  return (
    <QueuePage
      sector="ESTATE_BIG_CLIENT"
      basePath={PATHS.contractRequestBigClient}
      title={t('menu.contractRequestBigClient')}
      tableId="cr-big-client"
    />
  );
}

export function ResidentialQueue() {
  const { t } = useTranslation();
  return (
    <QueuePage
      sector="RESIDENTIAL"
      basePath={PATHS.contractRequestResidential}
      title={t('menu.contractRequestResidential')}
      tableId="cr-residential"
    />
  );
}

export function AllQueue() {
  const { t } = useTranslation();
  return (
    <QueuePage
      basePath={PATHS.contractRequestAdmins}
      title={t('menu.contractRequestAdmins')}
      tableId="cr-all"
    />
  );
}
