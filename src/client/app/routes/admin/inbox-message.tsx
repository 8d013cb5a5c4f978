import { useParams } from 'react-router';
import { InboxMessageView } from '#client/features/admin-inbox/components/inbox-message-view';

export default function AdminInboxMessagePage() {
  const { id = '' } = useParams();
  // A new message is a new view: nothing of the previous one's state carries over.
  return <InboxMessageView key={id} id={id} />;
}
