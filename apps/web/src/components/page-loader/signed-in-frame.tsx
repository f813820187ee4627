import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, storage } from '../../lib/storage-keys';
import { useIsMobile } from '../../lib/use-is-mobile';
import { BrandMark } from '../public-layout/brand-mark';
import './signed-in-frame.css';

/**
 * A word in each face the signed-in pages draw with (weights 500, 600 and 700, bold italic, the
 * monospaced codes, tabular figures), invisible and out of the way. The browser loads a face the
 * first time it lays out text in it, and on a phone's first visit that took 50–100 ms of the layout
 * that first showed the page (once per face; 4× that at Lighthouse's mobile CPU), after the first paint.
 * Laid out here, with the frame, that cost comes before the first paint and while the area's chunks
 * are still on their way (docs/web-performance.md).
 */
function FontWarmUp() {
  return (
    <div className="ov-frame__fonts" aria-hidden="true">
      <span style={{ fontWeight: 500 }}>Aa 0</span>
      <span style={{ fontWeight: 600 }}>Aa 0</span>
      <span style={{ fontWeight: 700 }}>Aa 0</span>
      <span style={{ fontWeight: 800 }}>Aa 0</span>
      <i>Aa 0</i>
      <code className="ov-frame__mono">Aa 0</code>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>0</span>
    </div>
  );
}

/**
 * What a signed-in visit shows while the signed-in area (Ant Design, the shell, the page) is on its
 * way: the shell's side bar and header with the brand, drawn from the entry with plain elements, so a
 * slow network shows the application at once instead of a blank page. Same sizes and colours as the
 * shell (`app/shell`), which replaces it without anything moving.
 */
export function SignedInFrame() {
  const { t } = useTranslation();
  const collapsed = storage.get(STORAGE_KEYS.siderCollapsed) === 'true';
  // One brand only, where the shell puts it: a second, hidden copy of its drawing would hold the
  // gradient the visible one refers to.
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
    <div className={`ov-frame${collapsed ? ' ov-frame--collapsed' : ''}`}>
      {mobile ? null : <div className="ov-frame__sider">{brand}</div>}
      <div className="ov-frame__main">
        <div className="ov-frame__header">{mobile ? brand : null}</div>
        <FontWarmUp />
        <div className="ov-page-loader" role="status" aria-live="polite">
          <span className="ov-page-loader__drop" />
          <span className="ov-visually-hidden">{t('common.loading')}</span>
        </div>
      </div>
    </div>
  );
}
