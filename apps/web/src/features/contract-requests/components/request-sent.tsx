import { Alert, QRCode, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Result } from '../../../components/result/result';
import { isApiError } from '../../../lib/api-error';
import { BASE_PATH, PATHS } from '../../../lib/urls';
import { type Created, receiptUrl, uploadAttachment } from '../api/contract-requests';
import type { ChosenFile } from './request-form-steps';

/** After sending: the ID large and grouped, a QR and a link to follow it, the PDF receipt; uploads the files. */
export function RequestSent({
  created,
  email,
  files,
}: {
  created: Created;
  email: string | null;
  files: ChosenFile[];
}) {
  const { t, i18n } = useTranslation();
  const [upload, setUpload] = useState<{ done: boolean; ok: number; errors: string[] }>({
    done: files.length === 0,
    ok: 0,
    errors: [],
  });
  const started = useRef(false);
  const title = useRef<HTMLHeadingElement>(null);
  const followPath = `${PATHS.search}?id=${created.requestId}`;
  const followUrl = `${window.location.origin}${BASE_PATH}${followPath}`;

  useEffect(() => {
    title.current?.focus();
    if (started.current || files.length === 0) return;
    started.current = true;
    (async () => {
      let ok = 0;
      const errors: string[] = [];
      for (const x of files) {
        try {
          await uploadAttachment(created.requestId, x.file, x.kind, created.uploadToken, i18n.language);
          ok++;
        } catch (err) {
          errors.push(
            t('contractRequests.sent.uploadFailed', {
              name: x.file.name,
              message: isApiError(err) ? err.message : String(err),
            }),
          );
        }
      }
      setUpload({ done: true, ok, errors });
    })();
  }, [created, files, i18n.language, t]);

  return (
    <Result
      status="success"
      title={
        <h1 tabIndex={-1} ref={title}>
          {t('contractRequests.sent.title')}
        </h1>
      }
      subTitle={t('contractRequests.sent.keep')}
      extra={
        <div className="ov-cr__sent-body">
          <div className="ov-cr__sent">
            <div>
              <p>{t('contractRequests.sent.yourId')}</p>
              <p className="ov-cr__id" data-testid="request-id">
                {created.requestId}
              </p>
              {email ? <p>{t('contractRequests.sent.mailed', { email })}</p> : null}
            </div>
            <QRCode
              value={followUrl}
              size={148}
              title={t('contractRequests.sent.qr')}
              aria-label={t('contractRequests.sent.qr')}
            />
          </div>
          <div aria-live="polite" className="ov-cr__section">
            {!upload.done ? (
              <Spin tip={t('contractRequests.sent.uploading')}>
                <span />
              </Spin>
            ) : null}
            {upload.done && upload.ok > 0 ? (
              <Alert
                type="success"
                showIcon
                message={t('contractRequests.sent.uploaded', { count: upload.ok })}
              />
            ) : null}
            {upload.errors.map((e) => (
              <Alert key={e} type="error" showIcon message={e} />
            ))}
          </div>
          <div className="ov-cr__links">
            <Link
              className="ant-btn ant-btn-primary ov-cr__linkbtn"
              to={followPath}
              data-testid="follow-request"
            >
              {t('contractRequests.sent.follow')}
            </Link>
            <a
              className="ant-btn ant-btn-default ov-cr__linkbtn"
              href={receiptUrl(created.requestId, i18n.language === 'en' ? 'en' : 'es')}
              download
            >
              {t('contractRequests.sent.receipt')}
            </a>
          </div>
        </div>
      }
    />
  );
}
