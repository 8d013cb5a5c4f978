import { useMutation } from '@tanstack/react-query';
import type { CreateDonationBody, CreateDonationResponse } from '#shared/contracts/support';
import { apiFetch } from '#client/lib/api-client';

export const createDonation = (body: CreateDonationBody) =>
  apiFetch<CreateDonationResponse>('/api/payments/donations', { method: 'POST', json: body });

/** Starts a donation: the server records it and answers with the checkout page's address. */
export const useCreateDonation = () =>
  useMutation({ mutationKey: ['support', 'donation'], mutationFn: createDonation });
