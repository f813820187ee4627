import '../../lib/i18n';
import { act, render, screen } from '@testing-library/react';
import { InputNumber, Select } from 'antd';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { AntdConfig } from '../antd/antd-config';

function Fields() {
  return (
    <AntdConfig>
      <InputNumber aria-label="Días" defaultValue={3} />
      <Select
        aria-label="Consejo popular"
        allowClear
        defaultValue="a"
        options={[
          { value: 'a', label: 'Vedado' },
          { value: 'b', label: 'Carmelo' },
        ]}
      />
    </AntdConfig>
  );
}

afterEach(() => {
  act(() => setLanguage('es'));
});

describe("Ant Design's own names", () => {
  it('speak Spanish on a Spanish page (they said "Increase Value", "Decrease Value", "Clear")', async () => {
    render(<Fields />);
    expect(await screen.findByRole('button', { name: 'Aumentar valor', hidden: true })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Disminuir valor', hidden: true })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Borrar', hidden: true })).toBeTruthy();
    expect(document.querySelector('[aria-label="Increase Value"], [aria-label="Clear"]')).toBeNull();
  });

  it('follow the portal language when it changes', async () => {
    render(<Fields />);
    await screen.findByRole('button', { name: 'Aumentar valor', hidden: true });
    act(() => setLanguage('en'));
    expect(i18next.language).toBe('en');
    expect(await screen.findByRole('button', { name: 'Increase value', hidden: true })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Clear', hidden: true })).toBeTruthy();
  });
});
