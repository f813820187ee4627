import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/urls';

/** The small "search by request ID" box; the lookup itself happens on the search page. */
export function RequestIdSearch({ initialValue = '' }: { initialValue?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(initialValue);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = value.trim();
    navigate(id ? `${PATHS.search}?id=${encodeURIComponent(id)}` : PATHS.search);
  };

  return (
    <form className="ov-search" onSubmit={submit}>
      <input
        className="ov-search__input"
        name="requestId"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={t('landing.search.placeholder')}
        aria-label={t('landing.search.placeholder')}
        autoComplete="off"
      />
      <button type="submit" className="ov-button">
        {t('landing.search.action')}
      </button>
    </form>
  );
}
