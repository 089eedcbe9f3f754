import path from "path";

/** Tests under tests/faults start server processes and SMTP peers: they get 2 minutes, the others keep jest's 5 s. */
const FAULTS_DIR = `${path.sep}tests${path.sep}faults${path.sep}`;
if (expect.getState().testPath?.includes(FAULTS_DIR)) jest.setTimeout(120_000);
