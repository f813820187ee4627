import './i18n';
import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { MUNICIPALITIES } from '@ov/domain/municipalities';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterPaint } from '../../lib/use-after-paint';
import { Button, Popover, Spin } from '../ui';
import { officesServing, type PublicOffice } from './serving-offices';
import './office-info.css';

/** A municipality by its pk or its name, as the ledger and the forms give it. */
function pkOf(municipality: number | string | null | undefined): number | null {
  if (typeof municipality === 'number') return municipality;
  if (!municipality) return null;
  const wanted = municipality.trim().toLowerCase();
  return MUNICIPALITIES.find((m) => m.municipio.toLowerCase() === wanted)?.pk ?? null;
}

/**
 * The offices serving a municipality, loaded once per municipality shown, after the screen has been
 * drawn (the name shows at once; the details are behind its button).
 */
function useServingOffices(pk: number | null) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const [offices, setOffices] = useState<PublicOffice[] | null>(null);
  const painted = useAfterPaint();
  useEffect(() => {
    if (pk === null || !painted) return;
    const controller = new AbortController();
    officesServing(pk, controller.signal, language)
      .then(setOffices)
      .catch(() => {
        if (!controller.signal.aborted) setOffices([]);
      });
    return () => controller.abort();
  }, [pk, painted, language]);
  return pk === null ? [] : offices;
}

function OfficeDetails({ office }: { office: PublicOffice }) {
  const { t } = useTranslation();
  return (
    <div className="ov-office" data-testid="office-details">
      <strong className="ov-office__name">{office.name}</strong>
      <p>
        <EnvironmentOutlined aria-hidden /> {office.address}, {office.province}
      </p>
      {/* The office's own words: marked Spanish when an English page falls back to them. */}
      {office.hours ? (
        <p lang={office.hoursLang ?? undefined} data-testid="office-hours">
          {office.hours}
        </p>
      ) : null}
      {office.phone ? (
        <p>
          <PhoneOutlined aria-hidden />{' '}
          <a href={`tel:${office.phone}`} aria-label={`${t('officeInfo.call')} ${office.phone}`}>
            {office.phone}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Where the product sends a customer to "su oficina comercial": the office serving the municipality,
 * with its address, hours and phone. `inline` shows them at once (a refusal that sends the customer
 * there); otherwise the office name opens them in a pop-over (the code detail).
 */
export function OfficeInfo({
  municipality,
  fallbackName,
  inline = false,
}: {
  municipality: number | string | null | undefined;
  fallbackName?: string;
  inline?: boolean;
}) {
  const { t } = useTranslation();
  const offices = useServingOffices(pkOf(municipality));
  const office = offices?.[0];
  if (inline) {
    if (offices === null) return <Spin size="small" />;
    if (!office) return <p className="ov-office__none">{t('officeInfo.none')}</p>;
    return (
      <section className="ov-office ov-office--inline" aria-label={t('officeInfo.yours')}>
        <span className="ov-office__kicker">{t('officeInfo.yours')}</span>
        <OfficeDetails office={office} />
      </section>
    );
  }
  if (offices !== null && !office) return <>{fallbackName ?? '—'}</>;
  // The office's name as the account gives it is shown at once, while its details load (they fill
  // the pop-over): the page does not wait for the offices call to draw it.
  const name = office?.name ?? fallbackName;
  if (!name) return <Spin size="small" />;
  return (
    <Popover
      content={office ? <OfficeDetails office={office} /> : <Spin size="small" />}
      trigger="click"
      placement="bottomLeft"
    >
      <Button type="link" className="ov-office__open" data-testid="office-open">
        {name}
      </Button>
    </Popover>
  );
}
