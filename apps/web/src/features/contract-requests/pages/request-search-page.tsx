import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PublicMessagePage } from '../../../components/public-layout/public-message-page';
import { RequestIdSearch } from '../../../components/request-id-search/request-id-search';

/** Search by request ID: the box works; the lookup arrives with the contract-request capability. */
export default function RequestSearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  return (
    <PublicMessagePage
      title={t('landing.search.title')}
      text={t('landing.search.text')}
      notice={id ? t('search.pending', { id }) : undefined}
    >
      <RequestIdSearch key={id} initialValue={id} />
    </PublicMessagePage>
  );
}
