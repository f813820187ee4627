import type { PaymentMethod } from '@ov/domain/enums';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui';
import { useCurrentUser } from '../../../lib/current-user';

const LOGO: Record<PaymentMethod, string> = { ENZONA: 'EZ', TRANSFERMOVIL: 'TM' };

/** The gateways switched on in /api/config, as selectable cards. */
export function useEnabledMethods(): PaymentMethod[] {
  const { access } = useCurrentUser();
  const methods: PaymentMethod[] = [];
  if (access.features.enzona) methods.push('ENZONA');
  if (access.features.transfermovil) methods.push('TRANSFERMOVIL');
  return methods;
}

export function GatewayChoice(props: { value?: PaymentMethod; onChange: (method: PaymentMethod) => void }) {
  return <GatewayCards {...props} methods={useEnabledMethods()} />;
}

/** The given gateways as selectable cards (a guest's page: the ones the API said are on). */
export function GatewayCards(props: {
  value?: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  methods: PaymentMethod[];
}) {
  const { t } = useTranslation();
  const { methods } = props;
  if (methods.length === 0) return <Alert type="warning" showIcon title={t('payments.pay.noMethods')} />;
  return (
    <fieldset className="ov-gateways">
      <legend className="ov-visually-hidden">{t('payments.pay.method')}</legend>
      {methods.map((method) => {
        const checked = props.value === method;
        return (
          <label
            key={method}
            className={`ov-gateway ov-gateway--${method.toLowerCase()}${checked ? ' ov-gateway--checked' : ''}`}
            data-testid={`gateway-${method}`}
          >
            <input
              type="radio"
              name="payment-gateway"
              value={method}
              checked={checked}
              onChange={() => props.onChange(method)}
              className="ov-gateway__input ov-visually-hidden"
            />
            <span className="ov-gateway__logo" aria-hidden>
              {LOGO[method]}
            </span>
            <span className="ov-gateway__text">
              <strong>{t(`payments.methods.${method}`)}</strong>
              <span>{t(`payments.methods.${method}_hint`)}</span>
            </span>
            <span className="ov-gateway__radio" aria-hidden />
          </label>
        );
      })}
    </fieldset>
  );
}
