// The calculation request of scenario (b), one definition for the full bench
// and the single-scenario profiler so both measure the same work.
export function bodenwertRequest(token: string) {
  return {
    path: '/api/bodenwert',
    method: 'POST' as const,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ brw: 450, gfz_referenz: 1.0, gfz_tatsaechlich: 1.4, flaeche: 600 }),
  };
}
