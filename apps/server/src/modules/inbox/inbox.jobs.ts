import type { Job } from '../../jobs/job-runner.js';
import type { InboxService } from './inbox.service.js';

/**
 * `inbox.deliver-scheduled`: delivers operator messages whose `sendAt` has come. Runs every 10 s
 * (checked on each runner tick, `JOBS_TICK_MS`) under a lease, so one instance runs it at a time;
 * idempotent — a message moves from scheduled to sent once, whoever gets there first.
 */
export function inboxJobs(deps: { inbox: InboxService }): Job[] {
  return [
    {
      name: 'inbox.deliver-scheduled',
      everyMs: 10_000,
      leaseMs: 120_000,
      run: () => deps.inbox.deliverDue(),
    },
  ];
}
