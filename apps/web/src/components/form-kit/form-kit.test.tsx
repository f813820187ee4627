import { validationMessage } from '@ov/domain/validation/messages';
import { requiredString } from '@ov/domain/validation/rules';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { afterAll, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { zodMessage } from '../form/zod-rule';
import { Field } from './field';
import { PasswordInput, TextInput } from './inputs';
import { type FieldChecks, useForm } from './use-form';

interface Values extends Record<string, unknown> {
  name: string;
  password: string;
  confirm: string;
}

function SignUp({ onValid }: { onValid: (values: Values) => void }) {
  const { i18n } = useTranslation();
  const checks: FieldChecks<Values> = {
    name: (value) => zodMessage(requiredString(), value, i18n.language),
    confirm: (value, values) =>
      value === values.password ? undefined : validationMessage('passwordsMismatch', undefined, 'es'),
  };
  const form = useForm<Values>({
    initialValues: { name: '', password: '', confirm: '' },
    checks,
    idPrefix: 't',
  });
  const field = (name: keyof Values, label: string, control: React.ReactNode, help?: string) => {
    return (
      <Field {...form.fieldOf(name)} label={label} help={help}>
        {control}
      </Field>
    );
  };
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      {field('name', 'Nombre', <TextInput {...form.bind('name', { help: true })} />, 'Como en su carné')}
      {field('password', 'Contraseña', <PasswordInput {...form.bind('password')} />)}
      {field('confirm', 'Confirmar', <PasswordInput {...form.bind('confirm')} />)}
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('plain form (form-kit)', () => {
  afterAll(() => i18next.changeLanguage('es'));

  it('checks every field on submit, focuses the first that fails and sends nothing', () => {
    const onValid = vi.fn();
    render(<SignUp onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const name = screen.getByLabelText('Nombre');
    expect(onValid).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const message = zodMessage(requiredString(), '', 'es') as string;
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      message,
      'Como en su carné',
    ]);
  });

  it('shows an error only once a field is left with something in it, and clears it as it is mended', () => {
    render(<SignUp onValid={() => undefined} />);
    const password = screen.getByLabelText('Contraseña');
    const confirm = screen.getByLabelText('Confirmar');
    fireEvent.change(password, { target: { value: 'Abc.12345' } });
    fireEvent.blur(confirm);
    expect(confirm.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.change(confirm, { target: { value: 'Abc' } });
    fireEvent.blur(confirm);
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(validationMessage('passwordsMismatch', undefined, 'es'))).toBeTruthy();
    fireEvent.change(confirm, { target: { value: 'Abc.12345' } });
    expect(confirm.hasAttribute('aria-invalid')).toBe(false);
  });

  it('hands the values over when every check passes', () => {
    const onValid = vi.fn();
    render(<SignUp onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'María' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'María', password: '', confirm: '' });
  });

  it('a shown error follows the interface language', async () => {
    render(<SignUp onValid={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const es = zodMessage(requiredString(), '', 'es') as string;
    const en = zodMessage(requiredString(), '', 'en') as string;
    expect(es).not.toBe(en);
    expect(screen.getByText(es)).toBeTruthy();
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByText(en)).toBeTruthy();
  });

  it('the password field shows and hides what was typed', async () => {
    await act(() => i18next.changeLanguage('es'));
    render(<SignUp onValid={() => undefined} />);
    const password = screen.getByLabelText('Contraseña');
    expect(password.getAttribute('type')).toBe('password');
    const [toggle] = screen.getAllByRole('button', { name: 'Mostrar contraseña' });
    fireEvent.click(toggle);
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña', pressed: true })).toBeTruthy();
  });
});
