// CORS for /api/*: any origin may call the API with a bearer token (browser
// clients, the Excel add-in). No cookies are involved, so no credentials.
// Prefer / Preference-Applied carry the batch's wait (RFC 7240).
import cors from 'cors';

export const apiCors = cors({
  origin: '*',
  methods: ['GET', 'POST', 'OPTIONS'],
  allowedHeaders: ['Authorization', 'Content-Type', 'Prefer'],
  exposedHeaders: [
    'Retry-After',
    'RateLimit',
    'RateLimit-Policy',
    'X-Request-Id',
    'Preference-Applied',
  ],
  credentials: false,
  maxAge: 600,
});
