/**
 * Every form of the site, in the browser, against the real API (the server
 * Playwright starts): filled and sent with small real files, the exact
 * success and failure messages word for word, the reset after a success, the
 * invalid states (red border + aria-invalid once visited, disabled buttons,
 * nothing sent), the pending button texts (a delayed response) and a failure
 * answered by the server (page.route) that keeps everything typed.
 */
import type { Locator, Page, Request, Route } from "@playwright/test";
import demoForm from "../../data/forms/demo_form.json";
import trainings from "../../data/trainings.json";
import { axeViolations } from "../../testkit/axe";
import { makeDocx, makePdf } from "../../testkit/documents";
import { expect, formReady, test, waitForHydration } from "../../testkit/e2e";
import { watchPageProblems } from "../../testkit/built-site";

const API = "/api/v1/contact/";
const RED = "rgb(179, 38, 30)";

const SENT = "Your message has been sent successfully!";
const DEFAULT_ERROR = "An error occurred. Please try again later.";
const SERVER_MESSAGE = "Test server message";

const pdf = (name = "cv.pdf") => ({ name, mimeType: "application/pdf", buffer: makePdf("Test document") });
const docx = (name = "letter.docx") => ({
  name,
  mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  buffer: makeDocx("Test letter"),
});

/** The form in this slot, once React runs it (testkit/e2e.ts formReady: before that its button stays disabled). */
async function formIn(scope: Page | Locator, slot: string): Promise<Locator> {
  const form = scope.locator(`form[data-form="${slot}"]`);
  return formReady(form);
}

/** Every POST the page makes to the API, as it happens. */
function apiPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes(API)) posts.push(request);
  });
  return posts;
}

/** The attribution of a form sent from the page the visit landed on (src/attribution/; the page was opened directly: no referrer, no utm_*), with the page's language. */
function attributionOf(page: string) {
  return { landingPage: page, page, language: page === "/ar" || page.startsWith("/ar/") ? "ar" : "en" };
}

/** The next POST to one call of the API. */
function nextPost(page: Page, call: string): Promise<Request> {
  return page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith(`${API}${call}`));
}

/**
 * Records the fields of every multipart body the page sends to the API, as the
 * browser's fetch sees them (Chromium does not hand a body with files to
 * Playwright): text values, and { filename, size } for files.
 */
async function recordMultipart(page: Page) {
  await page.addInitScript((api) => {
    if ("__multipart" in window) return;
    const original = window.fetch.bind(window);
    const sent: { url: string; fields: Record<string, unknown> }[] = [];
    (window as unknown as { __multipart: typeof sent }).__multipart = sent;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.method === "POST" && request.url.includes(api) && request.headers.get("content-type")?.startsWith("multipart/form-data")) {
        const form = await request.clone().formData();
        const fields: Record<string, unknown> = {};
        form.forEach((value, key) => {
          fields[key] = typeof value === "string" ? value : { filename: value.name, size: value.size };
        });
        sent.push({ url: request.url, fields });
      }
      return original(request);
    };
  }, API);
}

/** The fields of the last multipart body sent to one call (see recordMultipart). */
async function sentMultipart(page: Page, call: string): Promise<Record<string, unknown>> {
  const sent = await page.evaluate(() => (window as unknown as { __multipart: { url: string; fields: Record<string, unknown> }[] }).__multipart);
  const last = sent.filter((entry) => entry.url.endsWith(call)).pop();
  expect(last).toBeDefined();
  return last!.fields;
}

/** A failure answered by the server, in the API's error shape. */
async function failWith(page: Page, call: string, status = 400, body: object = { message: SERVER_MESSAGE }) {
  await page.route(`**${API}${call}`, (route) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) }));
}

