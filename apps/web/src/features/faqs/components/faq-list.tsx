import '../i18n';
import { LinkOutlined } from '@ant-design/icons';
import { FAQ_CATEGORIES, faqMatches } from '@ov/domain/faqs';
import { Alert, App, Button, Collapse, Empty, Input, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type PublicFaq, usePublicFaqs } from '../api/public-faqs';
import { FaqAnswer } from './faq-answer';
import './faqs.css';

/**
 * The published FAQs grouped by category, with a search over questions and answers (every word,
 * accent-insensitive) and a deep link to one question (`?id=…`, which opens and scrolls to it).
 */
export function FaqList() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { state, retry } = usePublicFaqs(i18n.language);
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const linked = params.get('id');
  const [open, setOpen] = useState<string[]>(linked ? [linked] : []);

  const shown = useMemo(
    () => (state.status === 'ready' ? state.faqs.filter((f) => faqMatches(f, query)) : []),
    [state, query],
  );
  const groups = FAQ_CATEGORIES.map((category) => ({
    category,
    faqs: shown.filter((f) => f.category === category),
  })).filter((g) => g.faqs.length);

  useEffect(() => {
    if (!linked || state.status !== 'ready') return;
    setOpen((keys) => (keys.includes(linked) ? keys : [...keys, linked]));
    document.getElementById(`faq-${linked}`)?.scrollIntoView({ block: 'start' });
  }, [linked, state.status]);

  const copyLink = async (faq: PublicFaq) => {
    setParams({ id: faq._id }, { replace: true });
    await navigator.clipboard?.writeText(window.location.href).catch(() => {});
    void message.success(t('faqs.linkCopied'));
  };

  if (state.status === 'loading')
    return <Skeleton active paragraph={{ rows: 8 }} data-testid="faqs-loading" />;
  if (state.status === 'error')
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('faqs.loadError')}
        action={<Button onClick={retry}>{t('faqs.retry')}</Button>}
      />
    );

  return (
    <div className="ov-faq" data-testid="faqs">
      <Input.Search
        allowClear
        size="large"
        aria-label={t('faqs.searchLabel')}
        placeholder={t('faqs.searchPlaceholder')}
        onChange={(e) => setQuery(e.target.value)}
        onSearch={setQuery}
        data-testid="faqs-search"
      />
      <p className="ov-faq__count" aria-live="polite">
        {t('faqs.count', { count: shown.length })}
      </p>
      {groups.length === 0 ? (
        <Empty description={query ? t('faqs.empty') : t('faqs.none')} />
      ) : (
        groups.map((group) => (
          <section
            key={group.category}
            className="ov-faq__group"
            aria-labelledby={`faq-cat-${group.category}`}
          >
            <h2 id={`faq-cat-${group.category}`}>{t(`faqs.categories.${group.category}`)}</h2>
            <Collapse
              activeKey={open}
              onChange={(keys) => setOpen(keys as string[])}
              items={group.faqs.map((faq) => ({
                key: faq._id,
                id: `faq-${faq._id}`,
                label: faq.question,
                // The link button lives in the panel, not the header: no control inside another.
                children: (
                  <>
                    <FaqAnswer text={faq.answer} />
                    <Button
                      type="link"
                      size="small"
                      icon={<LinkOutlined />}
                      className="ov-faq__link"
                      onClick={() => void copyLink(faq)}
                    >
                      {t('faqs.copyLink')}
                    </Button>
                  </>
                ),
              }))}
              data-testid="faqs-group"
            />
          </section>
        ))
      )}
    </div>
  );
}
