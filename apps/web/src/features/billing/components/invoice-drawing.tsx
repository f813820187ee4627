import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';

/**
 * What the drawing prints: made up, so no demo customer's code, contract or name is shown to
 * everyone (the numbers have the real shapes, the period follows the reader's date format).
 */
export const SAMPLE_INVOICE = {
  cc: '2399999999990',
  invoice: '239999999999012',
  contract: 'CT-2000-000000',
  from: '2026-09-01',
  to: '2026-10-31',
  totalCents: 1640,
} as const;

interface InvoiceDrawingProps {
  /** What to point at: the client code (empty state) or also the ownership proofs (add dialog). */
  highlight?: 'cc' | 'all';
  className?: string;
}

/** A small drawing of the utility's invoice showing where the client code (and the proofs) are printed. */
export function InvoiceDrawing({ highlight = 'cc', className }: InvoiceDrawingProps) {
  const { t, i18n } = useTranslation();
  const period = `${formatDate(SAMPLE_INVOICE.from, i18n.language)} – ${formatDate(SAMPLE_INVOICE.to, i18n.language)}`;
  const proofs = highlight === 'all';
  return (
    <figure className={`ov-invoice-drawing ${className ?? ''}`}>
      <svg viewBox="0 0 320 220" role="img" aria-label={t('billing.drawing.caption')}>
        <defs>
          <linearGradient id="ov-invoice-head" x1="0" x2="1">
            <stop offset="0" stopColor="#0b4f7c" />
            <stop offset="1" stopColor="#14a3a3" />
          </linearGradient>
        </defs>
        <rect x="8" y="6" width="304" height="208" rx="10" fill="#fff" stroke="#dbe4ee" strokeWidth="1.5" />
        <rect x="8" y="6" width="304" height="36" rx="10" fill="url(#ov-invoice-head)" />
        <rect x="8" y="30" width="304" height="12" fill="url(#ov-invoice-head)" />
        <path d="M26 16c4 6 6 9 6 12a6 6 0 0 1-12 0c0-3 2-6 6-12z" fill="#fff" />
        <text x="40" y="29" fill="#fff" fontSize="12" fontWeight="600">
          Aguas de La Habana
        </text>
        <text x="300" y="29" fill="#e3f6f5" fontSize="9" textAnchor="end">
          {t('billing.drawing.title')}
        </text>

        {/* client code, highlighted */}
        <rect x="18" y="50" width="150" height="34" rx="6" fill="#fff4d6" stroke="#f5a623" strokeWidth="2" />
        <text x="26" y="63" fontSize="8" fill="#7a5b12">
          {t('billing.drawing.cc')}
        </text>
        <text x="26" y="77" fontSize="12" fontWeight="700" fill="#17263a" letterSpacing="0.5">
          {SAMPLE_INVOICE.cc}
        </text>

        {/* invoice number */}
        <rect
          x="184"
          y="50"
          width="118"
          height="34"
          rx="6"
          fill={proofs ? '#e3f6f5' : '#f3f7fb'}
          stroke={proofs ? '#14a3a3' : 'none'}
          strokeWidth="2"
          strokeDasharray={proofs ? '4 3' : undefined}
        />
        <text x="192" y="63" fontSize="8" fill="#4a5b70">
          {t('billing.drawing.invoice')}
        </text>
        <text x="192" y="77" fontSize="10" fontWeight="600" fill="#17263a">
          {SAMPLE_INVOICE.invoice}
        </text>

        {/* contract number */}
        <rect
          x="18"
          y="90"
          width="150"
          height="22"
          rx="5"
          fill={proofs ? '#e3f6f5' : '#f3f7fb'}
          stroke={proofs ? '#14a3a3' : 'none'}
          strokeWidth="2"
          strokeDasharray={proofs ? '4 3' : undefined}
        />
        <text x="26" y="104" fontSize="8" fill="#4a5b70">
          {t('billing.drawing.contract')}:{' '}
          <tspan fontWeight="600" fill="#17263a">
            {SAMPLE_INVOICE.contract}
          </tspan>
        </text>

        <text x="26" y="128" fontSize="8" fill="#4a5b70">
          {t('billing.drawing.holder')}: <tspan fill="#17263a">{t('billing.drawing.holderName')}</tspan>
        </text>
        <text x="26" y="142" fontSize="8" fill="#4a5b70">
          {t('billing.drawing.period')}:{' '}
          <tspan fill="#17263a" data-testid="drawing-period">
            {period}
          </tspan>
        </text>
        <rect x="18" y="152" width="284" height="1" fill="#dbe4ee" />
        <rect x="26" y="162" width="150" height="6" rx="3" fill="#e6f1fa" />
        <rect x="26" y="174" width="120" height="6" rx="3" fill="#e6f1fa" />
        <rect x="26" y="186" width="136" height="6" rx="3" fill="#e6f1fa" />
        <rect x="196" y="164" width="106" height="34" rx="6" fill="#0b4f7c" />
        <text x="204" y="177" fontSize="8" fill="#cfe3f3">
          {t('billing.drawing.total')}
        </text>
        <text x="204" y="192" fontSize="12" fontWeight="700" fill="#fff">
          {formatMoney(SAMPLE_INVOICE.totalCents)}
        </text>
      </svg>
      <figcaption>{t('billing.drawing.caption')}</figcaption>
    </figure>
  );
}
