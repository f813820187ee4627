import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const ITEMS = [
  { key: 'general', label: 'General', children: <p>Datos generales</p> },
  { key: 'personal', label: 'Datos personales', children: <p>Carné</p> },
  { key: 'extra', label: 'Otros', children: <input aria-label="Nota" />, forceRender: true },
];

describe('Tabs', () => {
  it('is a tab list whose chosen tab controls the one panel shown', () => {
    render(<Tabs items={ITEMS} listLabel="Usuario" />);
    expect(screen.getByRole('tablist', { name: 'Usuario' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    // Roving tab index: only the chosen tab is in the tab order.
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'General' });
    expect(tabs[0]?.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toBe('Datos generales');
    // Every tab's panel exists (hidden), so aria-controls always points somewhere.
    for (const tab of tabs)
      expect(document.getElementById(tab.getAttribute('aria-controls') ?? '')).not.toBeNull();
    // Not yet shown: drawn only when asked to (forceRender).
    expect(screen.queryByText('Carné')).toBeNull();
    expect(screen.getByLabelText('Nota')).toBeTruthy();
  });

  it('moves with the arrow keys, Home and End, showing the tab reached, and keeps a visited panel', () => {
    const onChange = vi.fn();
    render(<Tabs items={ITEMS} onChange={onChange} />);
    const [general, personal, extra] = screen.getAllByRole('tab');
    general?.focus();
    fireEvent.keyDown(general as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(personal);
    expect(personal?.getAttribute('aria-selected')).toBe('true');
    expect(onChange).toHaveBeenLastCalledWith('personal');
    expect(screen.getByRole('tabpanel', { name: 'Datos personales' }).textContent).toBe('Carné');
    fireEvent.keyDown(personal as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(extra);
    fireEvent.keyDown(extra as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(general);
    fireEvent.keyDown(general as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(extra);
    fireEvent.keyDown(extra as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(general);
    // The personal panel stays drawn, hidden.
    expect(screen.getByText('Carné').closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(true);
  });

  it('follows the parent with activeKey and onChange', () => {
    function Routed() {
      const [tab, setTab] = useState('personal');
      return (
        <>
          <Tabs items={ITEMS} activeKey={tab} onChange={setTab} />
          <output>{tab}</output>
        </>
      );
    }
    render(<Routed />);
    expect(screen.getByRole('tab', { name: 'Datos personales' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'General' }));
    expect(screen.getByRole('status').textContent).toBe('general');
    expect(screen.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe('true');
  });

  it('drops an inactive panel with destroyInactiveTabPane', () => {
    render(<Tabs items={ITEMS.slice(0, 2)} destroyInactiveTabPane />);
    fireEvent.click(screen.getByRole('tab', { name: 'Datos personales' }));
    expect(screen.queryByText('Datos generales')).toBeNull();
    expect(screen.getByText('Carné')).toBeTruthy();
  });
});
