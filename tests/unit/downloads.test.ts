import {
  certificateDisplayName,
  companyPrefix,
  displayName,
  downloadFile,
  loadDownloadList,
  parseDownloadList,
  policyDisplayName,
  sampleDocumentUrl,
  type DownloadRecord,
} from "../../src/utils/downloads";

const PREFIX = companyPrefix("IEG");

const files: DownloadRecord[] = [
  { id: "quality-policy", name: "IEG_Quality_Policy.pdf", url: "/assets/documents/IEG_Quality_Policy.pdf", category: "policy", productId: null },
  {
    id: "qms",
    name: "IEG_Quality Management System_Certificate.pdf",
    url: sampleDocumentUrl("IEG_Quality Management System_Certificate.pdf"),
    category: "certificate",
    productId: null,
  },
];

/** A stand-in for the DOM document: records the link that is made, clicked and removed. */
function fakeDocument() {
  const events: string[] = [];
  const link = {
    href: "",
    download: "",
    target: "",
    rel: "",
    style: { display: "" },
    click: () => events.push(`click ${link.href} ${link.download} ${link.target}`),
    remove: () => events.push("remove"),
  };
  const doc = {
    createElement: (tag: string) => {
      events.push(`create ${tag}`);
      return link;
    },
    body: { appendChild: () => events.push("append") },
  };
  return { doc: doc as unknown as Document, link, events };
}

describe("display names", () => {
  it.each([
    ["IEG_Quality_Policy.pdf", "Quality Policy"],
    ["IEG_Health_Safety_and_Environment_Policy.pdf", "Health Safety and Environment Policy"],
    ["IEG_Code_of_Conduct_Policy.pdf", "Code of Conduct Policy"],
    ["Other_Policy.pdf", "Other Policy"],
  ])("policy %s -> %s", (file, name) => {
    expect(policyDisplayName(file, PREFIX)).toBe(name);
  });

  it.each([
    ["IEG_Quality Management System_Certificate.pdf", "Quality Management System"],
    ["IEG_ISO_Certificate.pdf", "ISO"],
  ])("certificate %s -> %s", (file, name) => {
    expect(certificateDisplayName(file, PREFIX)).toBe(name);
  });

  it("picks the rule by the record's category", () => {
    expect(files.map((f) => displayName(f, PREFIX))).toEqual(["Quality Policy", "Quality Management System"]);
  });

  it("encodes spaces in a file's url", () => {
    expect(files[1].url).toBe("/assets/documents/IEG_Quality%20Management%20System_Certificate.pdf");
  });
});

describe("downloadFile", () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it("clicks a temporary link to the file, named for download and opening in a new tab, then removes it", () => {
    const { doc, events } = fakeDocument();
    expect(downloadFile("quality-policy", files, doc)).toBe(true);
    expect(events).toEqual([
      "create a",
      "append",
      "click /assets/documents/IEG_Quality_Policy.pdf IEG_Quality_Policy.pdf _blank",
      "remove",
    ]);
    expect(errors).not.toHaveBeenCalled();
  });

  it("logs an unknown id as not found and returns false", () => {
    const { doc, events } = fakeDocument();
    expect(downloadFile("nope", files, doc)).toBe(false);
    expect(errors).toHaveBeenCalledWith("File not found:", "nope");
    expect(events).toEqual([]);
  });
});

describe("the download list", () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  const answer = (status: number, body: unknown) =>
    (async () => ({ ok: status >= 200 && status < 300, status, json: async () => body })) as unknown as typeof fetch;

  it("returns the records of the list", async () => {
    await expect(loadDownloadList(answer(200, files))).resolves.toEqual(files);
  });

  it("treats a failed load as an empty list, and logs it", async () => {
    await expect(loadDownloadList(answer(500, { error: "boom" }))).resolves.toEqual([]);
    const failing = (async () => {
      throw new TypeError("network down");
    }) as unknown as typeof fetch;
    await expect(loadDownloadList(failing)).resolves.toEqual([]);
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it("keeps only well-formed records", () => {
    expect(parseDownloadList({ not: "a list" })).toEqual([]);
    expect(parseDownloadList([files[0], { id: 1 }, null])).toEqual([files[0]]);
  });
});
