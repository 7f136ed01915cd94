import { type ComponentType, lazy } from 'react';
import type { OpsPagePath } from '@arcadia/contract/client';
import type { OpsIdentity } from '../api/operator';
import { mayCall } from '../api/ops-client';
import { AuditPage, BooksPage, MessagesPage, PaymentsPage, RewardsPage, SupportPage } from './desk-pages';
import type { OpsPageProps } from './types';

/**
 * The back office's pages, in the order of its menu. A page is listed (and routed) only for an
 * operator whose role may make the page's first call; the server enforces the same table on every
 * call, so hiding a page is a courtesy, never the protection. The desks that were the console's
 * first page load with it; the larger pages load when opened (`lazy`).
 */
export interface OpsPage {
  /** The path segment under /ops ('' is the first page); the server serves the app for each. */
  path: '' | OpsPagePath;
  /** Key in the operator namespace's `nav` object. */
  label: string;
  visible(identity: OpsIdentity): boolean;
  Component: ComponentType<OpsPageProps>;
}

const allBrands = (identity: OpsIdentity) => identity.merchantCode === null;

export const opsPages: OpsPage[] = [
  {
    path: '',
    label: 'payments',
    visible: (i) => mayCall(i.role, 'opsDepositList'),
    Component: PaymentsPage,
  },
  {
    path: 'players',
    label: 'players',
    visible: (i) => mayCall(i.role, 'opsPlayerSearch'),
    Component: lazy(() => import('./players-page')),
  },
  {
    path: 'support',
    label: 'support',
    visible: (i) => mayCall(i.role, 'opsSupportList'),
    Component: SupportPage,
  },
  {
    path: 'rewards',
    label: 'rewards',
    visible: (i) => mayCall(i.role, 'opsRebateSummary') || mayCall(i.role, 'opsApplications'),
    Component: RewardsPage,
  },
  {
    path: 'reports',
    label: 'reports',
    visible: (i) => mayCall(i.role, 'opsReportGgr'),
    Component: lazy(() => import('./reports-page')),
  },
  {
    path: 'books',
    label: 'books',
    visible: (i) =>
      allBrands(i) && (mayCall(i.role, 'opsSportsResult') || mayCall(i.role, 'opsLotteryResult')),
    Component: BooksPage,
  },
  {
    path: 'messages',
    label: 'messages',
    visible: (i) => mayCall(i.role, 'opsInboxSend'),
    Component: MessagesPage,
  },
  {
    path: 'brand',
    label: 'brand',
    visible: (i) => mayCall(i.role, 'opsBrandGet'),
    Component: lazy(() => import('./brand-page')),
  },
  {
    path: 'content',
    label: 'content',
    visible: (i) => mayCall(i.role, 'opsAnnouncementList'),
    Component: lazy(() => import('./content-page')),
  },
  {
    path: 'catalogue',
    label: 'catalogue',
    visible: (i) => mayCall(i.role, 'opsVendorList'),
    Component: lazy(() => import('./catalogue-page')),
  },
  {
    path: 'risk',
    label: 'risk',
    visible: (i) => mayCall(i.role, 'opsRiskFlagList'),
    Component: lazy(() => import('./risk-page')),
  },
  {
    path: 'agents',
    label: 'agents',
    visible: (i) => mayCall(i.role, 'opsAgentTree'),
    Component: lazy(() => import('./agents-page')),
  },
  {
    path: 'audit-log',
    label: 'audit',
    visible: (i) => mayCall(i.role, 'opsAuditList'),
    Component: AuditPage,
  },
];
