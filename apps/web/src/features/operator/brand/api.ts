import type { BrandAdminView, RouteBodyIn, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsKeys } from '../api/operator';
import { opsCall } from '../api/ops-client';

export const brandKeys = {
  view: (code: string) => ['ops', 'brand', code, 'settings'] as const,
};

/** The brand as the Brand page edits it. */
export function useOpsBrandView(code: string) {
  return useQuery({
    queryKey: brandKeys.view(code),
    queryFn: ({ signal }) => opsCall('opsBrandGet', { params: { merchantCode: code }, signal }),
  });
}

/** The Brand page's edits: each answers with the whole brand, which replaces the cached one. */
export type BrandEdit =
  | 'opsBrandUpdate'
  | 'opsBrandLook'
  | 'opsBrandLogo'
  | 'opsBrandModules'
  | 'opsBrandRegisterRules'
  | 'opsBrandAvailability';

export function useOpsBrandEdit<K extends BrandEdit>(code: string, name: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBodyIn<Routes[K]>) =>
      opsCall(name, { params: { merchantCode: code }, body } as never) as Promise<BrandAdminView>,
    onSuccess: (view) => {
      client.setQueryData(brandKeys.view(code), view);
      void client.invalidateQueries({ queryKey: opsKeys.audit(code) });
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'availability'] });
    },
  });
}

export function useOpsBrandCreate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBodyIn<Routes['opsBrandCreate']>) => opsCall('opsBrandCreate', { body }),
    // The operator's brand list (the console's brand picker) now holds the new brand.
    onSuccess: () => void client.invalidateQueries({ queryKey: ['ops', 'me'] }),
  });
}

/** A file as base64 (no data: prefix). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
