import '../i18n';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { FAQ_CATEGORIES, type FaqForm, faqFormSchema } from '@ov/domain/faqs';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { zodRule } from '../../../components/form/zod-rule';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/types';
import { useVersionedSave } from '../../../components/list-page/use-versioned-save';
import { Tabs } from '../../../components/tabs/tabs';
import { errorText } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/urls';
import {
  createFaq,
  FAQS_QUERY_KEY,
  type Faq,
  faqQuery,
  faqsQuery,
  moveFaq,
  removeFaq,
  updateFaq,
} from '../api/faq-admin';
import { FaqAnswer } from '../components/faq-answer';
import '../components/faqs.css';

type FaqValues = FaqForm & { version?: number };
const S = faqFormSchema.shape;

/** `/faqs/configuration` (FAQ:WRITE): every question, drafts included, edited in both languages. */
export default function FaqsConfigurationPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const rule = (schema: Parameters<typeof zodRule>[0]) => zodRule(schema, i18n.language);
  const [category, setCategory] = useState<string>();
  const [published, setPublished] = useState<string>();
  const { save: saveFaq, conflictDialog } = useVersionedSave({ create: createFaq, update: updateFaq });
  const c = (key: string) => t(`faqs.config.${key}`);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const move = async (faq: Faq, direction: 'up' | 'down') => {
    try {
      await moveFaq(faq._id, direction);
      await queryClient.invalidateQueries({ queryKey: FAQS_QUERY_KEY });
    } catch (error) {
      void message.error(errorText(error, t, i18n.language));
    }
  };

  const filters = useMemo(() => {
    const chosen = [];
    if (category) chosen.push({ type: 'TERM' as const, field: 'category', value: category });
    if (published) chosen.push({ type: 'TERM' as const, field: 'published', value: published === 'yes' });
    return chosen;
  }, [category, published]);

  const save = async (values: FaqValues, id: string | null) => {
    const form: FaqForm = {
      category: values.category,
      order: Number(values.order ?? 0),
      published: Boolean(values.published),
      question: { es: values.question.es.trim(), en: values.question.en.trim() },
      answer: { es: values.answer.es.trim(), en: values.answer.en.trim() },
    };
    return saveFaq(form, id, Number(values.version ?? 0));
  };

  const columns: ListColumn<Faq>[] = [
    {
      key: 'question',
      title: c('question'),
      render: (_v, faq) => faq.question[lang],
    },
    {
      key: 'category',
      title: c('category'),
      dataIndex: 'category',
      sortField: 'category',
      render: (value) => t(`faqs.categories.${value}`),
    },
    { key: 'order', title: c('order'), dataIndex: 'order', sortField: 'order', responsive: ['md'] },
    {
      key: 'published',
      title: c('status'),
      dataIndex: 'published',
      render: (value) =>
        value ? <Tag color="green">{c('published')}</Tag> : <Tag color="default">{c('draft')}</Tag>,
    },
    {
      key: 'updatedAt',
      title: c('updatedAt'),
      dataIndex: 'updatedAt',
      sortField: 'updatedAt',
      responsive: ['lg'],
      render: (value) => formatDateTime(String(value), i18n.language),
    },
  ];

  return (
    <>
      {conflictDialog}
      <ListPage<Faq, FaqValues>
        tableId="faqs"
        title={t('menu.faqsConfiguration')}
        basePath={PATHS.faqsConfiguration}
        queryKeyPrefix={FAQS_QUERY_KEY}
        query={faqsQuery}
        columns={columns}
        rowKey={(faq) => faq._id}
        filters={filters}
        searchPlaceholder={c('searchPlaceholder')}
        rowActions={(faq) => [
          { key: 'up', icon: <ArrowUpOutlined />, label: c('moveUp'), onClick: () => void move(faq, 'up') },
          {
            key: 'down',
            icon: <ArrowDownOutlined />,
            label: c('moveDown'),
            onClick: () => void move(faq, 'down'),
          },
        ]}
        filtersSlot={
          <>
            <Select
              allowClear
              placeholder={c('category')}
              value={category}
              onChange={setCategory}
              className="ov-list__filter"
              options={FAQ_CATEGORIES.map((value) => ({ value, label: t(`faqs.categories.${value}`) }))}
              data-testid="filter-category"
            />
            <Select
              allowClear
              placeholder={c('status')}
              value={published}
              onChange={setPublished}
              className="ov-list__filter"
              options={[
                { value: 'yes', label: c('published') },
                { value: 'no', label: c('draft') },
              ]}
              data-testid="filter-published"
            />
          </>
        }
        detail={{
          title: (mode, faq) =>
            mode === 'create' ? c('new') : mode === 'edit' ? c('edit') : faq?.question[lang],
          getOne: faqQuery,
          renderView: (faq) => (
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={c('category')}>
                {t(`faqs.categories.${faq.category}`)}
              </Descriptions.Item>
              <Descriptions.Item label={c('status')}>
                {faq.published ? c('published') : c('draft')}
              </Descriptions.Item>
              <Descriptions.Item label={c('questionEs')}>{faq.question.es}</Descriptions.Item>
              <Descriptions.Item label={c('answerEs')}>
                <FaqAnswer text={faq.answer.es} />
              </Descriptions.Item>
              <Descriptions.Item label={c('questionEn')}>{faq.question.en}</Descriptions.Item>
              <Descriptions.Item label={c('answerEn')}>
                <FaqAnswer text={faq.answer.en} />
              </Descriptions.Item>
            </Descriptions>
          ),
          renderForm: ({ form }) => <FaqFields form={form} rule={rule} c={c} />,
          toFormValues: (faq) => ({ ...faq }),
          save,
          remove: removeFaq,
          canCreate: true,
        }}
      />
    </>
  );
}

