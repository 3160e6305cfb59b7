import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PromptHelperPage from './prompt-helper-page';

let bodies: { url: string; body: { role: string; content: string } }[];
let reply: () => Promise<Response>;
const REPLY =
  'Ваш промт:\nТы — Ольга, администратор пекарни.\n\nAI-инсайты:\n1. Добавьте цены.\n\n2. В личном кабинете загрузите прайс.\n';

beforeEach(() => {
  bodies = [];
  reply = async () => new Response(JSON.stringify({ content: REPLY }), { status: 200 });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    bodies.push({ url, body: JSON.parse(String(init.body)) });
    return reply();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const setup = () => {
  const user = userEvent.setup();
  render(<PromptHelperPage />);
  const answer = () => screen.getByRole('textbox') as HTMLTextAreaElement;
  const goToLast = async () => {
    await user.click(screen.getByRole('button', { name: /^Вопрос 12/ }));
  };
  return { user, answer, goToLast };
};

describe('prompt helper', () => {
  it('walks twelve questions with next and back, and shows where the visitor is on the dots', async () => {
    const { user } = setup();
    expect(screen.getAllByRole('button', { name: /^Вопрос \d+/ })).toHaveLength(12);
    expect(screen.getByText('Вопрос 1 из 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Назад' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    expect(screen.getByText('Вопрос 2 из 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Вопрос 2' })).toHaveAttribute('aria-current', 'step');
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByText('Вопрос 1 из 12')).toBeInTheDocument();
  });

  it('jumps by dot, and offers "Получить промт!" only on the last step', async () => {
    const { user, goToLast } = setup();
    expect(screen.queryByRole('button', { name: 'Получить промт!' })).not.toBeInTheDocument();
    await goToLast();
    expect(screen.getByText('Вопрос 12 из 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Получить промт!' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Далее' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Вопрос 5/ }));
    expect(screen.getByText('Вопрос 5 из 12')).toBeInTheDocument();
  });

  it('advances on Enter but not on Shift+Enter, which makes a new line', async () => {
    const { user, answer } = setup();
    await user.type(answer(), 'Пекарня{Shift>}{Enter}{/Shift}в Самаре');
    expect(answer().value).toBe('Пекарня\nв Самаре');
    expect(screen.getByText('Вопрос 1 из 12')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Вопрос 2 из 12')).toBeInTheDocument();
    expect(answer().value).toBe('');
    expect(screen.getByRole('button', { name: 'Вопрос 1, есть ответ' })).toBeInTheDocument();
  });

  it('shows "Нет заполненных данных" with a sad image and "Закрыть" when every answer is blank, and calls nothing', async () => {
    const { user, answer, goToLast } = setup();
    await user.type(answer(), '   ');
    await goToLast();
    await user.click(screen.getByRole('button', { name: 'Получить промт!' }));
    const dialog = screen.getByRole('dialog', { name: 'Нет заполненных данных' });
    expect(dialog.querySelector('img[src="/site/sad-robot.svg"]')).not.toBeNull();
    await user.click(within(dialog).getByText('Закрыть', { selector: 'button' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('sends the twelve labelled answers and shows the prompt with numbered insight tabs', async () => {
    const { user, answer, goToLast } = setup();
    await user.type(answer(), 'Пекарня у дома{Enter}');
    await user.type(answer(), 'Пекарня в Самаре');
    await goToLast();
    await user.type(answer(), 'Хлеб от 90 ₽{Enter}');

    expect(await screen.findByText('Ты — Ольга, администратор пекарни.')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.url).toMatch(/^\/api\/assistant\/create-helper\?visitorId=[0-9a-f-]{36}$/);
    expect(bodies[0]?.body.role).toBe('user');
    const content = bodies[0]?.body.content ?? '';
    expect(content).toContain('1. Как называется ваша компания?\nПекарня у дома');
    expect(content).toContain('2. Чем занимается компания?\nПекарня в Самаре');
    expect(content).toContain('11. К чему ассистент должен привести клиента?\n—');
    expect(content).toContain('12. Сколько стоят ваши товары или услуги?\nХлеб от 90 ₽');
    expect(content).toContain('Ваш промт:');
    expect(content).toContain('AI-инсайты:');

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['1', '2']);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Добавьте цены.');
    await user.click(tabs[1] as HTMLElement);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('В личном кабинете загрузите прайс.');
  });

  it('copies the prompt: "Скопировано!" for 2 seconds, then "Копировать" again', async () => {
    const { user, answer } = setup();
    // After userEvent.setup(), which puts its own clipboard stub in place.
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.type(answer(), 'Пекарня');
    await user.click(screen.getByRole('button', { name: /^Вопрос 12/ }));
    await user.click(screen.getByRole('button', { name: 'Получить промт!' }));
    await screen.findByText('Ты — Ольга, администратор пекарни.');
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: 'Копировать' }));
    expect(writeText).toHaveBeenCalledWith('Ты — Ольга, администратор пекарни.');
    expect(screen.getByRole('button', { name: 'Скопировано!' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1900);
    expect(screen.getByRole('button', { name: 'Скопировано!' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(200);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Копировать' })).toBeInTheDocument());
  });

  it('clears the previous result before generating again, and on failure only logs', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, answer, goToLast } = setup();
    await user.type(answer(), 'Пекарня');
    await goToLast();
    await user.click(screen.getByRole('button', { name: 'Получить промт!' }));
    await screen.findByText('Ты — Ольга, администратор пекарни.');
    reply = async () => new Response('{"message":"Слишком много запросов"}', { status: 429 });
    await user.click(screen.getByRole('button', { name: 'Получить промт!' }));
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(screen.queryByText('Ты — Ольга, администратор пекарни.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Получить промт!' })).toBeEnabled();
  });
});
