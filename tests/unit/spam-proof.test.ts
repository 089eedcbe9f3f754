/**
 * The browser's proof of work (src/forms/spam/): the `Altcha` header's
 * encoding, when a send may go (the challenge's sendAfter on the visitor's
 * clock), expiry, one challenge per send, and sending without a proof rather
 * than holding the visitor back. The clock is a fake one the tests drive:
 * nothing sleeps.
 */
import { isChallenge, isFresh, isSolution, proofHeader, base64Utf8, sendAfterLocal, sendDelay, expiresAtLocal, type SubmissionChallenge } from "../../src/forms/spam/proof";
import { ProofOfWork, proofMiddleware, MAX_SEND_DELAY_MS, RETRY_AFTER_MS, SOLVE_TIMEOUT_MS, type ProofDependencies } from "../../src/forms/spam/proof-of-work";
import { clearTrap, trapValue } from "../../src/forms/spam/trap";

/** The server's clock, far from the visitor's (which starts at 0 here). */
const SERVER_NOW = 1_795_683_600_000;
const DAY_MS = 86_400_000;

let nonces = 0;
function challenge(issuedAt = SERVER_NOW, minFillMs = 1_000, lifetimeMs = DAY_MS): SubmissionChallenge {
  nonces += 1;
  return {
    parameters: {
      algorithm: "SHA-256",
      cost: 1,
      data: { issuedAt, sendAfter: issuedAt + minFillMs },
      expiresAt: Math.floor((issuedAt + lifetimeMs) / 1000),
      keyLength: 32,
      keyPrefix: "4e0a2f7c91d3b85a6c1e9f0a7b2d4c6e",
      keySignature: "0c1f5e9a8b7d6c5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e",
      nonce: nonces.toString(16).padStart(32, "0"),
      salt: "c9f0f895fb98ab9159f51fd0297e236d",
    },
    signature: "5d41402abc4b2a76b9719d911017c5925d41402abc4b2a76b9719d911017c592",
  };
}

const SOLUTION = { counter: 31_337, derivedKey: "4e0a2f7c91d3b85a6c1e9f0a7b2d4c6e0011223344556677889900aabbccddee" };

function decode(header: string): { challenge: SubmissionChallenge; solution: { counter: number; derivedKey: string } } {
  return JSON.parse(Buffer.from(header, "base64").toString("utf8"));
}

/** Lets every promise that can settle settle. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A clock the test moves: timers fire in order as it advances. */
class FakeClock {
  private time = 0;
  private timers: { at: number; fire: () => void }[] = [];

  now = (): number => this.time;

  wait = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = { at: this.time + ms, fire: () => resolve() };
      this.timers.push(timer);
      signal?.addEventListener("abort", () => {
        this.timers = this.timers.filter((t) => t !== timer);
        resolve();
      });
    });

  /** Moves the clock `ms` on, firing each timer due on the way at its time. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await settle();
    for (;;) {
      const next = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.time = next.at;
      next.fire();
      await settle();
    }
    this.time = end;
    await settle();
  }

  get pendingTimers(): number {
    return this.timers.length;
  }
}

/** A promise's state, without waiting for it. */
function track<T>(promise: Promise<T>): { done: boolean; value?: T } {
  const state: { done: boolean; value?: T } = { done: false };
  void promise.then((value) => {
    state.done = true;
    state.value = value;
  });
  return state;
}

interface Harness {
  clock: FakeClock;
  proof: ProofOfWork;
  fetched: SubmissionChallenge[];
  fetchChallenge: jest.Mock;
  solve: jest.Mock;
  solveSignals: AbortSignal[];
}

