import { hashPassword } from '../../lib/password.js';
import type { MemberRepository } from './member.repository.js';

export interface CreateMemberInput {
  merchantId: number;
  account: string;
  password: string;
  type: number;
  nickname?: string | null;
  parentId?: string | null;
  registerMethod: 'WEB' | 'AGENT' | 'SEED' | 'OPS';
  ip?: string | null;
}

export function createMemberService(deps: { repository: MemberRepository }) {
  const { repository } = deps;
  return {
    /** Creates a member under `parentId` (or at the top of the tree); the password is hashed with argon2id. */
    async create(input: CreateMemberInput): Promise<string> {
      return repository.insert({
        merchantId: input.merchantId,
        account: input.account,
        nickname: input.nickname ?? null,
        type: input.type,
        parentId: input.parentId ?? null,
        passwordHash: await hashPassword(input.password),
        registerMethod: input.registerMethod,
        createdIp: input.ip ?? null,
      });
    },

    findByAccount: repository.findByAccount,
    ancestors: repository.ancestors,
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
