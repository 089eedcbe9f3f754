/**
 * A child process of the tests (the compiled server, Prometheus) watched the
 * same way: its standard output and error kept (up to a bound, so a runaway
 * log never blocks it) and how it ended.
 */

/**
 * Starts keeping `child`'s output (at most `maxBytes`) and its end. Returns
 * `output()` (what it printed so far), `exit` (resolves with how it ended:
 * `{ code, signal }`, or `{ code: null, signal: null, error }` when it could not
 * be started) and `exited()` (that, or null while it runs).
 */
function watchChild(child, maxBytes) {
  const chunks = [];
  let outputBytes = 0;
  const keep = (chunk) => {
    if (outputBytes > maxBytes) return;
    outputBytes += chunk.length;
    chunks.push(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = null;
  const exit = new Promise((resolve) => {
    child.on("exit", (code, signal) => resolve((exited = { code, signal })));
    child.on("error", (error) => resolve((exited = { code: null, signal: null, error })));
  });
  return { output: () => Buffer.concat(chunks).toString("utf8"), exit, exited: () => exited };
}

module.exports = { watchChild };