/** A proof of work on the fake clock: each challenge arrives after `fetchMs` and is solved `solveMs` later. */
function harness(options: { fetchMs?: number; solveMs?: number; next?: () => unknown; solution?: unknown } = {}): Harness {
  const { fetchMs = 50, solveMs = 300 } = options;
  const clock = new FakeClock();
  const fetched: SubmissionChallenge[] = [];
  const solveSignals: AbortSignal[] = [];
  const fetchChallenge = jest.fn(async () => {
    await clock.wait(fetchMs);
    const body = options.next ? options.next() : challenge(SERVER_NOW + clock.now());
    if (body instanceof Error) throw body;
    fetched.push(body as SubmissionChallenge);
    return body;
  });
  const solve = jest.fn(async (_challenge: SubmissionChallenge, signal: AbortSignal) => {
    solveSignals.push(signal);
    if (solveMs === Infinity) return new Promise<undefined>(() => undefined);
    await clock.wait(solveMs);
    return "solution" in options ? options.solution : SOLUTION;
  });
  const deps: ProofDependencies = { now: clock.now, wait: clock.wait, fetchChallenge, solve: solve as ProofDependencies["solve"] };
  return { clock, proof: new ProofOfWork(deps), fetched, fetchChallenge, solve, solveSignals };
}

describe("the Altcha header", () => {
  it("is the standard base64 of the JSON of the challenge as received and the solution's counter and key", () => {
    const received = challenge();
    const header = proofHeader(received, { ...SOLUTION, time: 12.5 } as typeof SOLUTION);
    expect(header).toMatch(/^[A-Za-z0-9+/]*={0,2}$/); // the contract's pattern for the header
    expect(decode(header)).toEqual({ challenge: received, solution: SOLUTION });
    expect(Buffer.from(header, "base64").toString("utf8")).toBe(JSON.stringify({ challenge: received, solution: SOLUTION }));
    expect(header.length).toBeLessThanOrEqual(4096); // the contract's maxLength
  });

  it("encodes text as UTF-8, whatever it holds", () => {
    for (const text of ["", "a", "ab", "abc", "é", "Grüße — 東京 🚀", '{"x":"\\u0000"}']) {
      expect(base64Utf8(text)).toBe(Buffer.from(text, "utf8").toString("base64"));
    }
  });
});

describe("a challenge's times on the visitor's clock", () => {
  it("counts sendAfter from when the challenge arrived, whatever the server's clock says", () => {
    const timed = { challenge: challenge(SERVER_NOW, 1_500), receivedAt: 10_000 };
    expect(sendAfterLocal(timed)).toBe(11_500);
    expect(sendDelay(timed, 10_000)).toBe(1_500);
    expect(sendDelay(timed, 11_000)).toBe(500);
    expect(sendDelay(timed, 11_500)).toBe(0);
    expect(sendDelay(timed, 99_000)).toBe(0);
    // A server clock hours ahead or behind changes nothing.
    for (const skew of [-7_200_000, 7_200_000]) expect(sendDelay({ challenge: challenge(SERVER_NOW + skew, 1_500), receivedAt: 10_000 }, 11_000)).toBe(500);
  });

  it("expires expiresAt - issuedAt after it arrived, and is used no more within a minute of that", () => {
    const timed = { challenge: challenge(SERVER_NOW, 1_000, DAY_MS), receivedAt: 5_000 };
    expect(expiresAtLocal(timed)).toBe(5_000 + DAY_MS);
    expect(isFresh(timed, 5_000)).toBe(true);
    expect(isFresh(timed, 5_000 + DAY_MS - 60_000)).toBe(true);
    expect(isFresh(timed, 5_000 + DAY_MS - 59_999)).toBe(false);
    expect(isFresh(timed, 5_000 + DAY_MS + 1)).toBe(false);
    expect(isFresh(timed, 5_000 + DAY_MS - 1, 0)).toBe(true);
  });

  it("keeps a short-lived challenge usable for the first half of its life", () => {
    const timed = { challenge: challenge(SERVER_NOW, 1_000, 60_000), receivedAt: 0 };
    expect(isFresh(timed, 30_000)).toBe(true);
    expect(isFresh(timed, 30_001)).toBe(false);
  });
});

