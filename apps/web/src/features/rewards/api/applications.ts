import type { ApplicationBody, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export type Application = RouteReply<Routes['applicationSubmit']>;

/** Sends an application; the promotions (its status becomes `applying`) follow. */
export function useSubmitApplication() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: (body: ApplicationBody) => call('applicationSubmit', { body }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['member', 'promotions', token] }),
  });
}

/** A file as base64 (the body carries images as text, checked by their bytes on the server). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
