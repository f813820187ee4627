import { UserOutlined } from '@ant-design/icons';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';
import { Divider } from './divider';
import { Space } from './space';
import { Statistic } from './statistic';
import { Tag } from './tag';

describe('Tag', () => {
  it('shows its text in a preset or status colour, passing data attributes on', () => {
    const { rerender } = render(
      <Tag color="orange" data-status="Pendiente" className="ov-billing__tag">
        Pendiente
      </Tag>,
    );
    const tag = screen.getByText('Pendiente');
    expect([...tag.classList]).toEqual(['ov-tag', 'ov-tag--orange', 'ov-billing__tag']);
    expect(tag.dataset.status).toBe('Pendiente');
    rerender(<Tag color="success">Pagada</Tag>);
    expect(screen.getByText('Pagada').className).toBe('ov-tag ov-tag--success');
    rerender(<Tag>Inactivo</Tag>);
    expect(screen.getByText('Inactivo').className).toBe('ov-tag');
  });

  it('takes any CSS colour as a solid background', () => {
    render(<Tag color="#123456">Propio</Tag>);
    const tag = screen.getByText('Propio');
    expect(tag.classList.contains('ov-tag--custom')).toBe(true);
    expect(tag.style.backgroundColor).toBe('rgb(18, 52, 86)');
  });
});

describe('Space', () => {
  it('is a flex row with the gap of its size, wrapping when asked', () => {
    render(
      <Space wrap size="middle" className="ov-detail__footer" data-testid="s">
        <button type="button">A</button>
        <button type="button">B</button>
      </Space>,
    );
    const space = screen.getByTestId('s');
    expect([...space.classList]).toEqual(['ov-space', 'ov-space--wrap', 'ov-detail__footer']);
    expect(space.style.columnGap).toBe('16px');
    // No wrapper around each child.
    expect(screen.getByRole('button', { name: 'A' }).parentElement).toBe(space);
  });

  it('stacks with direction or orientation vertical', () => {
    render(<Space direction="vertical" data-testid="v" />);
    expect(screen.getByTestId('v').classList.contains('ov-space--vertical')).toBe(true);
  });
});

describe('Divider', () => {
  it('is a separator without a title', () => {
    render(<Divider />);
    expect(screen.getByRole('separator')).toBeTruthy();
  });

  it('is readable text between two lines with a title, placed at the start', () => {
    const { container } = render(<Divider titlePlacement="start">Cambiar contraseña</Divider>);
    expect(screen.queryByRole('separator')).toBeNull();
    expect(screen.getByText('Cambiar contraseña').className).toBe('ov-divider__title');
    expect(container.firstElementChild?.classList.contains('ov-divider--start')).toBe(true);
  });
});

describe('Avatar', () => {
  it('shows the picture with its text alternative, and the icon when it fails to load', () => {
    render(<Avatar size={112} src="/me.png" icon={<UserOutlined />} alt="María Pérez" />);
    const img = screen.getByRole('img', { name: 'María Pérez' });
    expect(img.tagName).toBe('IMG');
    expect((img.parentElement as HTMLElement).style.width).toBe('112px');
    fireEvent.error(img);
    const icon = screen.getByRole('img', { name: 'María Pérez' });
    expect(icon.tagName).toBe('SPAN');
    expect(icon.querySelector('.anticon-user')).not.toBeNull();
  });

  it('shows initials as text', () => {
    render(<Avatar>MP</Avatar>);
    expect(screen.getByText('MP').closest('.ov-avatar')).not.toBeNull();
  });
});

describe('Statistic', () => {
  it('shows the title over the value, grouping thousands of numbers', () => {
    const { rerender } = render(<Statistic title="Saldo" value="$ 1 640,00" data-testid="st" />);
    expect(screen.getByTestId('st').textContent).toBe('Saldo$ 1 640,00');
    expect(screen.getByText('Saldo').className).toBe('ov-statistic__title');
    rerender(<Statistic title="Total" value={1234567.891} precision={2} suffix="CUP" />);
    expect(screen.getByText('1,234,567.89')).toBeTruthy();
    expect(screen.getByText('CUP')).toBeTruthy();
  });
});
