import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertHost } from './alert-host';
import { clearAlerts, showAlert } from './alert-store';
import { HelpTooltip } from './help-tooltip';
import { RangeSlider } from './range-slider';
import { Switch } from './switch';

function SwitchHost() {
  const [on, setOn] = useState(false);
  return <Switch label="Уведомления" checked={on} onChange={setOn} />;
}

afterEach(() => {
  clearAlerts();
  vi.useRealTimers();
});

describe('alert (spec §9)', () => {
  it('closes after 3000 ms by default', () => {
    vi.useFakeTimers();
    render(<AlertHost />);
    act(() => {
      showAlert('Сохранено', 'success');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Сохранено');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Сохранено')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Сохранено')).not.toBeInTheDocument();
  });

  it('stays with a duration of 0 or less until closed', async () => {
    vi.useFakeTimers();
    render(<AlertHost />);
    act(() => {
      showAlert('Остаётся', 'warning', 0);
      showAlert('Тоже остаётся', 'error', -1);
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    vi.useRealTimers();
    await userEvent.click(screen.getAllByRole('button', { name: 'Закрыть уведомление' })[0] as HTMLElement);
    expect(screen.queryByText('Остаётся')).not.toBeInTheDocument();
    expect(screen.getByText('Тоже остаётся')).toBeInTheDocument();
  });
});

describe('range slider (spec §2.16)', () => {
  it('defaults to 0.1 within 0.1..1 step 0.1 and keeps one decimal', () => {
    const onChange = vi.fn();
    render(<RangeSlider label="Температура" onChange={onChange} />);
    const slider = screen.getByRole('slider', { name: 'Температура' });
    expect(slider).toHaveAttribute('min', '0.1');
    expect(slider).toHaveAttribute('max', '1');
    expect(slider).toHaveAttribute('step', '0.1');
    expect(slider).toHaveValue('0.1');
    expect(screen.getByText('0.1')).toBeInTheDocument();
  });
});

describe('switch', () => {
  it('is a labelled switch that toggles with the keyboard', async () => {
    render(<SwitchHost />);
    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Уведомления' });
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});

describe('help tooltip', () => {
  it('describes its button and closes on Escape', async () => {
    render(<HelpTooltip>Чем выше, тем смелее ответы</HelpTooltip>);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Подсказка' });
    expect(button).toHaveAccessibleDescription('Чем выше, тем смелее ответы');
    await user.tab();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