/** Holds the requests to a call until release() (then they reach the real server). */
async function holdRequests(page: Page, call: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${API}${call}`, async (route: Route) => {
    await released;
    await route.continue();
  });
  return { release };
}

async function expectInvalid(control: Locator) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveCSS("border-top-color", RED);
}

async function expectNotInvalid(control: Locator) {
  await expect(control).not.toHaveAttribute("aria-invalid", "true");
}

test.describe("newsletter (footer)", () => {
  test("disabled while invalid, Submitting… while pending, reset after success; the second sign-up sends mailType newsletter", async ({ page }) => {
    await page.goto("/about-us");
    const form = await formIn(page.getByRole("contentinfo"), "news-letter");
    const email = form.getByLabel("E-mail address");
    const button = form.getByRole("button", { name: "Subscribe" });

    await expect(button).toBeDisabled();
    await email.fill("not-an-email");
    await expectNotInvalid(email); // not visited yet
    await email.blur();
    await expectInvalid(email);
    await expect(button).toBeDisabled();

    await email.fill("first.reader@example.org");
    await expectNotInvalid(email);
    await expect(button).toBeEnabled();

    const held = await holdRequests(page, "news-letter");
    const first = nextPost(page, "news-letter");
    await button.click();
    expect((await first).postDataJSON()).toEqual({ email: "first.reader@example.org", mailType: "news_letter", attribution: attributionOf("/about-us") });
    await expect(form.getByRole("button", { name: "Submitting…" })).toBeDisabled();
    held.release();
    await expect(form.getByRole("status")).toHaveText(SENT);
    await expect(button).toHaveText("Subscribe");
    await expect(email).toHaveValue("");
    await expect(button).toBeDisabled();
    await expectNotInvalid(email);
    expect((await (await first).response())!.status()).toBe(201);

    await email.fill("second.reader@example.org");
    const second = nextPost(page, "news-letter");
    await button.click();
    expect((await second).postDataJSON()).toEqual({ email: "second.reader@example.org", mailType: "newsletter", attribution: attributionOf("/about-us") });
    expect((await (await second).response())!.status()).toBe(201);
    await expect(form.getByRole("status")).toHaveText(SENT);
  });

  test("a failure shows the server's message (else the default one) and keeps the e-mail", async ({ page }) => {
    await page.goto("/");
    const form = await formIn(page.getByRole("contentinfo"), "news-letter");
    const email = form.getByLabel("E-mail address");
    await failWith(page, "news-letter");
    await email.fill("reader@example.org");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toHaveText(SERVER_MESSAGE);
    await expect(email).toHaveValue("reader@example.org");
    await expect(form.getByRole("status")).toHaveText("");

    await page.unroute(`**${API}news-letter`);
    await failWith(page, "news-letter", 500, {});
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toHaveText(DEFAULT_ERROR);
    await expect(email).toHaveValue("reader@example.org");
  });
});

test.describe("talent community (careers)", () => {
  test("joins with mailType news_letter and thanks the visitor", async ({ page }) => {
    await page.goto("/careers");
    const form = await formIn(page.getByRole("main"), "news-letter");
    const email = form.getByLabel("E-mail address");
    await email.fill("talent@example.org");
    const post = nextPost(page, "news-letter");
    await form.getByRole("button", { name: "Join" }).click();
    expect((await post).postDataJSON()).toEqual({ email: "talent@example.org", mailType: "news_letter", attribution: attributionOf("/careers") });
    await expect(form.getByRole("status")).toHaveText("Thanks for joining our talent community!");
    await expect(email).toHaveValue("");
  });

  test("a failure shows the error's message", async ({ page }) => {
    await page.goto("/careers");
    const form = await formIn(page.getByRole("main"), "news-letter");
    await failWith(page, "news-letter", 429, { message: "Too many requests. Please try again later." });
    await form.getByLabel("E-mail address").fill("talent@example.org");
    await form.getByRole("button", { name: "Join" }).click();
    await expect(form.getByRole("alert")).toHaveText("Too many requests. Please try again later.");
    await expect(form.getByLabel("E-mail address")).toHaveValue("talent@example.org");
  });
});

test.describe("contact", () => {
  /** What fillContact types and chooses, as the body sends it. */
  const CONTACT_SENT = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.org",
    phoneNumber: "0501234567",
    companyName: "Analytical Engines",
    subject: "Technical Support",
    message: "Please call me about a torque pump.",
  };

  async function fillContact(form: Locator) {
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill("Lovelace");
    await form.getByLabel("E-mail").fill("ada@example.org");
    await form.getByLabel("Phone number").fill("0501234567");
    await form.getByLabel("Company").fill("Analytical Engines");
    await form.getByLabel("Subject").selectOption("Technical Support");
    await form.getByLabel("Message").fill("Please call me about a torque pump.");
  }

  test("an invalid submission sends nothing and marks every field; the phone takes 10 characters at most", async ({ page }) => {
    await page.goto("/contact");
    const form = await formIn(page, "contact_us");
    const posts = apiPosts(page);
    await expect(form.getByLabel("Subject")).toHaveValue("General Inquiry");
    await expect(form.getByLabel("Subject").locator("option")).toHaveText(["General Inquiry", "Sales Inquiry", "Technical Support", "Service Inquiry"]);

    const phone = form.getByLabel("Phone number");
    await expect(phone).toHaveAttribute("maxlength", "10");
    await expect(phone).toHaveAttribute("inputmode", "numeric");
    await phone.pressSequentially("050123456789");
    await expect(phone).toHaveValue("0501234567");
    await expect(phone).toHaveAccessibleDescription("10 digits, numbers only.");

    const button = form.getByRole("button", { name: "Send message" });
    await expect(button).toBeEnabled(); // the contact form marks the fields instead of disabling the button
    await button.click();
    for (const label of ["First name", "Last name", "E-mail", "Company"]) await expectInvalid(form.getByLabel(label));
    await expectNotInvalid(phone);
    await expectNotInvalid(form.getByLabel("Message")); // optional
    await expect(form.getByLabel("First name")).toBeFocused();

    await form.getByLabel("E-mail").fill("ada@");
    await phone.fill("05012");
    await phone.blur();
    await expectInvalid(phone);
    await button.click();
    // The click was handled, refused: the first invalid field has the focus again (phone was left, the button clicked).
    await expect(form.getByLabel("First name")).toBeFocused();
    expect(posts).toHaveLength(0);
  });

  test("the served form runs no code until a visitor reaches for it; what is typed before its code runs is kept and sent", async ({ page, hydrated }) => {
    const { errors } = watchPageProblems(page);
    await page.goto("/contact");
    await hydrated();
    await page.waitForLoadState("networkidle");
    const form = page.locator('form[data-form="contact_us"]');
    // The page is React's, the form still the served HTML (src/forms/island.tsx): its button disabled, no code of its own.
    await expect(form).not.toHaveAttribute("data-hydrated", "true");
    await expect(form.getByRole("button", { name: "Send message" })).toBeDisabled();

    // Reaching for it asks for its code; held back while the visitor types and chooses, as on a slow network.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route("**/*.js", async (route) => {
      asked.push(route.request().url());
      await released;
      await route.continue();
    });
    await fillContact(form);
    await expect.poll(() => asked.length, { message: "the form's code was asked for" }).toBeGreaterThan(0);
    await expect(form).not.toHaveAttribute("data-hydrated", "true");
    release();
    await expect(form).toHaveAttribute("data-hydrated", "true");
    await expect(form.getByLabel("First name")).toHaveValue("Ada");
    await expect(form.getByLabel("Subject")).toHaveValue("Technical Support");

    const post = nextPost(page, "contact_us");
    await form.getByRole("button", { name: "Send message" }).click();
    expect((await post).postDataJSON()).toMatchObject(CONTACT_SENT);
    await expect(form.getByRole("status")).toHaveText(SENT);
    expect(errors).toEqual([]);
  });

  test("sends the enquiry, shows the success message and resets (subject back to General Inquiry)", async ({ page }) => {
    await page.goto("/contact");
    const form = await formIn(page, "contact_us");
    await fillContact(form);
    const post = nextPost(page, "contact_us");
    await form.getByRole("button", { name: "Send message" }).click();
    expect((await post).postDataJSON()).toEqual({
      ...CONTACT_SENT,
      mailType: "contact",
      attribution: attributionOf("/contact"),
    });
    expect((await (await post).response())!.status()).toBe(201);
    await expect(form.getByRole("status")).toHaveText(SENT);
    for (const label of ["First name", "Last name", "E-mail", "Phone number", "Company", "Message"]) {
      await expect(form.getByLabel(label)).toHaveValue("");
      await expectNotInvalid(form.getByLabel(label));
    }
    await expect(form.getByLabel("Subject")).toHaveValue("General Inquiry");
  });

  test("a failure shows the server's message and keeps everything typed", async ({ page }) => {
    await page.goto("/contact");
    const form = await formIn(page, "contact_us");
    await failWith(page, "contact_us");
    await fillContact(form);
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByRole("alert")).toHaveText(SERVER_MESSAGE);
    await expect(form.getByLabel("First name")).toHaveValue("Ada");
    await expect(form.getByLabel("Phone number")).toHaveValue("0501234567");
    await expect(form.getByLabel("Subject")).toHaveValue("Technical Support");
    await expect(form.getByLabel("Message")).toHaveValue("Please call me about a torque pump.");
  });
});

test.describe("manufacturing demo", () => {
  async function fillDemo(form: Locator) {
    await form.getByLabel("First name").fill("Grace");
    await form.getByLabel("Last name").fill("Hopper");
    await form.getByLabel("Job Title").fill("Plant Engineer");
    await form.getByRole("textbox", { name: "Company", exact: true }).fill("Compilers Ltd");
    await form.getByLabel("E-mail").fill("grace@example.org");
    await form.getByLabel("Phone number").fill("0507654321");
    await form.getByLabel("Country").fill("United Arab Emirates");
    await form.getByLabel("Interested In").selectOption({ label: "Finished Components" });
  }

  test("without acceptTerms nothing is sent; with it, the body has no acceptTerms; success resets acceptTerms", async ({ page }) => {
    await page.goto("/manufacturing");
    const form = await formIn(page, "demo_form");
    const posts = apiPosts(page);
    const interest = demoForm.fieldWords.find((field) => field.name === "interestedIn") as { placeholder: string; options: { label: string }[] };
    await expect(form.getByLabel("Interested In").locator("option")).toHaveText([interest.placeholder, ...interest.options.map((option) => option.label)]);
    await fillDemo(form);
    const terms = form.getByRole("checkbox");
    await expect(terms).not.toBeChecked();
    await form.getByRole("button", { name: "Schedule a demo" }).click();
    await expect(terms).toHaveAttribute("aria-invalid", "true");
    await expect(terms).toBeFocused();
    expect(posts).toHaveLength(0);

    await terms.check();
    await expectNotInvalid(terms);
    const post = nextPost(page, "demo_form");
    await form.getByRole("button", { name: "Schedule a demo" }).click();
    const body = (await post).postDataJSON() as Record<string, unknown>;
    expect(body).not.toHaveProperty("acceptTerms");
    expect(body).toEqual({
      firstName: "Grace",
      lastName: "Hopper",
      jobRole: "Plant Engineer",
      email: "grace@example.org",
      interestedIn: "option2",
      companyName: "Compilers Ltd",
      phoneNumber: "0507654321",
      countryName: "United Arab Emirates",
      mailType: "demo_form",
      attribution: attributionOf("/manufacturing"),
    });
    expect((await (await post).response())!.status()).toBe(201);
    // The refused click sent nothing, neither at once nor later: the only POST is this one.
    expect(posts).toHaveLength(1);
    await expect(form.getByRole("status")).toHaveText(SENT);
    await expect(terms).not.toBeChecked();
    await expect(form.getByLabel("Job Title")).toHaveValue("");
    await expect(form.getByLabel("Interested In")).toHaveValue("");
  });

  test("a failure shows the server's message and keeps everything typed", async ({ page }) => {
    await page.goto("/manufacturing");
    const form = await formIn(page, "demo_form");
    await failWith(page, "demo_form");
    await fillDemo(form);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Schedule a demo" }).click();
    await expect(form.getByRole("alert")).toHaveText(SERVER_MESSAGE);
    await expect(form.getByLabel("Job Title")).toHaveValue("Plant Engineer");
    await expect(form.getByRole("checkbox")).toBeChecked();
  });
});

test.describe("job application (careers modal)", () => {
  const ROLE = "Supply Chain and Operations";

  async function openApplication(page: Page): Promise<{ dialog: Locator; form: Locator }> {
    await recordMultipart(page);
    await page.goto("/careers");
    const form = await formIn(page, "careers");
    const card = page.getByTestId("role-card").filter({ has: page.getByRole("heading", { name: ROLE, exact: true }) });
    await card.getByRole("button", { name: "Apply Now" }).click();
    const dialog = page.getByRole("dialog", { name: `Apply for ${ROLE}` });
    await expect(dialog).toBeVisible();
    await expect(form).toHaveAttribute("data-job-role", ROLE);
    return { dialog, form };
  }

  async function fillApplication(form: Locator) {
    await form.getByLabel("First name").fill("Katherine");
    await form.getByLabel("Last name").fill("Johnson");
    await form.getByLabel("E-mail").fill("katherine@example.org");
    await form.getByLabel("Phone number").fill("+971 50 123 4567");
    await form.getByLabel("Nationality").fill("American");
    await form.getByLabel("Country of residence").fill("United Arab Emirates");
    await form.getByLabel("Resume / CV").setInputFiles(pdf("Katherine CV.pdf"));
    await form.getByLabel("Cover letter").setInputFiles(docx("letter.docx"));
  }

  test("disabled while invalid; sends multipart with the role; closes the modal with the success message; resets", async ({ page }) => {
    const { dialog, form } = await openApplication(page);
    const button = form.getByRole("button", { name: "Send application" });
    for (const label of ["Resume / CV", "Cover letter"]) await expect(form.getByLabel(label)).toHaveAttribute("accept", ".pdf,.doc,.docx");
    await expect(button).toBeDisabled();

    await fillApplication(form);
    await expect(button).toBeEnabled();
    await form.getByLabel("Phone number").fill("12-34");
    await form.getByLabel("Phone number").blur();
    await expectInvalid(form.getByLabel("Phone number"));
    await expect(button).toBeDisabled();
    await form.getByLabel("Phone number").fill("+971 50 123 4567");
    await expect(button).toBeEnabled();

    const post = nextPost(page, "careers");
    await button.click();
    const request = await post;
    expect(request.headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(await sentMultipart(page, "careers")).toEqual({
      firstName: "Katherine",
      lastName: "Johnson",
      email: "katherine@example.org",
      phoneNumber: "+971 50 123 4567",
      nationality: "American",
      countryName: "United Arab Emirates",
      jobRole: ROLE,
      mailType: "career",
      resume: { filename: "Katherine CV.pdf", size: pdf().buffer.length },
      coverLetter: { filename: "letter.docx", size: docx().buffer.length },
      attribution: JSON.stringify(attributionOf("/careers")),
    });
    expect((await request.response())!.status()).toBe(201);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Application sent – best of luck!" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Application sent – best of luck!" })).toHaveText(/^Application sent – best of luck!/);

    const card = page.getByTestId("role-card").filter({ has: page.getByRole("heading", { name: ROLE, exact: true }) });
    await card.getByRole("button", { name: "Apply Now" }).click();
    await expect(dialog).toBeVisible();
    await expect(form.getByLabel("First name")).toHaveValue("");
    await expect(form.getByLabel("Resume / CV")).toHaveValue("");
    await expect(button).toBeDisabled();
  });

  test("a failure keeps the modal open and filled, with the error's message", async ({ page }) => {
    const { dialog, form } = await openApplication(page);
    await failWith(page, "careers");
    await fillApplication(form);
    await form.getByRole("button", { name: "Send application" }).click();
    await expect(form.getByRole("alert")).toHaveText(SERVER_MESSAGE);
    await expect(dialog).toBeVisible();
    await expect(form.getByLabel("Nationality")).toHaveValue("American");
    expect(await form.getByLabel("Resume / CV").evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe("Katherine CV.pdf");
  });
});

test.describe("trainings modals", () => {
  /** The card of data/trainings.json whose modal holds the form `slot`: its button opens it, its title names the dialog. */
  const cardFor = (slot: string) => trainings.cards.find((card) => card.form === slot)!;

  async function openCard(page: Page, slot: string): Promise<{ dialog: Locator; form: Locator }> {
    const { button, title } = cardFor(slot);
    await recordMultipart(page);
    await page.goto("/trainings");
    const form = await formIn(page, slot);
    await page.getByRole("button", { name: button, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    return { dialog, form };
  }

  async function fillTraining(form: Locator) {
    await form.getByLabel("Full name").fill("Alan Turing");
    await form.getByLabel("Company").fill("Bletchley Works");
    await form.getByLabel("Job role").fill("Maintenance Lead");
    await form.getByLabel("E-mail").fill("alan@example.org");
    await form.getByLabel("Phone number").fill("+44 20 1234 5678");
    await form.getByLabel("Region").selectOption("Europe");
    await form.getByLabel("Country").fill("United Kingdom");
    await form.getByLabel("Training you are interested in").fill("Controlled bolting");
    await form.getByLabel("Number of participants").fill("3");
    await form.getByRole("radio", { name: "On Site" }).check();
  }

  async function fillSme(form: Locator) {
    await form.getByLabel("Full name").fill("Margaret Hamilton");
    await form.getByLabel("E-mail").fill("margaret@example.org");
    await form.getByLabel("Phone number").fill("(02) 123-45678");
    await form.getByLabel("Years of experience").fill("0");
    await form.getByLabel("Area of expertise").fill("Hydrotesting");
    await form.getByLabel("Region").selectOption("North America");
    await form.getByLabel("Country").fill("United States");
    await form.getByRole("radio", { name: "Weekends" }).check();
    await form.getByLabel("Resume / CV").setInputFiles(docx("resume.docx"));
    await form.getByLabel("How you can make an impact").fill("Hands-on courses.");
  }

  async function fillPartnership(form: Locator) {
    await form.getByLabel("Organisation").fill("Institute of Technology");
    await form.getByLabel("Full name").fill("Katherine Johnson");
    await form.getByLabel("Job role").fill("Dean");
    await form.getByLabel("E-mail").fill("dean@example.org");
    await form.getByLabel("Phone number").fill("+971 2 123 4567");
    await form.getByLabel("Region").selectOption("Asia");
    await form.getByLabel("Country").fill("United Arab Emirates");
    await form.getByRole("checkbox", { name: "Knowledge sharing initiatives" }).check();
    await form.getByRole("checkbox", { name: "Technology Integration" }).check();
    await form.getByLabel("How your collaboration will add value").fill("Joint courses for students.");
    await form.getByLabel("Supporting document").setInputFiles(pdf("profile.pdf"));
  }

  test("Request for Training: participants at least 1, JSON body, the modal closes with its message", async ({ page }) => {
    const { dialog, form } = await openCard(page, "request_for_training");
    const button = form.getByRole("button", { name: "Send request" });
    await expect(button).toBeDisabled();
    await fillTraining(form);
    await expect(button).toBeEnabled();
    await form.getByLabel("Number of participants").fill("0");
    await form.getByLabel("Number of participants").blur();
    await expectInvalid(form.getByLabel("Number of participants"));
    await expect(button).toBeDisabled();
    await form.getByLabel("Number of participants").fill("3");

    const post = nextPost(page, "request_for_training");
    await button.click();
    expect((await post).postDataJSON()).toEqual({
      fullName: "Alan Turing",
      companyName: "Bletchley Works",
      jobRole: "Maintenance Lead",
      email: "alan@example.org",
      phoneNumber: "+44 20 1234 5678",
      regionName: "Europe",
      countryName: "United Kingdom",
      interestedIn: "Controlled bolting",
      participants: 3,
      trainingFormat: "On Site",
      mailType: "request_for_training",
      attribution: attributionOf("/trainings"),
    });
    expect((await (await post).response())!.status()).toBe(201);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Training request submitted!" })).toBeVisible();
    await expect(form.getByLabel("Full name")).toHaveValue("");
    await expect(form.locator('input[type="radio"][value="On Site"]')).not.toBeChecked();
  });

  test("SME registration: linkedIn must be an address when given; multipart with the résumé; the modal closes", async ({ page }) => {
    const { dialog, form } = await openCard(page, "sme_form");
    const button = form.getByRole("button", { name: "Register" });
    await fillSme(form);
    await expect(button).toBeEnabled();
    const linkedIn = form.getByLabel("LinkedIn profile");
    await linkedIn.fill("linkedin.com/in/margaret");
    await linkedIn.blur();
    await expectInvalid(linkedIn);
    await expect(button).toBeDisabled();
    await linkedIn.fill("https://www.linkedin.com/in/margaret");
    await expect(button).toBeEnabled();

    const post = nextPost(page, "sme_form");
    await button.click();
    const request = await post;
    expect(await sentMultipart(page, "sme_form")).toEqual({
      fullName: "Margaret Hamilton",
      email: "margaret@example.org",
      phoneNumber: "(02) 123-45678",
      linkedIn: "https://www.linkedin.com/in/margaret",
      experience: "0",
      regionName: "North America",
      countryName: "United States",
      expertise: "Hydrotesting",
      availability: "Weekends",
      resume: { filename: "resume.docx", size: docx().buffer.length },
      comments: "Hands-on courses.",
      mailType: "sme_form",
      attribution: JSON.stringify(attributionOf("/trainings")),
    });
    expect((await request.response())!.status()).toBe(201);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "SME registration submitted!" })).toBeVisible();
  });

  test("Knowledge Transfer Partner: at least one interest, sent as a JSON list with support_doc; the modal closes", async ({ page }) => {
    const { dialog, form } = await openCard(page, "transfer_partner");
    const button = form.getByRole("button", { name: "Send application" });
    await fillPartnership(form);
    await expect(button).toBeEnabled();
    for (const name of ["Knowledge sharing initiatives", "Technology Integration"]) await form.getByRole("checkbox", { name }).uncheck();
    await expect(form.getByRole("checkbox", { name: "Collaborative training programs" })).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator("fieldset").filter({ hasText: "Areas of interest" })).toHaveCSS("border-top-color", RED);
    await expect(button).toBeDisabled();
    for (const name of ["Knowledge sharing initiatives", "Technology Integration"]) await form.getByRole("checkbox", { name }).check();

    const post = nextPost(page, "transfer_partner");
    await button.click();
    const request = await post;
    expect(await sentMultipart(page, "transfer_partner")).toEqual({
      companyName: "Institute of Technology",
      fullName: "Katherine Johnson",
      jobRole: "Dean",
      email: "dean@example.org",
      phoneNumber: "+971 2 123 4567",
      regionName: "Asia",
      countryName: "United Arab Emirates",
      interestedIn: JSON.stringify(["Knowledge sharing initiatives", "Technology Integration"]),
      message: "Joint courses for students.",
      support_doc: { filename: "profile.pdf", size: pdf().buffer.length },
      mailType: "transfer_partner_form",
      attribution: JSON.stringify(attributionOf("/trainings")),
    });
    expect((await request.response())!.status()).toBe(201);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Partnership form submitted!" })).toBeVisible();
  });

  // One test a form: the three in one test's 30 s ran past it on a busy machine.
  const failures = [
    { slot: "request_for_training", call: "request_for_training", fill: fillTraining, send: "Send request" },
    { slot: "sme_form", call: "sme_form", fill: fillSme, send: "Register" },
    { slot: "transfer_partner", call: "transfer_partner", fill: fillPartnership, send: "Send application" },
  ].map((item) => ({ ...item, ...cardFor(item.slot) }));
  for (const item of failures) {
    test(`a failure of ${item.title} says Submission failed, logs the error and keeps the form filled`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      const { dialog, form } = await openCard(page, item.slot);
      await failWith(page, item.call);
      await item.fill(form);
      const before = errors.length;
      await form.getByRole("button", { name: item.send }).click();
      await expect(form.getByRole("alert")).toHaveText("Submission failed");
      await expect(dialog).toBeVisible();
      await expect(form.getByLabel("E-mail")).not.toHaveValue("");
      await expect(form.getByLabel("Region")).not.toHaveValue("");
      await expect.poll(() => errors.length).toBeGreaterThan(before);
    });
  }
});

test.describe("product order upload (Order Form tab)", () => {
  async function openOrderForm(page: Page): Promise<Locator> {
    await recordMultipart(page);
    await page.goto("/top-loading-arms");
    await waitForHydration(page.getByTestId("product-tabs"));
    await page.getByRole("tab", { name: "Order Form", exact: true }).click();
    const form = await formIn(page.getByRole("tabpanel", { name: "Order Form", exact: true }), "product_order_form");
    await expect(form).toBeVisible();
    return form;
  }

  test("no file: Please select a file to upload, nothing sent", async ({ page }) => {
    const form = await openOrderForm(page);
    const posts = apiPosts(page);
    const button = form.getByRole("button", { name: "Submit" });
    await expect(button).toBeEnabled();
    await button.click();
    await expect(form.getByRole("alert")).toHaveText("Please select a file to upload");
    expect(posts).toHaveLength(0);
  });

  test("shows the chosen file, reads Uploading… while pending, sends the product name, then resets", async ({ page }) => {
    const form = await openOrderForm(page);
    const input = form.getByLabel("Answered questionnaire");
    await expect(input).toHaveAttribute("accept", ".pdf,.doc,.docx");
    await input.setInputFiles(pdf("answers.pdf"));
    await expect(form.getByText("Selected file: answers.pdf")).toBeVisible();

    const held = await holdRequests(page, "product_order_form");
    const post = nextPost(page, "product_order_form");
    await form.getByRole("button", { name: "Submit" }).click();
    const request = await post;
    await expect(form.getByRole("button", { name: "Uploading…" })).toBeDisabled();
    held.release();
    expect(await sentMultipart(page, "product_order_form")).toEqual({
      mailType: "product_order_form",
      productName: "TOP LOADING ARMS",
      file: { filename: "answers.pdf", size: pdf().buffer.length },
      attribution: JSON.stringify(attributionOf("/top-loading-arms")),
    });
    expect((await request.response())!.status()).toBe(201);
    await expect(form.getByRole("status")).toHaveText("File uploaded successfully!");
    await expect(form.getByRole("button", { name: "Submit" })).toBeEnabled();
    await expect(input).toHaveValue("");
    await expect(form.getByText("Selected file:")).toHaveCount(0);
  });

  test("a failure says the upload failed and keeps the file", async ({ page }) => {
    const form = await openOrderForm(page);
    await failWith(page, "product_order_form", 500, { message: SERVER_MESSAGE });
    await form.getByLabel("Answered questionnaire").setInputFiles(pdf("answers.pdf"));
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(form.getByRole("alert")).toHaveText("There was an error uploading your file. Please try again.");
    await expect(form.getByRole("button", { name: "Submit" })).toBeEnabled();
    await expect(form.getByText("Selected file: answers.pdf")).toBeVisible();
  });
});

test.describe("accessibility", () => {
  async function checkAxe(page: Page, selector: string) {
    expect(await axeViolations(page, { include: selector, tags: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }), selector).toEqual([]);
  }

  test("contact and footer forms have no axe violations, with invalid fields and a message shown", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/contact");
    const contact = await formIn(page, "contact_us");
    await failWith(page, "contact_us");
    await contact.getByRole("button", { name: "Send message" }).click();
    await checkAxe(page, 'form[data-form="contact_us"]');
    for (const [label, value] of [
      ["First name", "Ada"],
      ["Last name", "L"],
      ["E-mail", "a@b.co"],
      ["Phone number", "0501234567"],
      ["Company", "C"],
    ]) {
      await contact.getByLabel(label).fill(value);
    }
    await contact.getByRole("button", { name: "Send message" }).click();
    await expect(contact.getByRole("alert")).toHaveText(SERVER_MESSAGE);
    await checkAxe(page, 'form[data-form="contact_us"]');
    await checkAxe(page, "footer");
  });

  for (const [button, slot] of [
    ["Apply Now", "request_for_training"],
    ["Register Now", "sme_form"],
    ["Partner with Us", "transfer_partner"],
  ]) {
    test(`the ${slot} modal form has no axe violations with an invalid field`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto("/trainings");
      const form = await formIn(page, slot);
      await page.getByRole("button", { name: button, exact: true }).click();
      await form.getByLabel("E-mail").fill("x");
      await form.getByLabel("E-mail").blur();
      await expectInvalid(form.getByLabel("E-mail"));
      await checkAxe(page, `form[data-form="${slot}"]`);
    });
  }
});

test.describe("form code stays on the pages that have a form", () => {
  test("a page with only the footer sign-up loads no other form's code, and the API client only once the visitor reaches the form", async ({ page }) => {
    const scripts = new Map<string, string>();
    page.on("response", async (response) => {
      if (response.url().endsWith(".js")) scripts.set(response.url(), await response.text().catch(() => ""));
    });
    await page.goto("/about-us");
    const form = await formIn(page.getByRole("contentinfo"), "news-letter");
    await page.waitForLoadState("networkidle");
    const loaded = () => [...scripts.values()].join("\n");
    for (const marker of ["contact_us", "demo_form", "request_for_training", "sme_form", "transfer_partner", "product_order_form", "Collaborative training programs"]) {
      expect([marker, loaded().includes(marker)]).toEqual([marker, false]);
    }
    expect(loaded()).not.toContain("bodySerializer"); // openapi-fetch and src/contract/client.ts
    await form.getByLabel("E-mail address").focus();
    await expect.poll(() => loaded().includes("bodySerializer")).toBe(true);
  });

  test("every form is in the static HTML with visible labels", async ({ request }) => {
    const pages: [string, string[]][] = [
      ["/contact", ["contact_us", "news-letter"]],
      ["/manufacturing", ["demo_form"]],
      ["/careers", ["careers", "news-letter"]],
      ["/trainings", ["request_for_training", "sme_form", "transfer_partner"]],
      ["/top-loading-arms", ["product_order_form"]],
    ];
    for (const [path, slots] of pages) {
      const html = await (await request.get(path)).text();
      for (const slot of slots) expect([path, html.includes(`data-form="${slot}"`)]).toEqual([path, true]);
      expect(html).toContain("<label");
    }
    expect(await (await request.get("/about-us")).text()).not.toContain('data-form="contact_us"');
  });
});
