// Child-process main of the stand-in service: serves on loopback and answers
// the test's control messages over IPC.
import { DEFAULT_SETTINGS, listenStandIn } from './standInService.js';
import type { ControlMessage } from './standInControl.js';

const server = await listenStandIn();
process.send?.({ id: 0, value: server.url });

process.on('message', (message: ControlMessage) => {
  switch (message.type) {
    case 'set':
      Object.assign(server.settings, message.settings);
      break;
    case 'reset':
      server.settings = structuredClone(DEFAULT_SETTINGS);
      server.requests.length = 0;
      break;
    case 'requests':
      break;
  }
  process.send?.({ id: message.id, value: server.requests });
});

process.on('disconnect', () => {
  void server.close().then(() => process.exit(0));
});
