// billing:requests lists the plan bookings asked for on the billing page; the
// operator confirms one with `user:plan --email … --plan …`.
import type { Command } from 'commander';
import type { AccountService } from '../accounts/accountService.js';
import { formatResult } from './adminOutput.js';
import type { PlanRequestRepository } from '../accounts/planRequestRepository.js';

export interface BillingCommandEnvironment {
  services(): Promise<{ accounts: AccountService; planRequests: PlanRequestRepository }>;
  print(text: string): void;
}

export function addBillingCommands(program: Command, env: BillingCommandEnvironment): void {
  program
    .command('billing:requests')
    .description('list plan booking requests, newest first, with whether they are confirmed')
    .option('--limit <n>', 'how many', (v) => Number.parseInt(v, 10), 50)
    .action(async (o: { limit: number }) => {
      const s = await env.services();
      const rows = [];
      for (const request of await s.planRequests.list(o.limit)) {
        const account = await s.accounts.findById(request.accountId);
        rows.push({
          email: account?.email ?? null,
          requested_plan: request.plan,
          current_plan: account?.plan ?? null,
          confirmed: account?.plan === request.plan,
          requested_at: request.createdAt.toISOString(),
        });
      }
      env.print(formatResult(rows, Boolean(program.opts<{ json?: boolean }>().json)));
    });
}
