import { endpoints } from '@arcadia/contract';
import type { Socket } from 'socket.io';
import { AppError } from '../../lib/app-error.js';
import type { Brand } from '../brand/index.js';
import type { OperatorService } from '../operator/index.js';
import { type RealtimeModule, type SocketIdentity, rooms } from '../realtime/index.js';
import type { ConversationRow } from './support.repository.js';
import type { SupportNotifier, SupportService } from './support.service.js';

/** A presence answer is reused this long (each one asks every instance for its sockets). */
const PRESENCE_CACHE_MS = 2000;

/** The roles that may hold the console; the same as the console's HTTP routes. */
const consoleRoles: readonly string[] = endpoints.opsSupportList.opsRoles;

interface SupportSocketData {
  identity: SocketIdentity;
  /** Set once an operator socket joined the brand's console room. */
  supportAgentOf?: number;
}

/**
 * The live chat on the real-time channel (docs/support.md "Events"): delivers the service's
 * announcements, authenticates visitors by their conversation token, keeps the operators' console
 * room and tells the chat windows whether an operator is online.
 */
export function createSupportRealtime(deps: {
  realtime: RealtimeModule;
  operators: OperatorService;
  brandOf: (code: string | null) => Promise<Brand>;
  log: { error(obj: object, msg: string): void };
}) {
  const { hub } = deps.realtime;
  const presence = new Map<number, { at: number; value: Promise<boolean> }>();

  /** Whether a console of the brand is open on any instance. */
  function online(merchantId: number): Promise<boolean> {
    const cached = presence.get(merchantId);
    if (cached && Date.now() - cached.at < PRESENCE_CACHE_MS) return cached.value;
    const value = hub.io
      .in(rooms.supportAgents(merchantId))
      .fetchSockets()
      .then((sockets) => sockets.length > 0);
    presence.set(merchantId, { at: Date.now(), value });
    value.catch(() => presence.delete(merchantId));
    return value;
  }

  /** Tells the brand's chat windows whether an operator is online now. */
  async function announce(merchantId: number) {
    presence.delete(merchantId);
    try {
      hub.toRoom(rooms.supportWatchers(merchantId), 'support.presence', { online: await online(merchantId) });
    } catch (err) {
      deps.log.error({ err }, 'support presence failed');
    }
  }

  /** The participant's sockets: the member's (every tab), or the visitor's conversation room. */
  const participantRoom = (row: ConversationRow) =>
    row.member_id !== null ? rooms.member(row.member_id) : rooms.supportConversation(row.id);

  const notifier: SupportNotifier = {
    message(row, message) {
      const payload = { conversationId: row.id, message };
      hub.toRoom(participantRoom(row), 'support.message', payload);
      hub.toRoom(rooms.supportAgents(row.merchant_id), 'support.message', payload);
    },
    status(row, view) {
      hub.toRoom(participantRoom(row), 'support.status', view);
    },
    queue(row, view) {
      hub.toRoom(rooms.supportAgents(row.merchant_id), 'support.conversation', view);
    },
    online,
  };

  /** Wires the handshake and the socket messages to the service (once it exists). */
  function attach(service: SupportService) {
    deps.realtime.addAuthenticator(async (auth, merchantCode) => {
      if (!('supportToken' in auth)) return null;
      const brand = await deps.brandOf(merchantCode);
      const row = await service.visitorConversation(brand.id, auth.supportToken);
      if (!row) throw new AppError('login.not.session');
      return {
        kind: 'visitor',
        merchantId: brand.id,
        conversationId: row.id,
        rooms: [rooms.supportConversation(row.id), rooms.supportWatchers(brand.id)],
      };
    });

    const tellPresence = async (socket: Socket, merchantId: number) =>
      hub.toRoom(socket.id, 'support.presence', { online: await online(merchantId) });

    hub.handle('support.join', async (identity, _payload, socket) => {
      const data = socket.data as SupportSocketData;
      if (identity.kind === 'operator') {
        // The socket's identity has no role: ask the operator service, with the handshake's token.
        const token = (socket.handshake.auth as { opsToken?: unknown }).opsToken;
        const operator = await deps.operators.authenticate(typeof token === 'string' ? token : '');
        if (!consoleRoles.includes(operator.role)) throw new AppError('forbidden');
        if (operator.merchantId !== null && operator.merchantId !== identity.merchantId)
          throw new AppError('forbidden');
        await socket.join([
          rooms.supportAgents(identity.merchantId),
          rooms.supportWatchers(identity.merchantId),
        ]);
        data.supportAgentOf = identity.merchantId;
        await announce(identity.merchantId);
        return;
      }
      if (identity.kind === 'member' || identity.kind === 'trial')
        await socket.join(rooms.supportWatchers(identity.merchantId));
      await tellPresence(socket, identity.merchantId);
    });

    hub.handle('support.typing', async (identity, payload, socket) => {
      const merchantId = identity.merchantId;
      if (identity.kind === 'operator') {
        if ((socket.data as SupportSocketData).supportAgentOf !== merchantId || !payload.conversationId)
          return;
        const row = await service.conversationOfBrand(merchantId, payload.conversationId);
        if (!row || row.status !== 'open') return;
        hub.toRoom(participantRoom(row), 'support.typing', { conversationId: row.id, from: 'operator' });
        return;
      }
      const conversationId =
        identity.kind === 'visitor'
          ? identity.conversationId!
          : identity.memberId
            ? await service.openConversationOfMember(merchantId, identity.memberId)
            : null;
      if (!conversationId) return;
      hub.toRoom(rooms.supportAgents(merchantId), 'support.typing', { conversationId, from: 'participant' });
    });

    // A console closing may take the brand's last operator offline.
    hub.io.on('connection', (socket) => {
      socket.on('disconnect', () => {
        const merchantId = (socket.data as SupportSocketData).supportAgentOf;
        if (merchantId !== undefined) void announce(merchantId);
      });
    });
  }

  return { notifier, online, attach };
}
