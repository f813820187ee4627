import '../i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AntdProvider } from '../../../components/antd/antd-provider';
import { OfficeFinder } from '../../../components/office-info/office-finder';
import { PublicLayout } from '../../../components/public-layout/public-layout';
import { PATHS } from '../../../lib/urls';
import { FaqList } from '../components/faq-list';

/** `/faqs` for visitors (from the landing): the published questions, searchable, in the page language. */
export default function FaqsPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <AntdProvider>
        <div className="ov-faq__public">
          <h1>{t('faqs.title')}</h1>
          <p className="ov-faq__intro">{t('faqs.intro')}</p>
          <p className="ov-faq__guest-pay" data-testid="faqs-guest-pay">
            {t('faqs.guestPay.text')} <Link to={PATHS.guestPay}>{t('faqs.guestPay.link')}</Link>
          </p>
          <FaqList />
          <OfficeFinder />
        </div>
      </AntdProvider>
    </PublicLayout>
  );
}
