import '../i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/urls';
import { RequestDetails } from '../components/request-details';
import '../components/contract-requests.css';

/** One of the customer's requests on a page of its own (a phone reads it whole), back to the list. */
export default function MyRequestPage({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  return (
    <div className="ov-mine ov-mine--one">
      <p className="ov-mine__back">
        <Link to={PATHS.contractRequestDetails} data-testid="my-requests-back">
          <span aria-hidden="true">← </span>
          {t('contractRequests.mine.back')}
        </Link>
      </p>
      <div className="ov-page-header">
        <h1>
          {t('contractRequests.mine.requestTitle')} <span className="ov-cr__mono">{requestId}</span>
        </h1>
      </div>
      <RequestDetails requestId={requestId} />
    </div>
  );
}
