/**
 * Another process keeping one core busy (a Node.js busy loop), as a build or
 * a neighbour on a shared machine does: for tests that must hold while the
 * machine is loaded. Always stop it (finally).
 *
 *     const busy = await keepOneCoreBusy();
 *     try { ... } finally { await busy.stop(); }
 */
import { spawn } from "child_process";

export interface BusyCore {
  pid: number;
  /** SIGKILL, resolved once the process is gone. */
  stop(): Promise<void>;
}

export async function keepOneCoreBusy(): Promise<BusyCore> {
  const child = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve);
    child.once("error", reject);
  });
  return {
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
