/** Set-up file of the "faults" jest project: its tests start server processes and SMTP peers, so each gets 2 minutes instead of jest's 5 s. */
jest.setTimeout(120_000);
