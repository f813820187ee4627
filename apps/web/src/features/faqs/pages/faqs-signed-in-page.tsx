import '../i18n';
import { useTranslation } from 'react-i18next';
import { OfficeFinder } from '../../../components/office-info/office-finder';
import { FaqList } from '../components/faq-list';

/** `/faqs` inside the signed-in area: the same questions, in the shell. */
export default function FaqsSignedInPage() {
  const { t } = useTranslation();
  return (
    <div className="ov-faq__signed-in">
      <div className="ov-page-header">
        <h1>{t('faqs.title')}</h1>
      </div>
      <p className="ov-faq__intro">{t('faqs.intro')}</p>
      <FaqList />
      <OfficeFinder />
    </div>
  );
}
