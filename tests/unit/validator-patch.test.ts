/**
 * The patch to express-openapi-validator (patches/, applied by `npm ci`
 * through patch-package): once the app has served its first request, a
 * submission compiles no route pattern and parses its target without the
 * legacy url.parse. Unpatched, every request compiled the pattern of each
 * route up to its own and ran url.parse on its target. This fails if the
 * patch is no longer applied.
 */
import * as pathToRegexp from "path-to-regexp";
import request from "supertest";
import url from "url";
import { API, contractExample, startTestApp, type TestApp } from "../contract/helpers";

let test: TestApp;

beforeEach(() => {
  test = startTestApp({ rateLimitMax: 1000 });
});

afterEach(async () => {
  jest.restoreAllMocks();
  await test.cleanup();
});

it("serving submissions compiles no route pattern and runs no url.parse on their targets", async () => {
  const forms = ["news-letter", "contact_us", "quote_request"] as const;
  // The first requests build what the validator keeps (each route's pattern, each operation's checks).
  for (const form of forms) await request(test.app).post(`${API}/${form}`).send(contractExample(form)).expect(201);
  const compile = jest.spyOn(pathToRegexp, "pathToRegexp");
  const parse = jest.spyOn(url, "parse");
  for (let round = 0; round < 3; round++) {
    for (const form of forms) await request(test.app).post(`${API}/${form}`).send(contractExample(form)).expect(201);
  }
  // A request's own target is a path: what the test's HTTP client parses is a whole URL.
  const targetsParsed = parse.mock.calls.filter(([target]) => typeof target === "string" && target.startsWith("/"));
  expect(compile).not.toHaveBeenCalled();
  expect(targetsParsed).toEqual([]);
});
