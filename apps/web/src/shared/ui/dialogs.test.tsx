import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Icon } from './icon';
import { Modal, ModalForm } from './modal';
import { Panel } from './panel';

function WithOpener({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      {open ? children(() => setOpen(false)) : null}
    </>
  );
}

describe('modal', () => {
  it('is a dialog named by its title that closes on Escape and gives the focus back', async () => {
    const user = userEvent.setup();
    render(
      <WithOpener>
        {(close) => (
          <Modal open onClose={close} title="Заголовок" footer={<button type="button">Ок</button>}>
            <input aria-label="Поле" />
          </Modal>
        )}
      </WithOpener>,
    );
    const opener = screen.getByRole('button', { name: 'Открыть' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Заголовок' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('submits its form with Ctrl+Enter when asked to', async () => {
    const user = userEvent.setup();
    const submit = vi.fn((event: FormEvent) => event.preventDefault());
    render(
      <Modal open onClose={() => undefined} title="Форма">
        <ModalForm onSubmit={submit} submitOnModEnter>
          <textarea aria-label="Текст" />
        </ModalForm>
      </Modal>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Текст' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(submit).toHaveBeenCalledTimes(1);
  });
});

describe('confirm dialog', () => {
  it('asks, confirms, and cannot be dismissed while the action runs', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const { rerender } = render(
      <ConfirmDialog
        open
        title="Удалить?"
        confirmLabel="Удалить"
        cancelLabel="Отмена"
        onConfirm={onConfirm}
        onClose={onClose}
      >
        Это нельзя отменить.
      </ConfirmDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Удалить?' })).toHaveTextContent('Это нельзя отменить.');
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(
      <ConfirmDialog
        open
        loading
        title="Удалить?"
        confirmLabel="Удалить"
        cancelLabel="Отмена"
        onConfirm={onConfirm}
        onClose={onClose}
      >
        Это нельзя отменить.
      </ConfirmDialog>,
    );
    expect(screen.getByRole('button', { name: 'Отмена' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('panel', () => {
  it('is a modal dialog with its own name, a titled header and a named close button', async () => {
    const user = userEvent.setup();
    render(
      <WithOpener>
        {(close) => (
          <Panel
            open
            onClose={close}
            placement="sheet"
            title="Предпросмотр"
            label="Предпросмотр виджета"
            closeLabel="Скрыть"
          >
            <p>Содержимое</p>
          </Panel>
        )}
      </WithOpener>,
    );
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    const panel = screen.getByRole('dialog', { name: 'Предпросмотр виджета' });
    expect(panel).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { name: 'Предпросмотр' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Скрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Открыть' })).toHaveFocus();
  });
});

describe('icon', () => {
  it('is hidden from assistive technology unless it has a title, then it is a named image', () => {
    render(
      <>
        <Icon data-testid="plain">
          <path d="M0 0h1" />
        </Icon>
        <Icon title="Готово">
          <path d="M0 0h1" />
        </Icon>
      </>,
    );
    expect(screen.getByTestId('plain')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('img', { name: 'Готово' })).toHaveAttribute('width', '20');
  });
});
