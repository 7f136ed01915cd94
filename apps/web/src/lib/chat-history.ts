import type { SupportMessage } from '@arcadia/contract';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

/** A message still on its way (or refused): shown at the end of the thread until the server has it. */
export interface PendingMessage {
  clientId: string;
  text: string | null;
  /** A local preview (object URL) of the image being sent. */
  imageUrl: string | null;
  failed: string | null;
}

/** What the composer hands over: text, an image, or both. */
export interface ChatDraft {
  text: string | undefined;
  file: File | null;
}

/** One page of a conversation's history, as both chat routes answer it (oldest first). */
export interface ChatPage {
  list: SupportMessage[];
  hasMore: boolean;
}

/** The pages of an infinite history query as one list, oldest first (page 0 is the newest). */
export function flattenHistory(data: InfiniteData<ChatPage> | undefined): SupportMessage[] {
  if (!data) return [];
  const out: SupportMessage[] = [];
  for (let i = data.pages.length - 1; i >= 0; i--) out.push(...data.pages[i]!.list);
  return out;
}

/**
 * Puts a message that arrived live (or as a send's answer) at the end of the cached history,
 * once: the socket event and the HTTP answer of the same message may come in either order.
 * Returns false when the history is not loaded (it will have the message when it loads).
 */
export function appendToHistory(client: QueryClient, key: QueryKey, message: SupportMessage): boolean {
  let added = false;
  client.setQueryData<InfiniteData<ChatPage>>(key, (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((p) => p.list.some((m) => m.id === message.id))) return data;
    added = true;
    const [newest, ...rest] = data.pages;
    return { ...data, pages: [{ ...newest!, list: [...newest!.list, message] }, ...rest] };
  });
  return added;
}

/** `data:` URL of a file the user picked (what the chat routes take as `attachment`). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** A sender key for a message (its retry key on the server). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