describe("what counts as a challenge and as a solution", () => {
  it("takes the contract's SubmissionChallenge", () => {
    expect(isChallenge(challenge())).toBe(true);
    expect(isChallenge(JSON.parse(JSON.stringify(challenge())))).toBe(true);
  });

  it.each([
    ["no object", null],
    ["an old server's page", "<html>Not found</html>"],
    ["another algorithm", { ...challenge(), parameters: { ...challenge().parameters, algorithm: "PBKDF2/SHA-256" } }],
    ["no signature", { parameters: challenge().parameters }],
    ["no data", { ...challenge(), parameters: { ...challenge().parameters, data: undefined } }],
    ["sendAfter before issuedAt", { ...challenge(), parameters: { ...challenge().parameters, data: { issuedAt: SERVER_NOW, sendAfter: SERVER_NOW - 1 } } }],
    ["expired before it was issued", { ...challenge(), parameters: { ...challenge().parameters, expiresAt: SERVER_NOW / 1000 - 1 } }],
    ["a prefix longer than the key", { ...challenge(), parameters: { ...challenge().parameters, keyLength: 4 } }],
    ["a nonce that is not hex", { ...challenge(), parameters: { ...challenge().parameters, nonce: "zz" } }],
  ])("refuses %s", (_name, value) => {
    expect(isChallenge(value)).toBe(false);
  });

  it("takes a counter and an even-length lowercase hex key only", () => {
    expect(isSolution(SOLUTION)).toBe(true);
    expect(isSolution({ counter: 0, derivedKey: "00" })).toBe(true);
    expect(isSolution({ counter: -1, derivedKey: "00" })).toBe(false);
    expect(isSolution({ counter: 1.5, derivedKey: "00" })).toBe(false);
    expect(isSolution({ counter: 1, derivedKey: "0" })).toBe(false);
    expect(isSolution({ counter: 1, derivedKey: "AB" })).toBe(false);
    expect(isSolution({ error: "no solution in time" })).toBe(false);
    expect(isSolution(null)).toBe(false);
  });
});

