import type { SocketAuth, SocketClientEvents, SocketEvents } from '@arcadia/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import type { z } from 'zod';
import { socketPath } from './wire-endpoints';

/**
 * The page's one connection to the real-time channel (docs/realtime.md). Socket.IO's client is
 * loaded on first connect (never with the home page's first JavaScript). Reconnects with jittered
 * back-off; after a reconnect the `onReconnect` listeners refetch what may have been missed.
 */
export type SocketEventName = keyof SocketEvents & string;
export type SocketEventPayload<N extends SocketEventName> = z.infer<SocketEvents[N]>;
export type SocketMessageName = keyof SocketClientEvents & string;
export type SocketMessagePayload<N extends SocketMessageName> = z.input<SocketClientEvents[N]>;
export type RealtimeStatus = 'off' | 'connecting' | 'online' | 'offline';

type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();
const reconnectListeners = new Set<() => void>();
const statusListeners = new Set<() => void>();

let socket: Socket | null = null;
let authKey: string | null = null;
let status: RealtimeStatus = 'off';
/** Bumped by every connect/disconnect call, so a slow import cannot revive an old connection. */
let generation = 0;

function setStatus(next: RealtimeStatus) {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

/**
 * Connects with the given credential (a member token, an operator token or a support visitor's
 * token); the same credential again keeps the current socket, another replaces it.
 */
export function connectRealtime(auth: SocketAuth) {
  const key = JSON.stringify(auth);
  if (key === authKey) return;
  disconnectRealtime();
  authKey = key;
  const mine = ++generation;
  setStatus('connecting');
  void import('socket.io-client').then(({ io }) => {
    if (mine !== generation) return;
    const s = io({
      path: socketPath,
      transports: ['websocket'],
      auth,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 30_000,
      randomizationFactor: 0.5,
    });
    socket = s;
    let wasOnline = false;
    s.on('connect', () => {
      setStatus('online');
      if (wasOnline) for (const l of reconnectListeners) l();
      wasOnline = true;
    });
    s.on('disconnect', () => setStatus('offline'));
    s.on('connect_error', (err: Error & { data?: { code?: string } }) => {
      // A refused credential will not get better by retrying.
      if (err.data?.code) {
        s.disconnect();
        setStatus('off');
      } else setStatus('offline');
    });
    s.onAny((event: string, payload: unknown) => {
      for (const l of listeners.get(event) ?? []) l(payload);
    });
  });
}

export function disconnectRealtime() {
  generation++;
  authKey = null;
  socket?.disconnect();
  socket = null;
  setStatus('off');
}

/** Sends a message named in the contract (dropped while offline: callers resync on reconnect). */
export function sendRealtime<N extends SocketMessageName>(event: N, payload: SocketMessagePayload<N>) {
  socket?.emit(event, payload);
}

/** Listens to one event until the returned function is called. */
export function onRealtime<N extends SocketEventName>(
  event: N,
  listener: (payload: SocketEventPayload<N>) => void,
): () => void {
  let set = listeners.get(event);
  if (!set) listeners.set(event, (set = new Set()));
  set.add(listener as Listener);
  return () => set.delete(listener as Listener);
}

/** Runs after every reconnection (not the first connection). */
export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** A component's listener for one event; the latest handler is always the one called. */
export function useSocketEvent<N extends SocketEventName>(
  event: N,
  handler: (payload: SocketEventPayload<N>) => void,
) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onRealtime(event, (p) => ref.current(p)), [event]);
}

/** The connection's state, for a status dot or an "offline" hint. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    () => status,
  );
}

/**
 * Joins a public topic (`live:<table>`, `chat:<room>` …) while the component is shown, and again
 * after every reconnection, when `onReconnect` runs to fetch what may have been missed.
 */
export function useRealtimeTopic(topic: string, onReconnect?: () => void) {
  const ref = useRef(onReconnect);
  useEffect(() => {
    ref.current = onReconnect;
  });
  useEffect(() => {
    sendRealtime('topic.join', { topic });
    const off = onRealtimeReconnect(() => {
      sendRealtime('topic.join', { topic });
      ref.current?.();
    });
    return () => {
      off();
      sendRealtime('topic.leave', { topic });
    };
  }, [topic]);
}
