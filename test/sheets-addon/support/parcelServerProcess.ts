// Child-process main: the REAL server with the parcel use case of
// test/support/parcelApi.ts (as realServerProcess.ts, for the parcel functions).
import { startParcelApi } from '../../support/parcelApi.js';

const api = await startParcelApi({ plan: 'pro' });
process.send?.({ url: api.h.server.url, token: api.h.account.token });

process.on('disconnect', () => {
  void api.close().then(() => process.exit(0));
});
