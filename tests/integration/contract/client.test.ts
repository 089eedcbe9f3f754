/**
 * The browser's typed client (src/contract/client.ts) against the real API over
 * HTTP: JSON and multipart calls are accepted, a failure becomes the server's
 * message, anything else the fallback text ("An error occurred. Please try
 * again later.").
 */
import { createServer, type Server } from "http";
import type { AddressInfo } from "net";
import { createApiClient, DEFAULT_ERROR_MESSAGE, errorMessage, postMultipart, toFormData, type MultipartPath } from "../../../src/contract/client";
import { makeDocx, makePdf } from "../../../testkit/documents";
import { expectStored, startContractApp, type TestApp } from "../../../testkit/contract-app";
import { CAREERS } from "../../../testkit/form-bodies";

/** A browser File of these bytes. */
const fileOf = (content: Buffer, name: string) => new File([new Uint8Array(content)], name);

let test: TestApp;
let server: Server;
let client: ReturnType<typeof createApiClient>;

beforeAll(async () => {
  test = await startContractApp();
  await new Promise<void>((resolve) => {
    server = createServer(test.app).listen(0, "127.0.0.1", () => resolve());
  });
  client = createApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await test.cleanup();
});

describe("typed client", () => {
  it("posts a JSON form", async () => {
    const { data, error } = await client.POST("/api/v1/contact/news-letter", { body: { email: "reader@example.org", mailType: "newsletter" } });
    expect(error).toBeUndefined();
    await expectStored(test, data!.id, "newsletter");
  });

  it("posts a multipart form with files, a number and an encoded list", async () => {
    const { data: application, error } = await postMultipart(
      "/api/v1/contact/careers",
      {
        ...(CAREERS.fields as { firstName: string; lastName: string; email: string; phoneNumber: string; nationality: string; countryName: string; mailType: "career" }),
        resume: fileOf(makePdf(), "cv.pdf"),
        coverLetter: fileOf(makeDocx(), "letter.docx"),
      },
      client,
    );
    expect(error).toBeUndefined();
    const stored = await expectStored(test, application!.id, "career", { resume: makePdf(), coverLetter: makeDocx() });
    expect(stored.attachments.map((a) => a.original_name).sort()).toEqual(["cv.pdf", "letter.docx"]);

    const sme = await postMultipart(
      "/api/v1/contact/sme_form",
      {
        fullName: "Margaret Hamilton",
        email: "margaret@example.org",
        phoneNumber: "+49 30 1234567",
        linkedIn: "",
        experience: 12,
        regionName: "Europe",
        countryName: "Germany",
        expertise: "Machining",
        availability: "Flexible",
        resume: fileOf(makeDocx(), "resume.docx"),
        mailType: "sme_form",
      },
      client,
    );
    expect(sme.error).toBeUndefined();
    expect((await expectStored(test, sme.data!.id, "sme_form", { resume: makeDocx() })).payload.experience).toBe(12);

    const partner = await postMultipart(
      "/api/v1/contact/transfer_partner",
      {
        companyName: "Institute",
        fullName: "Alan Turing",
        jobRole: "Dean",
        email: "alan@example.org",
        phoneNumber: "+44 20 7946 0000",
        regionName: "Europe",
        countryName: "United Kingdom",
        interestedIn: ["Collaborative training programs", "Knowledge sharing initiatives"],
        message: "Exchange programmes.",
        support_doc: fileOf(makePdf(), "support.pdf"),
        mailType: "transfer_partner_form",
      },
      client,
    );
    expect(partner.error).toBeUndefined();
    expect((await expectStored(test, partner.data!.id, "transfer_partner_form", { support_doc: makePdf() })).payload.interestedIn).toEqual([
      "Collaborative training programs",
      "Knowledge sharing initiatives",
    ]);
  });

  it("turns a refusal into the server's message", async () => {
    const result = await client.POST("/api/v1/contact/contact_us", {
      body: {
        firstName: "Ada",
        lastName: "Lovelace",
        subject: "General Inquiry",
        email: "not-an-email",
        phoneNumber: "0501234567",
        companyName: "Engines",
        mailType: "contact",
      },
    });
    expect(result.response.status).toBe(400);
    expect(result.error?.errors?.[0].path).toBe("/body/email");
    expect(errorMessage(result.error)).toBe(result.error?.message);
    expect(errorMessage(result)).toBe(result.error?.message);
    expect(errorMessage(result.error)).toContain("email");
  });

  it("shows the fallback for anything without a server message", async () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessage("<html>502 Bad Gateway</html>")).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessage({ message: "" })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessage(undefined, "Submission failed")).toBe("Submission failed");
    expect(errorMessage({ error: { message: "Too many requests. Please try again later." } })).toBe("Too many requests. Please try again later.");
  });
});

describe("toFormData", () => {
  it("appends files as files, lists as JSON, numbers as text, and leaves out empty values", () => {
    const file = new File(["%PDF-"], "cv.pdf");
    const form = toFormData({ resume: file, interestedIn: ["A", "B"], experience: 3, linkedIn: "", comments: undefined });
    expect([...form.keys()]).toEqual(["resume", "interestedIn", "experience"]);
    expect((form.get("resume") as File).name).toBe("cv.pdf");
    expect(form.get("interestedIn")).toBe('["A","B"]');
    expect(form.get("experience")).toBe("3");
  });

  it("knows which calls are multipart", () => {
    const paths: MultipartPath[] = [
      "/api/v1/contact/careers",
      "/api/v1/contact/sme_form",
      "/api/v1/contact/transfer_partner",
      "/api/v1/contact/product_order_form",
    ];
    // @ts-expect-error a JSON call is not a multipart path
    const json: MultipartPath = "/api/v1/contact/contact_us";
    expect(paths).not.toContain(json);
  });
});
