import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, setLanguage } from '../../lib/i18n';
import './language-switch.css';

/** Plain es/en switch (no Ant Design) for the public pages. */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'es';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a radio-like pair of buttons reads better than a fieldset here
    <div className={`ov-lang ov-lang--${tone}`} role="group" aria-label={t('common.language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="ov-lang__option"
          aria-pressed={current === language}
          title={t(`language.${language}`)}
          onClick={() => setLanguage(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