/** The form: category, order, published, then question and answer per language with a live preview. */
function FaqFields({
  form,
  rule,
  c,
}: {
  form: ReturnType<typeof Form.useForm>[0];
  rule: (schema: Parameters<typeof zodRule>[0]) => ReturnType<typeof zodRule>;
  c: (key: string) => string;
}) {
  const { t } = useTranslation();
  const answerEs = Form.useWatch(['answer', 'es'], form) ?? '';
  const answerEn = Form.useWatch(['answer', 'en'], form) ?? '';
  const language = (code: 'es' | 'en', answer: string) => (
    <>
      <Form.Item
        name={['question', code]}
        label={c(code === 'es' ? 'questionEs' : 'questionEn')}
        required
        rules={[rule(S.question.shape[code])]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} data-testid={`faq-question-${code}`} />
      </Form.Item>
      <Form.Item
        name={['answer', code]}
        label={c(code === 'es' ? 'answerEs' : 'answerEn')}
        required
        extra={c('answerHelp')}
        rules={[rule(S.answer.shape[code])]}
      >
        <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} data-testid={`faq-answer-${code}`} />
      </Form.Item>
      {answer ? (
        <section className="ov-faq__preview" aria-label={c('preview')}>
          <h4>{c('preview')}</h4>
          <FaqAnswer text={answer} />
        </section>
      ) : null}
    </>
  );
  return (
    <>
      <Form.Item name="version" hidden>
        <Input />
      </Form.Item>
      <Form.Item
        name="category"
        label={c('category')}
        required
        rules={[rule(S.category)]}
        initialValue="billing"
      >
        <Select
          options={FAQ_CATEGORIES.map((value) => ({ value, label: t(`faqs.categories.${value}`) }))}
          data-testid="faq-category"
        />
      </Form.Item>
      <Form.Item name="order" label={c('order')} initialValue={1} required rules={[rule(S.order)]}>
        <InputNumber min={0} max={9999} data-testid="faq-order" />
      </Form.Item>
      <Form.Item name="published" label={c('published')} valuePropName="checked" initialValue={false}>
        <Switch data-testid="faq-published" />
      </Form.Item>
      <Tabs
        items={[
          { key: 'es', label: 'Español', forceRender: true, children: language('es', answerEs) },
          { key: 'en', label: 'English', forceRender: true, children: language('en', answerEn) },
        ]}
      />
    </>
  );
}
