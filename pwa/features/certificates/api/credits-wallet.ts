/**
 * My credits (issue 32): the wallet for a period (`GET /api/me/credits`), adding a certificate from
 * elsewhere (`POST …/self-reported`, then its PDF with `PUT …/:id/pdf`) and removing one. Adding
 * and removing need the connection (a PDF cannot wait in an outbox); the wallet is asked again after.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SelfReportedInput, WalletDto, WalletEntry } from '@contracts/credits-wallet';
import { apiRequest, getJson } from '@pwa/lib/api-client';
import { putPdf } from '@pwa/lib/put-pdf';

export const walletKeys = {
  all: ['credits-wallet'] as const,
  period: (viewer: string, from: number, to: number) => [...walletKeys.all, viewer, from, to] as const,
};

export const walletQueryOptions = (viewer: string, from: number, to: number) =>
  queryOptions({ queryKey: walletKeys.period(viewer, from, to), queryFn: () => getJson<WalletDto>(`/api/me/credits?from=${from}&to=${to}`) });

export const useCreditsWallet = (viewer: string, from: number, to: number) => useQuery(walletQueryOptions(viewer, from, to));

export const transcriptUrl = (kind: 'csv' | 'pdf', from: number, to: number) => `/api/me/credits/transcript.${kind}?from=${from}&to=${to}`;

/** Adds the line, then attaches its PDF; if the PDF is refused the line is taken back, so nothing half-made stays. */
export function useAddSelfReported() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, pdf }: { input: SelfReportedInput; pdf: Blob }) => {
      const entry = (await (await apiRequest('POST', '/api/me/credits/self-reported', input)).json()) as WalletEntry;
      try {
        await putPdf(`/api/me/credits/self-reported/${encodeURIComponent(entry.id)}/pdf`, pdf);
      } catch (error) {
        await apiRequest('DELETE', `/api/me/credits/self-reported/${encodeURIComponent(entry.id)}`).catch(() => undefined);
        throw error;
      }
      return entry;
    },
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useRemoveSelfReported() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/me/credits/self-reported/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
