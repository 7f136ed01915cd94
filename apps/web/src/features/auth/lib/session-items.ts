import type { LoginReply, MemberInfo } from '@arcadia/contract';
import { useSessionStore } from '../../../lib/session-store';
import { session } from '../../../lib/storage';

function put(key: 'nickname' | 'account' | 'username' | 'customerId', value: string | null) {
  if (value) session.set(key, value);
  else session.remove(key);
}

/** Spec §3 session items from a login reply: the token first, then who logged in. */
export function storeLoginReply(reply: LoginReply) {
  const store = useSessionStore.getState();
  store.setToken(reply.token);
  put('account', reply.userName);
  put('username', reply.userName);
  put('nickname', reply.nickname);
  put('customerId', reply.id);
  // `isAgent` holds the member type as a string, as the original client stored it.
  store.setMemberType(reply.customerType);
}

/** Member info is the authority once loaded (a nickname may have changed since the login). */
export function storeMemberInfo(info: MemberInfo) {
  put('account', info.account);
  put('nickname', info.nickname);
  put('customerId', info.id);
  useSessionStore.getState().setMemberType(info.type);
  useSessionStore.getState().setVip({ hasVip: info.hasVip, ...info.clubLabel });
}
