/**
 * The patches to installed packages (patches/, applied by `npm ci` through
 * patch-package). These fail if a patch is no longer applied; the answers
 * must stay what the contract says.
 *
 * express-openapi-validator: once the app has served its first request, a
 * submission compiles no route pattern, parses its target without the legacy
 * url.parse, finds its operation without trying the spec's routes again,
 * parses no Content-Type it has seen before and, without query string, runs
 * no parameter mutator. Unpatched, every request did all of these.
 */
import { OpenApiContext } from "express-openapi-validator/dist/framework/openapi.context";
import { RequestParameterMutator } from "express-openapi-validator/dist/middlewares/parsers/req.parameter.mutator";
import { ContentType } from "express-openapi-validator/dist/middlewares/util";
import * as pathToRegexp from "path-to-regexp";
import request from "supertest";
import url from "url";
import { API, contractExample, startTestApp, type TestApp } from "../contract/helpers";

let test: TestApp;

beforeEach(() => {
  // As a deployment runs (VALIDATE_RESPONSES off): the response validator parses each answer's request on its own.
  test = startTestApp({ rateLimitMax: 1000, validateResponses: false });
});

afterEach(async () => {
  jest.restoreAllMocks();
  await test.cleanup();
});

const FORMS = ["news-letter", "contact_us", "quote_request"] as const;

/** Each of FORMS submitted `rounds` times, each answered 201. */
async function submitForms(rounds: number): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (const form of FORMS) await request(test.app).post(`${API}/${form}`).send(contractExample(form)).expect(201);
  }
}

const submit = () => request(test.app).post(`${API}/contact_us`).send(contractExample("contact_us")).expect(201);

describe("express-openapi-validator", () => {
  it("serving submissions compiles no route pattern and runs no url.parse on their targets", async () => {
    // The first requests build what the validator keeps (each route's pattern, each operation's checks).
    await submitForms(1);
    const compile = jest.spyOn(pathToRegexp, "pathToRegexp");
    const parse = jest.spyOn(url, "parse");
    await submitForms(3);
    // A request's own target is a path: what the test's HTTP client parses is a whole URL.
    const targetsParsed = parse.mock.calls.filter(([target]) => typeof target === "string" && target.startsWith("/"));
    expect(compile).not.toHaveBeenCalled();
    expect(targetsParsed).toEqual([]);
  });

  it("serving submissions walks no route of the spec again and parses no Content-Type seen before", async () => {
    await submitForms(1);
    const walk = jest.spyOn(OpenApiContext.prototype, "routePair");
    const parse = jest.spyOn(ContentType, "from");
    await submitForms(3);
    expect(walk).not.toHaveBeenCalled();
    expect(parse).not.toHaveBeenCalled();
  });

  it("a remembered lookup answers as the first one did: another case of the path, another method, an unknown path", async () => {
    for (let round = 0; round < 2; round++) {
      await request(test.app).post(`${API.toUpperCase()}/CONTACT_US`).send(contractExample("contact_us")).expect(201);
      const wrongMethod = await request(test.app).get(`${API}/contact_us`).expect(405);
      expect(wrongMethod.body).toEqual({ message: expect.stringMatching(/\S/) });
      const unknown = await request(test.app).post(`${API}/no_such_form`).send({}).expect(404);
      expect(unknown.body).toEqual({ message: expect.stringMatching(/\S/) });
      // A body the contract refuses, after the same path was served: still refused, with its reasons.
      const refused = await request(test.app).post(`${API}/contact_us`).send({ ...contractExample("contact_us"), email: "not an address" }).expect(400);
      expect(JSON.stringify(refused.body)).toMatch(/email/);
    }
  });

  it("keeps answering and remembering once more paths were looked up than it keeps", async () => {
    // More distinct targets than the 1,000 it keeps, before the form's first: the form's lookup is
    // still remembered (the oldest are let go), not left out because the memory is full.
    const agent = request(test.app);
    for (let i = 0; i < 1010; i += 1) await agent.get(`${API}/unknown-${i}`).expect(404);
    await submit();
    const walk = jest.spyOn(OpenApiContext.prototype, "routePair");
    await submit();
    expect(walk).not.toHaveBeenCalled();
  });

  it("skips the parameter mutator for a submission without query string, and still refuses an unknown query parameter", async () => {
    await submit();
    const mutate = jest.spyOn(RequestParameterMutator.prototype, "modifyRequest");
    await request(test.app).post(`${API}/contact_us`).set("Idempotency-Key", "a-key-for-the-patch-test").send(contractExample("contact_us")).expect(201);
    expect(mutate).not.toHaveBeenCalled();
    const refused = await request(test.app).post(`${API}/contact_us?utm_source=mail`).send(contractExample("contact_us")).expect(400);
    expect(mutate).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(refused.body)).toMatch(/utm_source/);
  });
});