describe("the proof of work of a page", () => {
  it("asks for nothing until a form is focused, then for one challenge however many focus events follow", async () => {
    const { clock, proof, fetchChallenge, solve } = harness();
    await clock.advance(60_000);
    expect(fetchChallenge).not.toHaveBeenCalled();
    proof.prepare();
    proof.prepare();
    await clock.advance(1_000);
    proof.prepare();
    await clock.advance(1_000);
    expect(fetchChallenge).toHaveBeenCalledTimes(1);
    expect(solve).toHaveBeenCalledTimes(1);
  });

  it("sends a challenge solved ahead no earlier than its sendAfter on the visitor's clock", async () => {
    const { clock, proof, fetched } = harness({ fetchMs: 50, solveMs: 300 });
    proof.prepare(); // the challenge arrives at 50 ms: sendAfter is 1,050 ms on the visitor's clock
    await clock.advance(400);
    const header = track(proof.take());
    await clock.advance(649);
    expect(header.done).toBe(false);
    await clock.advance(1);
    expect(header.done).toBe(true);
    expect(decode(header.value as string)).toEqual({ challenge: fetched[0], solution: SOLUTION });
  });

  it("sends at once when the visitor took longer than sendAfter to fill the form", async () => {
    const { clock, proof } = harness();
    proof.prepare();
    await clock.advance(20_000);
    const header = track(proof.take());
    await settle();
    expect(header.done).toBe(true);
    expect(header.value).toEqual(expect.any(String));
  });

  it("waits for a solution still on its way", async () => {
    const { clock, proof } = harness({ fetchMs: 50, solveMs: 3_000 });
    proof.prepare();
    await clock.advance(100);
    const header = track(proof.take());
    await clock.advance(2_949);
    expect(header.done).toBe(false);
    await clock.advance(1);
    expect(header.done).toBe(true);
    expect(header.value).toEqual(expect.any(String));
  });

  it("spends each challenge on one send, and prepares the next as soon as a send is answered", async () => {
    const { clock, proof, fetched, fetchChallenge } = harness();
    proof.prepare();
    await clock.advance(5_000);
    const first = decode((await proof.take()) as string);
    expect(fetchChallenge).toHaveBeenCalledTimes(1);

    const middleware = proofMiddleware(proof);
    await middleware.onResponse!({ request: formPost(), response: new Response(null, { status: 201 }) } as never);
    expect(fetchChallenge).toHaveBeenCalledTimes(2);
    await clock.advance(5_000);
    const second = decode((await proof.take()) as string);
    expect(second.challenge.parameters.nonce).not.toBe(first.challenge.parameters.nonce);
    expect(fetched.map((c) => c.parameters.nonce)).toEqual([first.challenge.parameters.nonce, second.challenge.parameters.nonce]);
  });

  it("fetches and solves a challenge at send time when none was prepared", async () => {
    const { clock, proof, fetchChallenge } = harness({ fetchMs: 50, solveMs: 300 });
    const header = track(proof.take());
    await clock.advance(1_049);
    expect(header.done).toBe(false);
    await clock.advance(1);
    expect(header.done).toBe(true);
    expect(header.value).toEqual(expect.any(String));
    expect(fetchChallenge).toHaveBeenCalledTimes(1);
  });

  it("replaces a challenge that expires within a minute, at send time, and waits for the new one's sendAfter", async () => {
    const lifetime = 3_600_000;
    const { clock, proof, fetched } = harness({ next: () => challenge(SERVER_NOW, 1_000, lifetime) });
    proof.prepare();
    await clock.advance(1_000);
    await clock.advance(lifetime - 60_000 - 1_000 + 50 + 1); // the first arrived at 50 ms: now 59,999 ms before it expires
    const header = track(proof.take());
    await clock.advance(50 + 1_000 - 1);
    expect(header.done).toBe(false);
    await clock.advance(1);
    expect(header.done).toBe(true);
    expect(fetched).toHaveLength(2);
    expect(decode(header.value as string).challenge).toEqual(fetched[1]);
  });

  it("keeps a challenge that expires in more than a minute", async () => {
    const lifetime = 3_600_000;
    const { clock, proof, fetched } = harness({ next: () => challenge(SERVER_NOW, 1_000, lifetime) });
    proof.prepare();
    await clock.advance(lifetime - 60_000 + 50 - 1);
    const header = track(proof.take());
    await settle();
    expect(header.done).toBe(true);
    expect(fetched).toHaveLength(1);
    expect(decode(header.value as string).challenge).toEqual(fetched[0]);
  });

  it("replaces an expired challenge on the next focus", async () => {
    const lifetime = 600_000;
    const { clock, proof, fetchChallenge } = harness({ next: () => challenge(SERVER_NOW, 1_000, lifetime) });
    proof.prepare();
    await clock.advance(lifetime - 60_000);
    proof.prepare();
    expect(fetchChallenge).toHaveBeenCalledTimes(1);
    await clock.advance(1_000);
    proof.prepare();
    expect(fetchChallenge).toHaveBeenCalledTimes(2);
  });

  it("sends without a proof after 10 s without a solution, and does not make the visitor wait again", async () => {
    const { clock, proof, solveSignals, fetchChallenge } = harness({ solveMs: Infinity });
    proof.prepare();
    await clock.advance(2_000);
    const header = track(proof.take());
    await clock.advance(SOLVE_TIMEOUT_MS - 2_000 - 1);
    expect(header.done).toBe(false);
    await clock.advance(1);
    expect(header).toEqual({ done: true, value: undefined });
    expect(solveSignals[0].aborted).toBe(true); // the worker is ended
    expect(fetchChallenge).toHaveBeenCalledTimes(1);
  });

  it("gives up at 10 s however long the challenge takes to arrive", async () => {
    const { clock, proof } = harness({ fetchMs: 60_000 });
    const header = track(proof.take());
    await clock.advance(SOLVE_TIMEOUT_MS);
    expect(header).toEqual({ done: true, value: undefined });
  });

  it("sends without a proof when there is no challenge (an older server, offline), after one more try at send time", async () => {
    const { clock, proof, fetchChallenge, solve } = harness({ next: () => new Error("404") });
    proof.prepare();
    await clock.advance(5_000);
    const header = track(proof.take());
    await clock.advance(50);
    expect(header).toEqual({ done: true, value: undefined });
    expect(fetchChallenge).toHaveBeenCalledTimes(2);
    expect(solve).not.toHaveBeenCalled();
  });

  it("sends without a proof when the answer is no challenge, or the worker finds no solution", async () => {
    for (const options of [{ next: () => ({ message: "Not found" }) }, { solution: { error: "no solution in time" } }, { solution: undefined }]) {
      const { clock, proof } = harness(options);
      const header = track(proof.take());
      await clock.advance(1_000);
      expect(header).toEqual({ done: true, value: undefined });
    }
  });

  it("asks again on a focus only 30 s after a challenge could not be had", async () => {
    const { clock, proof, fetchChallenge } = harness({ next: () => new Error("offline") });
    proof.prepare();
    await clock.advance(1_000);
    proof.prepare();
    await clock.advance(RETRY_AFTER_MS - 1_000 + 50 - 1);
    proof.prepare();
    expect(fetchChallenge).toHaveBeenCalledTimes(1);
    await clock.advance(1);
    proof.prepare();
    expect(fetchChallenge).toHaveBeenCalledTimes(2);
  });

  it("waits no longer than 10 s for a sendAfter the server set too far", async () => {
    const { clock, proof } = harness({ next: () => challenge(SERVER_NOW, 600_000) });
    proof.prepare();
    await clock.advance(1_000);
    const header = track(proof.take());
    await clock.advance(MAX_SEND_DELAY_MS - 1);
    expect(header.done).toBe(false);
    await clock.advance(1);
    expect(header.done).toBe(true);
    expect(header.value).toEqual(expect.any(String));
  });

  it("leaves no timer running once a challenge is solved", async () => {
    const { clock, proof } = harness();
    proof.prepare();
    await clock.advance(1_000);
    expect(clock.pendingTimers).toBe(0);
  });
});

