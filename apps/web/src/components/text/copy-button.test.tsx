import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

describe('CopyButton', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('copies the text, says so, and goes back to its first state after 3 seconds', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.useFakeTimers();
    render(<CopyButton text="TM-123" label="Copiar" doneLabel="Copiado" />);
    const button = screen.getByRole('button', { name: 'Copiar' });
    expect(button.className).toBe('ov-copy');
    expect(screen.getByRole('status').textContent).toBe('');

    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('TM-123');
    expect(screen.getByRole('status').textContent).toBe('Copiado');
    expect(button.className).toBe('ov-copy ov-copy--done');

    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByRole('status').textContent).toBe('');
    expect(button.className).toBe('ov-copy');
  });

  it('says nothing when the copy is refused', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('no')) },
    });
    render(<CopyButton text="TM-123" label="Copiar" doneLabel="Copiado" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copiar' }));
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
