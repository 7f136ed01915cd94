import { useParams } from 'react-router';
import { ChatRoom } from '../../features/chat/components/chat-room';

/** A host's chat room (/chatRoom/:modelId). */
export default function ChatRoomPage() {
  const { modelId = '' } = useParams();
  return <ChatRoom key={modelId} modelId={modelId} />;
}
