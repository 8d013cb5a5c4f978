import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { membershipQueryOptions } from '#client/features/profile/api/get-membership';
import { SupportSuccess } from '#client/features/support/components/support-success';
import { useDocumentTitle } from '#client/lib/document-title';

export default function SupportSuccessPage() {
  useDocumentTitle('Support Payment');
  const queryClient = useQueryClient();
  // Paid: the profile's lifetime-supporter badge (and anything else reading it) refetches.
  const onPaid = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: membershipQueryOptions().queryKey });
  }, [queryClient]);
  return <SupportSuccess onPaid={onPaid} />;
}
