import type { ChatMessage, Conversation } from '@encanto/core/meetings';
import { api } from '../../../lib/api-client.ts';
import { conversationPath } from '../../../lib/api/meetings.ts';
import { useFallbackPoll } from '../../../lib/live-status.ts';
import { useApiQuery } from '../../../lib/query.ts';

/**
 * A new message arrives through the tab's event stream within a second (lib/live.ts, decision 0162);
 * while the stream is not open the page asks every 4 s instead, well within the 15 s the feature
 * asks for (decision 0066).
 */
export const CHAT_POLL_MS = 4000;

export function useConversation(id: string, enabled: boolean) {
  return useApiQuery<Conversation>(enabled ? conversationPath(id) : null, {
    refetchInterval: useFallbackPoll(CHAT_POLL_MS),
    refetchOnWindowFocus: true,
    staleTime: 0,
    retry: false,
  });
}

export const postMessage = (id: string, texto: string) =>
  api<ChatMessage>(conversationPath(id), { method: 'POST', body: { texto } });
