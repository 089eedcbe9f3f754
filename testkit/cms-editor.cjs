/**
 * The content editor (/admin, Decap CMS) driven as an editor uses it, for
 * tests: started on a checkout of the site with its local backend, then a
 * job opening renamed and a news item with a picture added through the
 * editor's own forms in a Playwright page.
 *
 *   const { adminUrl, stop } = await startCms(root);
 *   const changed = await editInCms(page, adminUrl, { roleTitle, newsItem: { title, text, picture } });
 *
 * startCms(root) runs `npm run cms`'s script (scripts/cms/serve.mjs, without
 * the site preview) on `root` as a child process: decap-server in its
 * file-system mode on root (saving writes root's data files; nothing is
 * committed) and the editor, written for it into a temporary folder, on free
 * ports. stop() ends both.
 *
 * editInCms returns the files it expects changed, relative to root:
 * data/careers.json, data/about.json and data/media/pictures/<picture's name>.
 *
 * saveUnchanged(page, adminUrl, collection, slug) opens an entry and saves it
 * without a change (tests/content/cms-round-trip.test.ts).
 */
const { spawn } = require("child_process");
const path = require("path");

const ROOT = path.resolve(__dirname, "..");
/** How long one step of the editor (loading an entry, saving it) may take on a loaded machine. */
const STEP_MS = 60_000;

/** Starts the editor on `root`; resolves once it is served. */
function startCms(root) {
  const child = spawn(process.execPath, ["--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", path.join(ROOT, "scripts/cms/serve.mjs"), "--root", path.resolve(root), "--no-preview", "--port", "0"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const found = /Content editor: (http:\/\/\S+)/.exec(output);
      if (found) {
        child.stdout.off("data", onData);
        child.stdout.resume();
        resolve({ adminUrl: found[1], stop });
      }
    };
    child.stdout.setEncoding("utf8").on("data", onData);
    child.stderr.setEncoding("utf8").on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => reject(new Error(`The content editor stopped (exit ${code}) before it was served:\n${output}`)));
  });
}

/** Logs in (the local backend's button) and waits for the collections. */
async function openEditor(page, adminUrl) {
  await page.goto(adminUrl);
  const login = page.getByRole("button", { name: "Login" });
  const collections = page.getByRole("link", { name: /Pages and settings/ }).first();
  await login.or(collections).first().waitFor({ timeout: STEP_MS });
  if (await login.isVisible()) await login.click();
  await collections.waitFor({ timeout: STEP_MS });
}

/**
 * Opens an entry and waits until its fields are there. The page is loaded
 * anew: going from one entry to another by changing the address's hash can
 * leave the previous entry's values in the new one's form.
 */
async function openEntry(page, adminUrl, hash, readyLabel) {
  await page.goto("about:blank");
  await page.goto(`${adminUrl}#${hash}`);
  await page.locator(`label[for^="${readyLabel}-field-"]`).first().waitFor({ timeout: STEP_MS });
}

/** Saves the open entry (Publish, Publish now: with the local backend, the data file is written) and waits until it is saved. */
async function publish(page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByText("Publish now", { exact: true }).click();
  // Decap's notice once the backend has written the file; a refusal (a field the schema refuses) shows instead and fails here.
  await page.getByText("Entry saved", { exact: true }).first().waitFor({ timeout: STEP_MS });
}

/**
 * Opens an entry and saves it so that its data file ends as it was: Decap
 * offers Publish only for an entry that differs from what it last saved, so
 * one of its text fields gets an "x" at its end (saved), then, the entry
 * opened again, loses it (saved). The second save writes the whole entry, every field of it, from
 * what the editor loaded, through Decap's own serialisation: the file must be
 * byte for byte what it was. `collection` is "pages" (then `slug` is the data
 * file's name) or a folder collection (products, categories, forms).
 */
async function saveUnchanged(page, adminUrl, collection, slug) {
  const field = async () => {
    await page.goto("about:blank");
    await page.goto(`${adminUrl}#/collections/${collection}/entries/${slug}`);
    // Decap's own text fields shown open (not a select's search box, not the inputs of a table cell).
    const inputs = page.locator('input[type="text"][id*="-field-"]:not([role="combobox"]), textarea[id*="-field-"]').filter({ visible: true });
    await inputs.first().waitFor({ timeout: STEP_MS });
    // In an English folder collection the first is the entry's address (its file name): left alone. The Arabic
    // collections (pages-ar, products-ar...) have no address field: their first is a text.
    const input = collection === "pages" || collection.endsWith("-ar") ? inputs.first() : inputs.nth(1);
    await input.click();
    await input.press("Control+End");
    return input;
  };
  await (await field()).pressSequentially("x");
  await publish(page);
  // Opened again (Decap compares with what it loaded), the "x" taken away, saved.
  const input = await field();
  const value = await input.inputValue();
  if (!value.endsWith("x")) throw new Error(`${collection}/${slug}: the field saved with an "x" reads "${value}"`);
  await input.press("Backspace");
  await publish(page);
}

/** The control (div#<name>-field-N) of a field inside `scope`. */
const control = (scope, name) => scope.locator(`div[id^="${name}-field-"]`).first();

/** Makes a list's items visible (a collapsed list, or its first collapsed item). */
async function expandList(list) {
  const toggle = list.getByRole("button", { name: "Expand" }).first();
  if (await toggle.isVisible()) await toggle.click();
}

/**
 * In the editor at `adminUrl`: renames the first job opening (data/careers.json)
 * to `roleTitle`, and adds a news item to the About page (data/about.json)
 * with `newsItem.title`, `newsItem.text` as its summary, today's date and the
 * picture uploaded from the file `newsItem.picture`; saves both. Returns the
 * files expected changed, relative to the edited folder.
 */
async function editInCms(page, adminUrl, { roleTitle, newsItem }) {
  await openEditor(page, adminUrl);

  // The first job opening's title.
  await openEntry(page, adminUrl, "/collections/pages/entries/careers", "roles");
  const roles = control(page, "roles");
  await expandList(roles);
  const title = roles.locator('input[id^="title-field-"]').first();
  if (!(await title.isVisible())) await roles.locator("button").nth(2).click();
  await title.fill(roleTitle);
  await publish(page);

  // A news item with a picture.
  await openEntry(page, adminUrl, "/collections/pages/entries/about", "news");
  const news = page.locator('[aria-label="object field"]').filter({ has: page.locator('label[for^="news-field-"]') }).last();
  const items = control(news, "items");
  await expandList(items);
  await items.getByRole("button", { name: /^Add item/ }).click();
  const item = items.locator('[aria-label="string field"]').filter({ has: page.locator('label[for^="title-field-"]') }).last().locator("xpath=..");
  await item.locator('input[id^="title-field-"]').fill(newsItem.title);
  await item.getByRole("button", { name: "Set date to now" }).click();
  await item.locator('textarea[id^="summary-field-"]').fill(newsItem.text);
  await item.getByRole("button", { name: /Choose an image/ }).click();
  const library = page.getByRole("dialog").or(page.locator('[class*="MediaLibrary"], [class*="media-library"]')).first();
  await page.locator('input[type="file"]').last().setInputFiles(newsItem.picture);
  const name = path.basename(newsItem.picture);
  await page.getByText(name, { exact: true }).first().waitFor({ timeout: STEP_MS });
  await page.getByRole("button", { name: /Choose selected/ }).click();
  await library.waitFor({ state: "hidden", timeout: STEP_MS }).catch(() => undefined);
  await publish(page);

  return ["data/careers.json", "data/about.json", `data/media/pictures/${name}`];
}

module.exports = { startCms, editInCms, saveUnchanged };
