import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/types';
import { PATHS } from '../../../lib/urls';
import { MUNICIPALITIES_QUERY_KEY, municipalitiesListQuery } from '../api/find-municipalities';
import { municipalityQuery } from '../api/get-municipality';
import type { Municipality } from '../types';
import '../../../components/text/text.css';

const numberFormat = (language: string) => new Intl.NumberFormat(language === 'en' ? 'en-US' : 'es-ES');

/** Nomenclators › Municipalities: the 15 municipalities of La Habana (read-only). */
export default function MunicipalitiesPage() {
  const { t, i18n } = useTranslation();
  const format = numberFormat(i18n.language);
  const columns: ListColumn<Municipality>[] = [
    { key: 'pk', title: t('municipalities.fields.pk'), dataIndex: 'pk', width: 90, sortField: 'pk' },
    {
      key: 'municipio',
      title: t('municipalities.fields.name'),
      dataIndex: 'municipio',
      sortField: 'municipio',
      render: (value) => <strong className="ov-strong">{String(value)}</strong>,
    },
    {
      key: 'popularCouncils',
      title: t('municipalities.fields.popularCouncils'),
      dataIndex: 'popularCouncils',
      align: 'right',
      render: (value) => format.format(Number(value)),
    },
    {
      key: 'streets',
      title: t('municipalities.fields.streets'),
      dataIndex: 'streets',
      align: 'right',
      render: (value) => format.format(Number(value)),
    },
  ];

  return (
    <ListPage<Municipality>
      tableId="municipalities"
      title={t('menu.municipalities')}
      basePath={PATHS.municipalities}
      queryKeyPrefix={MUNICIPALITIES_QUERY_KEY}
      query={municipalitiesListQuery}
      columns={columns}
      rowKey={(municipality) => String(municipality.pk)}
      searchPlaceholder={t('municipalities.searchPlaceholder')}
      detail={{
        title: (_mode, municipality) => municipality?.municipio ?? t('menu.municipalities'),
        getOne: municipalityQuery,
        renderView: (municipality) => (
          <Descriptions column={1} bordered>
            <Descriptions.Item label={t('municipalities.fields.pk')}>{municipality.pk}</Descriptions.Item>
            <Descriptions.Item label={t('municipalities.fields.name')}>
              {municipality.municipio}
            </Descriptions.Item>
            <Descriptions.Item label={t('municipalities.fields.popularCouncils')}>
              {format.format(municipality.popularCouncils)}
            </Descriptions.Item>
            <Descriptions.Item label={t('municipalities.fields.streets')}>
              {format.format(municipality.streets)}
            </Descriptions.Item>
          </Descriptions>
        ),
      }}
    />
  );
}
