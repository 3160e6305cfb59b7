import { Assistant, TelegramBotReply, type TelegramIntegration } from '@otklik/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** Spec §4: while the trainer bot waits for its chat, the tab looks again this often. */
export const TELEGRAM_BIND_POLL_MS = 5000;

/** The assistant's bots (spec §3 integrationTg) as GET /api/assistant/{id} gives them. */
export const telegramQuery = (assistantId: string) =>
  queryOptions({
    queryKey: ['assistants', assistantId, 'telegram'],
    queryFn: async ({ signal }) =>
      (await api.get(`/api/assistant/${encodeURIComponent(assistantId)}`, { schema: Assistant, signal })).integrationTg,
    // The bound chat shows by itself once the owner pressed Start in Telegram.
    refetchInterval: (query) => (query.state.data?.some(awaitsChat) ? TELEGRAM_BIND_POLL_MS : false),
  });

const awaitsChat = (bot: TelegramIntegration) => bot.isTgTrainer && bot.enableTelegram && bot.state === 'awaiting_chat';

export const useTelegramBots = (assistantId: string) => useQuery(telegramQuery(assistantId));

/** The bot of one role, or undefined when nothing is set up for it yet. */
export const botOf = (bots: readonly TelegramIntegration[], trainer: boolean) =>
  bots.find((bot) => bot.isTgTrainer === trainer);

/** Puts the bot a reply carries into the cached list, in place of the one of its role. */
function storeBot(client: QueryClient, assistantId: string, bot: TelegramIntegration) {
  client.setQueryData(telegramQuery(assistantId).queryKey, (bots) => [
    ...(bots ?? []).filter((b) => b.isTgTrainer !== bot.isTgTrainer),
    bot,
  ]);
}

/** POST /telegram/toggle-telegram/{id}?enable=&trainer= (spec §7): no body. */
export const toggleTelegram = (assistantId: string, enable: boolean, trainer: boolean) =>
  api.post(`/telegram/toggle-telegram/${encodeURIComponent(assistantId)}`, undefined, {
    query: { enable, trainer },
    schema: TelegramBotReply,
  });

/** POST /telegram/registerBot with {telegramToken, assistantId, isTgTrainer} (spec §7). */
export const registerBot = (assistantId: string, telegramToken: string, isTgTrainer: boolean) =>
  api.post('/telegram/registerBot', { telegramToken, assistantId, isTgTrainer }, { schema: TelegramBotReply });

export function useToggleTelegram(assistantId: string, trainer: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enable: boolean) => toggleTelegram(assistantId, enable, trainer),
    onSuccess: (reply) => storeBot(client, assistantId, reply.integration),
  });
}

export function useRegisterBot(assistantId: string, trainer: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (telegramToken: string) => registerBot(assistantId, telegramToken, trainer),
    onSuccess: (reply) => storeBot(client, assistantId, reply.integration),
    // A trainer bot is stored even when no chat was found (it then carries a bind link): read again either way.
    onSettled: () => client.invalidateQueries({ queryKey: telegramQuery(assistantId).queryKey }),
  });
}
