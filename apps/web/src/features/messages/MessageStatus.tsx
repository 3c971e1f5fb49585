import type { SafeMessage } from '@countersign/gateway-api';
import { Badge } from '../../ui';
import { messageStatusLabels } from './messageContent';

export function MessageStatus({ status }: { status: SafeMessage['status'] }) {
  return (
    <Badge
      tone={status === 'CONFIRMED' ? 'ok' : status === 'UNKNOWN' ? 'neutral' : 'warn'}
      testId="message-status-badge"
    >
      {messageStatusLabels[status]}
    </Badge>
  );
}
