import { useQuery } from '@tanstack/react-query';
import { Button, Form, type FormInstance, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { myCodesQuery } from '../api/contract-requests';

/** The contract's client code typed, with its proof (anonymous, or a code not on the account). */
export function CodeFields({ onChange, children }: { onChange: () => void; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`contractRequests.form.${key}`);
  return (
    <div className="ov-cr__grid">
      <Form.Item name="clientCode" label={f('clientCode')} extra={f('clientCodeHelp')} required>
        <Input inputMode="numeric" autoComplete="off" onChange={onChange} />
      </Form.Item>
      <Form.Item name="proof" label={f('proof')} extra={f('proofHelp')}>
        <Input autoComplete="off" onChange={onChange} />
      </Form.Item>
      {children}
    </div>
  );
}

/**
 * A signed-in customer chooses the contract among her own client codes (no proof needed); "it is
 * another code" turns to typing it with its proof. Without associated codes she types it.
 */
export function CustomerCodeFields({ form, onChange }: { form: FormInstance; onChange: () => void }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`contractRequests.form.${key}`);
  const codes = useQuery(myCodesQuery(true)).data ?? [];
  const [typing, setTyping] = useState(false);
  if (typing || codes.length === 0)
    return (
      <CodeFields onChange={onChange}>
        {codes.length > 0 ? (
          <div className="ov-cr__switch">
            <Button
              type="link"
              onClick={() => {
                form.setFieldsValue({ clientCode: undefined, proof: undefined });
                onChange();
                setTyping(false);
              }}
            >
              {f('chooseMyCode')}
            </Button>
          </div>
        ) : null}
      </CodeFields>
    );
  return (
    <div className="ov-cr__grid">
      <Form.Item name="clientCode" label={f('myCode')} extra={f('myCodeHelp')} required>
        <Select
          placeholder={f('myCodeChoose')}
          options={codes.map((c) => ({ value: c.cc, label: `${c.cc} · ${c.address}` }))}
          onChange={() => {
            form.setFieldValue('proof', undefined);
            onChange();
          }}
          data-testid="cr-my-code"
        />
      </Form.Item>
      <div className="ov-cr__switch">
        <Button
          type="link"
          onClick={() => {
            form.setFieldValue('clientCode', undefined);
            onChange();
            setTyping(true);
          }}
          data-testid="cr-type-code"
        >
          {f('otherCode')}
        </Button>
      </div>
    </div>
  );
}
