// Child-process main: the REAL server with its loopback fakes (lookupHarness)
// and the given distinct Hannover addresses. A child process, because the
// UrlFetchApp fake blocks the test process while a request runs, as Apps
// Script blocks the script. Reports its URL and the account's token over IPC.
import { hannoverAddresses } from '../../support/manyAddresses.js';
import { startLookupHarness } from '../../support/lookupHarness.js';

const count = Number(process.argv[2] ?? '0');
const harness = await startLookupHarness({ places: hannoverAddresses(count).places, plan: 'pro' });
process.send?.({ url: harness.server.url, token: harness.account.token });

process.on('disconnect', () => {
  void harness.close().then(() => process.exit(0));
});
