import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterPaint } from './use-after-paint';

function Probe({ name }: { name: string }) {
  return <p data-testid={name}>{useAfterPaint() ? 'después' : 'antes'}</p>;
}

describe('useAfterPaint', () => {
  it('is false in the first render, true once the screen is drawn, and at once for later screens', async () => {
    render(<Probe name="first" />);
    expect(screen.getByTestId('first').textContent).toBe('antes');
    await screen.findByText('después');

    render(<Probe name="later" />);
    expect(screen.getByTestId('later').textContent).toBe('después');
  });
});
