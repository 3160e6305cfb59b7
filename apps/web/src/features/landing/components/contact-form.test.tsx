import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertHost } from '@/shared/ui/alert-host';
import { clearAlerts } from '@/shared/ui/alert-store';
import { ContactForm } from './contact-form';

type Call = { url: string; body: Record<string, string> };
let calls: Call[];
let reply: () => Promise<Response>;

beforeEach(() => {
  calls = [];
  reply = async () => new Response('{"ok":true}', { status: 200 });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    return reply();
  });
});
afterEach(() => {
  clearAlerts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const setup = (fakeTimers = false) => {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {});
  // The results show as the app's alerts (spec §8), so the page's alert host is there too.
  render(
    <>
      <ContactForm />
      <AlertHost />
    </>,
  );
  return {
    user,
    name: screen.getByLabelText('Имя'),
    phone: screen.getByLabelText('Телефон') as HTMLInputElement,
    email: screen.getByLabelText('E-mail') as HTMLInputElement,
    message: screen.getByLabelText('Сообщение') as HTMLTextAreaElement,
    submit: screen.getByRole('button', { name: 'Отправить заявку' }),
  };
};

describe('contact form', () => {
  it('asks for an e-mail or a phone, marks both fields and sends nothing', async () => {
    const { user, name, phone, email, submit } = setup();
    await user.type(name, 'Анна');
    await user.click(submit);
    expect(screen.getAllByText('Укажите хотя бы email или телефон')).toHaveLength(2);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('clears both markers of the "e-mail or phone" rule as soon as the user types', async () => {
    const { user, phone, email, submit } = setup();
    await user.click(submit);
    await user.type(email, 'a');
    expect(screen.queryByText('Укажите хотя бы email или телефон')).not.toBeInTheDocument();
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('rejects a malformed e-mail with the spec text', async () => {
    const { user, email, submit } = setup();
    await user.type(email, 'anna@mail');
    await user.click(submit);
    expect(screen.getByText('Некорректный e-mail')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('rejects an incomplete phone with the spec text, and counts a bare +7 as empty', async () => {
    const { user, phone, submit } = setup();
    await user.type(phone, '912345');
    expect(phone.value).toBe('+7(912)345');
    await user.click(submit);
    expect(screen.getByText('Некорректный телефон')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '9');
    await user.type(phone, '{Backspace}');
    await user.click(submit);
    expect(screen.getAllByText('Укажите хотя бы email или телефон')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('masks the phone as +7(000)000-00-00 and drops a leading 8 or + on an empty field', async () => {
    const { user, phone } = setup();
    await user.type(phone, '89123456789');
    expect(phone.value).toBe('+7(912)345-67-89');
    await user.clear(phone);
    await user.type(phone, '+79123456789');
    expect(phone.value).toBe('+7(912)345-67-89');
    await user.clear(phone);
    await user.click(phone);
    await user.paste('8 (912) 345-67-89');
    expect(phone.value).toBe('+7(912)345-67-89');
    await user.type(phone, '0');
    expect(phone.value).toBe('+7(912)345-67-89');
  });

  it('refuses a message over 500 characters and counts the characters', async () => {
    const { user, email, message, submit } = setup();
    await user.type(email, 'anna@mail.ru');
    await user.click(message);
    await user.paste('я'.repeat(501));
    expect(screen.getByText('501/500')).toBeInTheDocument();
    await user.click(submit);
    expect(screen.getByText('Сообщение должно содержать не более 500 символов')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends on Enter in the phone field, shows the success alert and clears the form and the mask', async () => {
    const { user, name, phone, email, message } = setup();
    await user.type(name, 'Анна');
    await user.type(email, 'anna@mail.ru');
    await user.type(message, 'Нужен бот');
    await user.type(phone, '9123456789{Enter}');
    expect(await screen.findByText('Заявка успешно отправлена!')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        url: '/api/notify/client-request',
        body: {
          name: 'Анна',
          phone: '+7(912)345-67-89',
          email: 'anna@mail.ru',
          message: 'Нужен бот',
          source: 'landing',
        },
      },
    ]);
    expect(phone.value).toBe('');
    expect(email.value).toBe('');
    expect(message.value).toBe('');
  });

  it('sends on Enter in the e-mail field', async () => {
    const { user, email } = setup();
    await user.type(email, 'anna@mail.ru{Enter}');
    await screen.findByText('Заявка успешно отправлена!');
    expect(calls).toHaveLength(1);
  });

  it('shows the error alert on a non-ok reply and keeps what was typed', async () => {
    reply = async () => new Response('{"message":"Слишком много запросов"}', { status: 429 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, email } = setup();
    await user.type(email, 'anna@mail.ru{Enter}');
    expect(await screen.findByText('Ошибка при отправке формы')).toBeInTheDocument();
    expect(email.value).toBe('anna@mail.ru');
    expect(errors).toHaveBeenCalled();
  });

  it('only logs a network failure, with no alert', async () => {
    reply = async () => {
      throw new TypeError('Failed to fetch');
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, email, submit } = setup();
    await user.type(email, 'anna@mail.ru{Enter}');
    await waitFor(() => expect(errors).toHaveBeenCalled());
    await waitFor(() => expect(submit).not.toBeDisabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('locks the form for 10 seconds after a submit: "Подождите {n} сек", then ready again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { user, email, submit } = setup(true);
    await user.type(email, 'anna@mail.ru{Enter}');
    await screen.findByText('Заявка успешно отправлена!');
    await user.type(email, 'ivan@mail.ru');
    await user.click(submit);
    expect(screen.getByText(/^Подождите (10|9) сек$/)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4000);
    await user.click(submit);
    expect(screen.getByText(/^Подождите [5-6] сек$/)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(7000);
    await user.click(submit);
    await waitFor(() => expect(calls).toHaveLength(2));
  });
});
