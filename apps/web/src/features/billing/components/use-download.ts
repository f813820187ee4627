import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { downloadPdf } from '../api/download-document';

/** Downloads one document at a time; failures show the catalogue message (459, 460, 461, 854, 855…). */
export function useDownload() {
  const { i18n } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const download = async (path: string, fileName: string) => {
    setPending(path);
    try {
      await downloadPdf(path, fileName, i18n.language === 'en' ? 'en' : 'es');
    } catch (error) {
      notify.error(error);
    } finally {
      setPending(null);
    }
  };
  return { download, pending };
}
