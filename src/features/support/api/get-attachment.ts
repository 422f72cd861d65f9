/**
 * GET /api/support-tickets/{n}/attachments/{id} — an image served to its ticket's owner only, so
 * it needs the bearer token: fetched into a Blob and shown through an object URL (revoked when the
 * image leaves the screen). Blobs stay in memory (never persisted); offline the thread shows the
 * file's name instead.
 */
import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, AUTH_STORAGE_KEY, NetworkError } from '#src/lib/api-client.ts';
import { readStored } from '#src/lib/storage.ts';
import { SUPPORT_TICKETS_QUERY_KEY } from './tickets-keys.ts';

/** Only our own attachment addresses ever get the token. */
const ATTACHMENT_PATH = /^\/api\/support-tickets\/[^/?#]+\/attachments\/\d+$/;

export async function getAttachment(url: string, signal?: AbortSignal): Promise<Blob> {
  if (!ATTACHMENT_PATH.test(url)) throw new ApiError(404, 'support.attachment_not_found');
  const token = readStored<{ token?: string | null }>(AUTH_STORAGE_KEY, {}).token;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', ...(token && { Authorization: `Bearer ${token}` }) },
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) throw new ApiError(response.status, response.statusText || 'Request failed');
  return response.blob();
}

export const attachmentQueryOptions = (url: string) =>
  queryOptions({
    queryKey: [...SUPPORT_TICKETS_QUERY_KEY, 'attachment', url],
    queryFn: ({ signal }) => getAttachment(url, signal),
    meta: { persist: false },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });

/** An object URL for the attachment while the component is mounted (revoked on unmount). */
export function useAttachmentUrl(url: string) {
  const query = useQuery(attachmentQueryOptions(url));
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const next = URL.createObjectURL(query.data);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an object URL is an external resource: made and revoked with the effect
    setObjectUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setObjectUrl(null);
    };
  }, [query.data]);
  return { objectUrl, query };
}
