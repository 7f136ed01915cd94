import { walletRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { WalletService } from './wallet.service.js';

export function registerWalletRoutes(app: FastifyInstance, hooks: RouteHooks, wallet: WalletService) {
  registerRoute(app, hooks, walletRoutes.walletBalance, async ({ brand, session }) =>
    wallet.balance(brand, session!.member.id),
  );

  registerRoute(app, hooks, walletRoutes.walletTransfer, async ({ brand, session, body, request }) => {
    const header = request.headers['idempotency-key'];
    return wallet.transfer(brand, session!.member, body, typeof header === 'string' ? header : undefined);
  });

  registerRoute(app, hooks, walletRoutes.merchantWallet, async ({ brand }) => ({
    isSingle: brand.settings.singleWallet ? (1 as const) : (0 as const),
  }));

  registerRoute(app, hooks, walletRoutes.memberTransactions, async ({ brand, session, query }) =>
    wallet.history(brand, session!.member.id, query),
  );

  registerRoute(app, hooks, walletRoutes.teamTransfer, async ({ brand, session, body }) =>
    wallet.teamTransfer(brand, session!.member, body),
  );

  registerRoute(app, hooks, walletRoutes.setPaymentPassword, async ({ session, body }) =>
    wallet.setPaymentPassword(session!.member.id, body),
  );
}
