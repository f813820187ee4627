import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buildBreadcrumbs } from '../breadcrumbs';

/** Where the page sits: Home, its sections and the page, the ones that are pages as links. */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const crumbs = buildBreadcrumbs(pathname);
  return (
    <nav className="ov-breadcrumbs" aria-label={t('shell.breadcrumbs')} data-testid="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => {
          const label = crumb.text ?? t(crumb.labelKey);
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path}>
              {index > 0 ? (
                <span className="ov-breadcrumbs__separator" aria-hidden="true">
                  /
                </span>
              ) : null}
              {last ? (
                <span className="ov-breadcrumbs__current" aria-current="page">
                  {label}
                </span>
              ) : crumb.link ? (
                <Link to={crumb.path}>{label}</Link>
              ) : (
                label
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
