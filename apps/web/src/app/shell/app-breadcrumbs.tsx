import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buildBreadcrumbs } from '../breadcrumbs';

export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const crumbs = buildBreadcrumbs(pathname);
  return (
    <Breadcrumb
      className="ov-shell__breadcrumbs"
      data-testid="breadcrumbs"
      items={crumbs.map((crumb, index) => {
        const label = crumb.text ?? t(crumb.labelKey);
        return {
          key: crumb.path,
          title:
            index === crumbs.length - 1 ? (
              <span aria-current="page">{label}</span>
            ) : crumb.link ? (
              <Link to={crumb.path}>{label}</Link>
            ) : (
              label
            ),
        };
      })}
    />
  );
}
