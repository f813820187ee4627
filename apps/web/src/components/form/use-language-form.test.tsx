import { requiredString } from '@ov/domain/validation/rules';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { afterAll, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { useLanguageForm } from './use-language-form';
import { zodRule } from './zod-rule';

function NameForm() {
  const { i18n } = useTranslation();
  const [form] = useLanguageForm<{ name: string }>();
  return (
    <Form form={form} onFinish={() => undefined}>
      <Form.Item name="name" label="Name" rules={[zodRule(requiredString(), i18n.language)]}>
        <Input />
      </Form.Item>
      <Button htmlType="submit">Send</Button>
    </Form>
  );
}

/** The errors on show (one leaving in its animation is on its way out). */
const shownErrors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')]
    .filter((e) => !e.className.includes('-leave'))
    .map((e) => e.textContent);

describe('form errors follow the interface language', () => {
  afterAll(() => i18next.changeLanguage('es'));

  it('a shown "Requerido" becomes "Required" when the language changes, and back', async () => {
    await act(() => i18next.changeLanguage('es'));
    render(<NameForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Requerido')).toBeTruthy();
    await act(() => i18next.changeLanguage('en'));
    expect(await screen.findByText('Required')).toBeTruthy();
    await waitFor(() => expect(shownErrors()).toEqual(['Required']));
    await act(() => i18next.changeLanguage('es'));
    await waitFor(() => expect(shownErrors()).toEqual(['Requerido']));
  }, 30_000);
});
