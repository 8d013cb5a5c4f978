import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '#shared/contracts/site';
import { apiFetch } from '#client/lib/api-client';

/** Stores the message as feedback (201); 400 when refused, 429 when sent too often. */
export const sendContactMessage = (body: ContactBody) =>
  apiFetch<{ ok: true }>('/api/contact', { method: 'POST', json: body });

export const useSendContactMessage = () =>
  useMutation({ mutationKey: ['contact'], mutationFn: sendContactMessage, retry: false });
