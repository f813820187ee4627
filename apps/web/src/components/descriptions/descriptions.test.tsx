import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Descriptions } from './descriptions';

describe('Descriptions', () => {
  it('is a list of terms and their values, from items or from children', () => {
    const { container } = render(
      <Descriptions
        data-testid="facts"
        className="mine"
        items={[
          { key: 'holder', label: 'Titular', children: <strong>María Pérez</strong> },
          { key: 'policy', label: 'Póliza', children: 'POL-1' },
        ]}
      >
        <Descriptions.Item label="Contrato">CT-2019</Descriptions.Item>
        {false}
      </Descriptions>,
    );
    const list = screen.getByTestId('facts');
    expect(list.tagName).toBe('DL');
    expect([...list.classList]).toEqual(['ov-desc', 'ov-desc--default', 'mine']);
    const terms = [...container.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['Titular', 'Póliza', 'Contrato']);
    // Each value follows its term in the same group (a <div> inside the <dl>, as HTML allows).
    for (const dt of container.querySelectorAll('dt')) {
      expect(dt.parentElement?.tagName).toBe('DIV');
      expect(dt.parentElement?.parentElement).toBe(list);
      expect(dt.nextElementSibling?.tagName).toBe('DD');
    }
    // Exposed as terms and definitions.
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(terms);
    expect(within(list).getAllByRole('definition')[0]?.textContent).toBe('María Pérez');
  });

  it('sets the columns per breakpoint, a missing one taking the next smaller one', () => {
    render(<Descriptions data-testid="facts" column={{ xs: 1, md: 2, xxl: 3 }} />);
    const style = screen.getByTestId('facts').style;
    expect(
      ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'].map((b) => style.getPropertyValue(`--ov-desc-${b}`)),
    ).toEqual(['1', '1', '2', '2', '2', '3']);
  });

  it('has a bordered look in three sizes', () => {
    render(<Descriptions data-testid="facts" bordered size="small" column={1} />);
    const list = screen.getByTestId('facts');
    expect([...list.classList]).toEqual(['ov-desc', 'ov-desc--small', 'ov-desc--bordered']);
    expect(list.style.getPropertyValue('--ov-desc-xxl')).toBe('1');
  });
});
