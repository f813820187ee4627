import './i18n';
import { MUNICIPALITIES } from '@ov/domain/municipalities';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NativeSelect } from '../native-select/native-select';
import { OfficeInfo } from './office-info';

/**
 * "Which is my commercial office?": the visitor chooses a municipality and sees the office serving it
 * (address, hours, phone). Reached from the landing's footer (`#office-finder`), which scrolls to it.
 */
export function OfficeFinder() {
  const { t } = useTranslation();
  const location = useLocation();
  const ref = useRef<HTMLElement>(null);
  const [municipality, setMunicipality] = useState<number>();
  useEffect(() => {
    if (location.hash === '#office-finder') ref.current?.scrollIntoView({ block: 'start' });
  }, [location.hash]);
  return (
    <section id="office-finder" ref={ref} className="ov-office-finder" aria-labelledby="office-finder-title">
      <h2 id="office-finder-title">{t('officeInfo.finderTitle')}</h2>
      <label htmlFor="office-finder-municipality" className="ov-office-finder__label">
        {t('officeInfo.finderLabel')}
      </label>
      <NativeSelect<number>
        id="office-finder-municipality"
        placeholder={t('officeInfo.finderPlaceholder')}
        value={municipality}
        onChange={setMunicipality}
        options={MUNICIPALITIES.map((m) => ({ value: m.pk, label: m.municipio }))}
        className="ov-office-finder__select"
        data-testid="office-finder"
      />
      {municipality ? <OfficeInfo municipality={municipality} inline /> : null}
    </section>
  );
}
