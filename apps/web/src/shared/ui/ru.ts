/** Texts of the shared UI pieces. */
export const UI_TEXTS = {
  showPassword: 'Показать пароль',
  hidePassword: 'Скрыть пароль',
  close: 'Закрыть',
  closeAlert: 'Закрыть уведомление',
  back: 'Назад',
  help: 'Подсказка',
  chooseFile: 'Выбрать файл',
  noFile: 'Файл не выбран',
  dropHere: 'или перетащите его сюда',
  notifications: 'Уведомления',
} as const;
