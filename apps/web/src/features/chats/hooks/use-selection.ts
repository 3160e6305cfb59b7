import type { ChatVisitor } from '@otklik/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { selectedChatStore } from '@/shared/lib/storage';

/**
 * Spec §4 "Chat monitoring": the last selected visitor (local storage 'selectedChat') is reopened
 * if still in the list, otherwise the first one; every selection is stored. An owner coming from
 * an alert (its link carries `?visitor=`) gets that conversation instead.
 */
export function useSelection(visitors: ChatVisitor[] | undefined) {
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(() => params.get('visitor') ?? selectedChatStore.get());
  const selected = visitors?.find((v) => v.id === chosen) ?? visitors?.[0] ?? null;
  const selectedId = selected?.id ?? null;

  // Pin the fallback choice, so a live re-sort of the list does not move the selection.
  useEffect(() => {
    if (!selectedId) return;
    setChosen(selectedId);
    selectedChatStore.set(selectedId);
  }, [selectedId]);

  return { selected, select: setChosen };
}
