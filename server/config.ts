import path from "path";

/** Everything a deployment may change, read from the environment with safe defaults. */
export interface Config {
  /** TCP port of the one server that carries site and API. */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** The built site (Gatsby's public/ folder). */
  publicDir: string;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number, got "${raw}"`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  return {
    port: intFrom(env, "PORT", 8000),
    host: env.HOST?.trim() || "0.0.0.0",
    publicDir: path.resolve(cwd, env.PUBLIC_DIR?.trim() || "public"),
  };
}
