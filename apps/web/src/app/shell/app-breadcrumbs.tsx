import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buildBreadcrumbs } from '../breadcrumbs';

/** Where the page sits: Home › section › page › record, the last one the current page. */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const crumbs = buildBreadcrumbs(pathname);
  return (
    <nav className="ov-breadcrumbs" aria-label={t('breadcrumb.label')} data-testid="breadcrumbs">
      <ol>
        {crumbs.map((crumb, index) => {
          const label = crumb.text ?? t(crumb.labelKey);
          return (
            <li key={crumb.path}>
              {index === crumbs.length - 1 ? (
                <span aria-current="page">{label}</span>
              ) : crumb.link ? (
                <Link to={crumb.path}>{label}</Link>
              ) : (
                <span>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
