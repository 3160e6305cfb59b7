import { useParams } from 'react-router';
import { ChatsScreen } from './chats-screen';

/** /dashboard/assistants/{id}/chats (spec §2.13). */
export default function ChatsPage() {
  const { id = '' } = useParams();
  return <ChatsScreen key={id} assistantId={id} />;
}