function formPost(path = "/api/v1/contact/contact_us", method = "POST"): Request {
  return new Request(`http://localhost:8000${path}`, { method, body: method === "POST" ? "{}" : undefined, headers: { "Content-Type": "application/json" } });
}

describe("the API client's middleware", () => {
  async function onRequest(proof: ProofOfWork, request: Request): Promise<Request> {
    const result = await proofMiddleware(proof).onRequest!({ request, schemaPath: "", params: {}, id: "1", options: {} } as never);
    return (result as Request | undefined) ?? request;
  }

  it("sets the Altcha header of every form POST", async () => {
    const { clock, proof } = harness();
    proof.prepare();
    await clock.advance(2_000);
    for (const path of ["/api/v1/contact/contact_us", "/api/v1/contact/careers"]) {
      proof.prepare();
      await clock.advance(2_000);
      const request = await onRequest(proof, formPost(path));
      expect(decode(request.headers.get("Altcha") as string).solution).toEqual(SOLUTION);
    }
  });

  it("leaves other calls alone: the challenge itself, anything not under /api/v1/contact/", async () => {
    const { clock, proof, fetchChallenge } = harness();
    for (const request of [formPost("/api/v1/contact/challenge", "GET"), formPost("/api/health", "GET"), formPost("/api/v1/other")]) {
      const sent = await onRequest(proof, request);
      expect(sent.headers.has("Altcha")).toBe(false);
    }
    await clock.advance(1_000);
    expect(fetchChallenge).not.toHaveBeenCalled();
  });

  it("sends without the header when there is no proof", async () => {
    const { clock, proof } = harness({ next: () => new Error("404") });
    const request = track(onRequest(proof, formPost()));
    await clock.advance(100);
    expect(request.done).toBe(true);
    expect(request.value!.headers.has("Altcha")).toBe(false);
  });

  it("prepares the next challenge when a send fails", async () => {
    const { proof, fetchChallenge } = harness();
    await proofMiddleware(proof).onError!({ request: formPost(), error: new TypeError("Failed to fetch") } as never);
    expect(fetchChallenge).toHaveBeenCalledTimes(1);
  });
});

describe("the spam trap", () => {
  /** A form with one trap input holding `value` (the DOM's form.elements.namedItem). */
  function formWith(value: string | undefined): HTMLFormElement {
    const input = value === undefined ? null : { value };
    return { elements: { namedItem: (name: string) => (name === "altContact" ? input : null) } } as unknown as HTMLFormElement;
  }

  it("is sent only when filled, cut to the contract's length", () => {
    expect(trapValue(formWith(""), 1000)).toBeUndefined();
    expect(trapValue(formWith("   "), 1000)).toBeUndefined();
    expect(trapValue(formWith(undefined), 1000)).toBeUndefined();
    expect(trapValue(null, 1000)).toBeUndefined();
    expect(trapValue(formWith("+1 555 0100"), 1000)).toBe("+1 555 0100");
    expect(trapValue(formWith("é".repeat(1200)), 1000)).toBe("é".repeat(1000));
  });

  it("is emptied after a success", () => {
    const form = formWith("spam");
    clearTrap(form);
    expect(trapValue(form, 1000)).toBeUndefined();
  });
});
