// Scenario (a), the ceiling: a bare Express 5 app answering "Hello World",
// run as a child process exactly like the real service.
import express from 'express';

const app = express();
app.get('/', (_req, res) => {
  res.send('Hello World');
});
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
