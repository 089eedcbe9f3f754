/**
 * Where a lead came from (the contract's Attribution), on both stores: sent
 * as an object in a JSON body or as one JSON-encoded part of a multipart
 * body, it is stored with the lead and shown at the foot of its
 * notification, each part on its own labelled line; a value the contract
 * does not allow is refused (400) with the field named.
 */
import request from "supertest";
import { API, contractExample, expectAccepted, expectError, setUpContractApp } from "../../../testkit/contract-app";
import { CAREERS, postMultipart } from "../../../testkit/form-bodies";

const ATTRIBUTION = {
  landingPage: "/loading-arms",
  referrer: "https://www.google.com",
  utm_source: "newsletter",
  utm_medium: "email",
  utm_campaign: "حملة-الربع-الثاني",
  utm_term: "bottom loading arm",
  utm_content: "banner-2",
  page: "/contact",
};

const FOOT = [
  "Where it came from:",
  "- Sent from: /contact",
  "- Landing page: /loading-arms",
  "- Referring site: https://www.google.com",
  "- Campaign source (utm_source): newsletter",
  "- Campaign medium (utm_medium): email",
  "- Campaign (utm_campaign): حملة-الربع-الثاني",
  "- Campaign term (utm_term): bottom loading arm",
  "- Campaign content (utm_content): banner-2",
].join("\n");

function career(attribution: string) {
  return postMultipart(test.app, CAREERS).field("attribution", attribution);
}

const test = setUpContractApp();

describe("attribution", () => {
  it("in a JSON body: stored with the lead and shown at the foot of the notification", async () => {
    const id = expectAccepted(await request(test.app).post(`${API}/contact_us`).send({ ...contractExample("contact_us"), attribution: ATTRIBUTION }));
    const stored = await test.stored(id);
    expect(stored?.submission.payload.attribution).toEqual(ATTRIBUTION);
    const text = stored!.outbox[0].body;
    expect(text.trimEnd().endsWith(FOOT)).toBe(true);
    expect(text).not.toMatch(/attribution|\[object Object\]/);
  });

  it("in a multipart body: one JSON-encoded part", async () => {
    const id = expectAccepted(await career(JSON.stringify({ landingPage: "/careers", page: "/careers" })));
    const stored = await test.stored(id);
    expect(stored?.submission.payload.attribution).toEqual({ landingPage: "/careers", page: "/careers" });
    expect(stored!.outbox[0].body).toContain("Where it came from:\n- Sent from: /careers\n- Landing page: /careers\n");
  });

  it("absent: no foot", async () => {
    const { attribution: _left, ...body } = contractExample("contact_us");
    const id = expectAccepted(await request(test.app).post(`${API}/contact_us`).send(body));
    expect((await test.stored(id))!.outbox[0].body).not.toContain("Where it came from");
  });

  it.each([
    ["a referrer with a path (only the origin is kept)", { referrer: "https://www.google.com/search?q=x" }, "/body/attribution/referrer"],
    ["a landing page with its query", { landingPage: "/?email=a@b.c" }, "/body/attribution/landingPage"],
    ["a field the contract does not list", { gclid: "abc" }, "/body/attribution/gclid"],
    ["a campaign value over 200 characters", { utm_campaign: "x".repeat(201) }, "/body/attribution/utm_campaign"],
  ])("refuses %s (400, the field named)", async (_what, attribution, path) => {
    const res = await request(test.app)
      .post(`${API}/contact_us`)
      .send({ ...contractExample("contact_us"), attribution });
    const error = expectError(res, 400);
    expect(error.errors?.map((e) => e.path)).toContain(path);
  });

  it("refuses a multipart attribution part that is no JSON object (400)", async () => {
    const error = expectError(await career("landingPage=/careers"), 400);
    expect(error.errors?.map((e) => e.path)).toContain("/body/attribution");
  });
});
