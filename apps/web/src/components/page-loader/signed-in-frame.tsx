import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, storage } from '../../lib/storage-keys';
import { useIsMobile } from '../../lib/use-is-mobile';
import { BrandMark } from '../public-layout/brand-mark';
import { SHELL_SIZES } from './shell-sizes';
import './signed-in-frame.css';

/**
 * What a signed-in visit shows while the signed-in area (Ant Design, the shell, the page) is on its
 * way: the shell's side bar and header with the brand, drawn from the entry with plain elements, so a
 * slow network shows the application at once instead of a blank page. The shell (`app/shell`) draws
 * its side bar and header with the same classes (`signed-in-frame.css`) and replaces it without
 * anything moving.
 */
export function SignedInFrame() {
  const { t } = useTranslation();
  const collapsed = storage.get(STORAGE_KEYS.siderCollapsed) === 'true';
  // One brand, where the shell puts it: in the side bar, or in the header below 992 px.
  const mobile = useIsMobile();
  const brand = (
    <span className={`ov-shell__brand${collapsed && !mobile ? ' ov-shell__brand--collapsed' : ''}`}>
      <BrandMark size={32} />
      <span>
        <strong>{t('brand.name')}</strong>
        <small>{t('brand.utility')}</small>
      </span>
    </span>
  );
  return (
    <div className={`ov-shell${collapsed ? ' ov-shell--collapsed' : ''}`} style={SHELL_SIZES}>
      {mobile ? null : <div className="ov-shell__sider">{brand}</div>}
      <div className="ov-shell__main">
        <div className="ov-shell__header">
          {mobile ? <span className="ov-shell__toggle-space" /> : null}
          {mobile ? brand : null}
        </div>
        <div className="ov-page-loader" role="status" aria-live="polite">
          <span className="ov-page-loader__drop" />
          <span className="ov-visually-hidden">{t('common.loading')}</span>
        </div>
      </div>
    </div>
  );
}
